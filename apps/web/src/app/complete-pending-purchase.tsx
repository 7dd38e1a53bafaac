// Finishes what a guest asked to buy before logging in (lib/pending-purchase): once the new USER's
// cart and purchases are known, the issues they do not own yet go into the cart in one request,
// a toast says so, and 'Buy now' goes on to the cart. Loaded only when a purchase waits.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { forgetPurchase, type PendingPurchase } from '@/lib/pending-purchase';

import { useIssueShop } from './use-issue-shop';

/** How long the toast stays. */
const TOAST_MS = 6000;

type Outcome = { tone: 'success' | 'secondary' | 'danger'; text: string };

export function CompletePendingPurchase({ purchase, onDone }: { purchase: PendingPurchase; onDone: () => void }) {
  const shop = useIssueShop();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!shop?.ready || started.current) return;
    started.current = true;
    // Done once, whatever happens: a failure is said, never retried on the next page.
    forgetPurchase();
    const wanted = purchase.issueIds.filter((id) => !shop.isOwned(id) && !shop.isInCart(id));
    const put = async () => {
      if (wanted.length === 1) await shop.setInCart(wanted[0]!, true);
      else if (wanted.length > 1) await shop.addAllToCart(wanted);
    };
    put()
      .then(() => {
        const owned = purchase.issueIds.every((id) => shop.isOwned(id));
        setOutcome(
          owned
            ? { tone: 'secondary', text: `You already own ${purchase.what}: it is in My comics.` }
            : { tone: 'success', text: `Added ${purchase.what} to your cart.` },
        );
        if (purchase.thenCart && !owned) void navigate(paths.user.shop.getHref());
      })
      .catch((cause: unknown) => setOutcome({ tone: 'danger', text: errorMessage(cause) }));
  }, [shop, purchase, navigate]);

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onDone]);

  if (!outcome) return null;
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3">
      <div
        className={`toast show text-bg-${outcome.tone} border-0`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        <div className="d-flex align-items-center">
          <div className="toast-body fw-semibold">
            {outcome.text}{' '}
            {outcome.tone === 'success' && (
              <Link to={paths.user.shop.getHref()} className="link-light">
                See your cart
              </Link>
            )}
          </div>
          <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label="Close" onClick={onDone} />
        </div>
      </div>
    </div>
  );
}
