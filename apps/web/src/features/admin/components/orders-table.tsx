// A table of orders (date, buyer e-mail, issues, total, status; the card too where there is
// room), shared by the dashboard's 'Recent Orders' and the orders page; each order opens its
// detail (a link or a button, as the screen wants). Under Bootstrap's md breakpoint the status
// and the way to the detail move into the first column ('Order #N' as a link); on a phone
// (under sm) each row is a card instead: date and total, the buyer, the issues and the card, the
// status, and a 'Details' button (styles/app.css, .orders-table).
import type { AdminOrder } from '@comics/shared/schemas/admin';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

import { formatDateTime } from '@/lib/format';
import { formatMoney, plural } from './admin-format';
import { OrderStatusBadge } from './order-status-badge';

/** How an order's detail opens: a link to where it shows, or a button that shows it here. */
export type OpenOrder = { href: (order: AdminOrder) => string } | { onOpen: (order: AdminOrder) => void };

type OrdersTableProps = {
  orders: readonly AdminOrder[];
  /** The table's accessible name. */
  caption: string;
  /** Adds the card column (brand, last digits, funding). */
  showCard?: boolean;
  open: OpenOrder;
  busy?: boolean;
};

export function OrdersTable({ orders, caption, showCard = false, open, busy = false }: OrdersTableProps) {
  return (
    <div className="table-responsive admin-table-wrap">
      <table className="table table-hover align-middle admin-table orders-table mb-0" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Buyer</th>
            <th scope="col" className="text-end">
              Issues
            </th>
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col" className="order-cell-status">
              Status
            </th>
            {showCard && <th scope="col">Card</th>}
            <th scope="col" className="order-cell-open">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="text-nowrap order-cell-date">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                <span className="d-block small text-body-secondary">
                  <span className="order-number">Order #{order.id}</span>
                  <span className="order-inline-open">
                    <OpenOrderControl order={order} open={open} compact />
                  </span>
                  <span className="order-inline-status">
                    {' '}
                    <OrderStatusBadge status={order.status} takenBack={order.takenBackAt !== null} />
                  </span>
                </span>
              </td>
              <td className="text-break admin-table-email order-cell-buyer">{order.buyer.email}</td>
              <td className="text-end text-nowrap order-cell-issues">{plural(order.issues, 'issue', 'issues')}</td>
              <td className="text-end text-nowrap fw-semibold order-cell-total">{formatMoney(order.total)}</td>
              <td className="order-cell-status">
                <OrderStatusBadge status={order.status} takenBack={order.takenBackAt !== null} />
              </td>
              {showCard && (
                <td className="text-nowrap order-cell-card">{order.card ? <CardSummary card={order.card} /> : '—'}</td>
              )}
              <td className="text-end text-nowrap order-cell-open">
                <OpenOrderControl order={order} open={open} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Details' (a small outlined button), or, compact, the order's number as a link. */
function OpenOrderControl({ order, open, compact = false }: { order: AdminOrder; open: OpenOrder; compact?: boolean }) {
  const label = `Details of order #${order.id}`;
  const text = compact ? `Order #${order.id}` : 'Details';
  const className = compact ? 'admin-order-link' : 'btn btn-sm btn-outline-secondary';
  if ('href' in open) {
    return (
      <Link to={open.href(order)} className={className} aria-label={label}>
        {text}
      </Link>
    );
  }
  return (
    <Button
      variant={compact ? 'link' : 'outline-secondary'}
      size="sm"
      className={compact ? 'admin-order-link p-0 align-baseline' : undefined}
      aria-label={label}
      onClick={() => open.onOpen(order)}
    >
      {text}
    </Button>
  );
}

/** 'Visa ···· 4242' over 'credit'. */
export function CardSummary({ card }: { card: NonNullable<AdminOrder['card']> }) {
  return (
    <>
      <span className="text-capitalize">{card.brand}</span>{' '}
      <span aria-label={`ending in ${card.last4}`}>···· {card.last4}</span>
      <span className="d-block small text-body-secondary text-capitalize">{card.funding}</span>
    </>
  );
}
