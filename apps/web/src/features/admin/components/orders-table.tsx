// A table of orders (date, buyer e-mail, issues, total, status; the card too where there is
// room), shared by the dashboard's 'Recent Orders' and the orders page; each order opens its
// detail (a link or a button, as the screen wants). On a phone the table scrolls inside its
// frame instead of the page, and the first column carries what must stay in view: the way to
// the detail and the status.
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
      <table className="table table-hover align-middle admin-table mb-0" aria-busy={busy}>
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
            <th scope="col" className="d-none d-md-table-cell">
              Status
            </th>
            {showCard && <th scope="col">Card</th>}
            <th scope="col" className="d-none d-md-table-cell">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="text-nowrap">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                <span className="d-block small text-body-secondary d-md-none">
                  <OpenOrderControl order={order} open={open} compact />{' '}
                  <OrderStatusBadge status={order.status} takenBack={order.takenBackAt !== null} />
                </span>
                <span className="small text-body-secondary d-none d-md-block">Order #{order.id}</span>
              </td>
              <td className="text-break admin-table-email">{order.buyer.email}</td>
              <td className="text-end text-nowrap">{plural(order.issues, 'issue', 'issues')}</td>
              <td className="text-end text-nowrap fw-semibold">{formatMoney(order.total)}</td>
              <td className="d-none d-md-table-cell">
                <OrderStatusBadge status={order.status} takenBack={order.takenBackAt !== null} />
              </td>
              {showCard && <td className="text-nowrap">{order.card ? <CardSummary card={order.card} /> : '—'}</td>}
              <td className="text-end text-nowrap d-none d-md-table-cell">
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
