// 'BUY ALL COMICS!' (docs/product.md §2 comic detail): for a USER, every issue of the comic that
// is neither owned nor in the cart goes into the cart in one request; then a short line says how
// many were added (the navbar badge follows the cart). A guest's goes to log in first and comes
// back with them in the cart (lib/pending-purchase).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { BsCartCheck } from 'react-icons/bs';
import { Link } from 'react-router';

import { LoginToBuyLink } from '@/components/login-to-buy-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import type { IssueShop, RatedIssue } from '../types';

type Outcome = { tone: 'success' | 'secondary' | 'danger'; text: string; toCart?: boolean };

export function BuyAllButton({ issues, shop }: { issues: RatedIssue[] | undefined; shop: IssueShop }) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function buyAll() {
    const wanted = (issues ?? []).filter((issue) => !shop.isOwned(issue.id) && !shop.isInCart(issue.id));
    if (wanted.length === 0) {
      setOutcome({
        tone: 'secondary',
        text: 'Every issue of this comic is already in your cart or in My comics.',
        toCart: true,
      });
      return;
    }
    setPending(true);
    setOutcome(null);
    try {
      const added = await shop.addAllToCart(wanted.map((issue) => issue.id));
      setOutcome({
        tone: 'success',
        text: `${added} ${added === 1 ? 'issue' : 'issues'} added to your cart.`,
        toCart: true,
      });
    } catch (cause) {
      setOutcome({ tone: 'danger', text: errorMessage(cause) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="buy-all d-flex flex-wrap align-items-center gap-3 mt-4">
      <Button
        variant="warning"
        size="lg"
        className="fw-bold"
        disabled={!shop.ready || !issues?.length || pending}
        onClick={() => void buyAll()}
      >
        {pending ? (
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
        ) : (
          <BsCartCheck aria-hidden="true" className="me-2" />
        )}
        BUY ALL COMICS!
      </Button>
      <p className={`mb-0 small fw-semibold text-${outcome?.tone ?? 'body'}-emphasis`} role="status">
        {outcome?.text}
        {outcome?.toCart && (
          <>
            {' '}
            <Link to={paths.user.shop.getHref()}>See your cart</Link>
          </>
        )}
      </p>
    </div>
  );
}

/** A guest's 'BUY ALL COMICS!': every issue of the comic, once they have logged in. */
export function GuestBuyAllLink({ issues }: { issues: RatedIssue[] }) {
  return (
    <div className="buy-all d-flex flex-wrap align-items-center gap-3 mt-4">
      <LoginToBuyLink
        issueIds={issues.map((issue) => issue.id)}
        thenCart={false}
        what={issues.length === 1 ? 'this issue' : `these ${issues.length} issues`}
        className="btn btn-warning btn-lg fw-bold"
      >
        <BsCartCheck aria-hidden="true" className="me-2" />
        BUY ALL COMICS!
      </LoginToBuyLink>
    </div>
  );
}
