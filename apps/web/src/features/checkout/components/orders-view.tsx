// /user/orders: the customer's paid orders, newest first: when, what ('Series #N' and title, at
// the price charged), the total and the card (brand and last 4 digits), and each order's receipt.
// Nothing bought yet: a way to the catalogue.
import { formatDollars } from '@comics/shared/money';
import { Link } from 'react-router';

import { BsCollection } from '@/components/shop-icons';
import { ErrorState } from '@/components/error-state';
import { IssueTitle } from '@/components/issue-title';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

import { useOrders, type CustomerOrder } from '../api/get-orders';

/** 'VISA •••• 4242', or nothing when the gateway never described the card. */
export function cardLine(card: CustomerOrder['card']): string | null {
  return card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : null;
}

export function OrdersView() {
  const orders = useOrders();
  return (
    <>
      <h1 className="section-title mb-4">Orders</h1>
      {orders.isPending ? (
        <PageSpinner label="Loading your orders" />
      ) : orders.isError ? (
        <ErrorState title="Your orders could not be loaded" error={orders.error} onRetry={() => orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <div className="empty-state text-center py-5">
          <BsCollection aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h4 fw-bold mb-2">No orders yet</p>
          <p className="text-body-secondary mb-4">Every comic you pay for is listed here, with its receipt.</p>
          <Link to={paths.user.home.getHref()} className="btn btn-primary btn-lg px-4">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
          {orders.data.map((order) => (
            <li key={order.orderId} className="order-card card border-0">
              <section className="card-body" aria-labelledby={`order-${order.orderId}`}>
                <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
                  <h2 id={`order-${order.orderId}`} className="h5 fw-bold mb-0">
                    Order #{order.orderId}
                  </h2>
                  <time className="text-body-secondary small" dateTime={order.paidAt}>
                    {formatDateTime(order.paidAt)}
                  </time>
                </div>
                {order.takenBack && (
                  <p className="small text-danger-emphasis mb-2">
                    Taken back by the shop: these comics are no longer yours.
                  </p>
                )}
                <ul className="list-unstyled mb-3">
                  {order.lines.map((line) => (
                    <li key={line.id} className="d-flex justify-content-between gap-3 py-1">
                      <IssueTitle issue={line} />
                      <span className="text-nowrap">{formatDollars(line.price)}</span>
                    </li>
                  ))}
                </ul>
                <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                  <p className="mb-0">
                    <span className="fw-bold">Total {formatDollars(order.total)}</span>
                    {cardLine(order.card) && (
                      <span className="text-body-secondary small ms-2">paid with {cardLine(order.card)}</span>
                    )}
                  </p>
                  <Link
                    to={paths.user.receipt.getHref(order.orderId)}
                    className="btn btn-outline-primary btn-sm"
                    aria-label={`Receipt of order #${order.orderId}`}
                  >
                    Receipt
                  </Link>
                </div>
              </section>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
