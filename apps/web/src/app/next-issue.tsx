// 'Next issue' after the last page of an issue read in full: the next one of its series by number.
// Its owner (or an administrator) reads it; a customer who does not own it buys it in one click
// (into the cart, on to payment), seeing its price; a guest logs in first and comes back with it
// in the cart (lib/pending-purchase). Nothing after a series' latest issue.
import { formatDollars } from '@comics/shared/money';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';

import { LoginToBuyLink } from '@/components/login-to-buy-link';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useIssues } from '@/features/catalog/api/get-issues';
import type { IssueShop } from '@/features/catalog/types';
import { errorMessage } from '@/lib/api-client';

import { useIssueShop } from './use-issue-shop';

export function NextIssue({ issue }: { issue: Issue }) {
  const { role } = useSession();
  const issues = useIssues(issue.volume_id);
  const shop = useIssueShop();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const next = (issues.data ?? [])
    .filter((candidate) => candidate.issue_number > issue.issue_number)
    .sort((a, b) => a.issue_number - b.issue_number)[0];
  if (!next) return null;
  const label = `#${next.issue_number}${next.name ? `: ${next.name}` : ''}`;

  if (role === 'ADMIN' || shop?.isOwned(next.id)) {
    return (
      <Link to={paths.user.read.getHref(next.id)} className="btn btn-primary btn-lg">
        Next issue, {label}
      </Link>
    );
  }
  const buyLabel = `Buy the next issue, ${label} · ${formatDollars(next.price)}`;
  if (!shop) {
    return (
      <LoginToBuyLink issueIds={[next.id]} thenCart what="the next issue" className="btn btn-primary btn-lg">
        {buyLabel}
      </LoginToBuyLink>
    );
  }

  async function buy(customerShop: IssueShop, issueId: number) {
    setBusy(true);
    setError(null);
    try {
      if (!customerShop.isInCart(issueId)) await customerShop.setInCart(issueId, true);
      void navigate(paths.user.checkout.getHref());
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  }

  return (
    <div className="d-flex flex-column align-items-center gap-2">
      <Button variant="primary" size="lg" disabled={!shop.ready || busy} onClick={() => void buy(shop, next.id)}>
        {buyLabel}
      </Button>
      {error && (
        <p className="small text-danger-emphasis mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
