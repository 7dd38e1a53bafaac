// The payment screen's cart summary: each issue with its price, and the total.
import { formatDollars, sumDollars } from '@comics/shared/money';
import type { CartItem } from '@comics/shared/schemas/shop';

import { IssueTitle } from '@/components/issue-title';

export function OrderSummary({ items }: { items: readonly CartItem[] }) {
  const total = sumDollars(items.map((item) => item.price));
  return (
    <section className="cart-summary card border-0" aria-labelledby="order-summary-title">
      <div className="card-body p-4">
        <h2 id="order-summary-title" className="h5 fw-bold mb-3">
          Order summary
        </h2>
        {items.length > 0 ? (
          // A long cart scrolls inside the card, so the total stays in view; the list can be
          // focused to scroll it from the keyboard.
          <ul className="list-unstyled mb-3 order-summary-items" tabIndex={0} aria-label="Issues in your cart">
            {items.map((item) => (
              <li key={item.id} className="d-flex justify-content-between gap-3 py-2 border-bottom">
                <IssueTitle issue={item} />
                <span className="fw-semibold text-nowrap">{formatDollars(item.price)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">No issues in your cart.</p>
        )}
        <dl className="d-flex justify-content-between align-items-baseline mb-0">
          <dt className="fw-semibold">Total</dt>
          <dd className="mb-0 display-price fs-4" aria-live="polite">
            {formatDollars(total)}
          </dd>
        </dl>
      </div>
    </section>
  );
}
