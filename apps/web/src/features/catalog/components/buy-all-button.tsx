// 'BUY ALL COMICS!' (docs/product.md §2 comic detail, USER only): every issue of the comic that is
// neither owned nor in the cart goes into the cart in one request; then a short line says how
// many were added (the navbar badge follows the cart).
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { BsCartCheck } from 'react-icons/bs';
import { Link } from 'react-router';

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
