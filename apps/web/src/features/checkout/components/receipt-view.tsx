// /user/orders/{orderId}: one paid order as a receipt to print or keep (the confirmation e-mail
// links here): the shop, the order number and date, each issue at the price charged, the total
// and the card. 'Print' opens the browser's print dialog; the print styles leave only the receipt.
import { formatDollars } from '@comics/shared/money';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { IssueTitle } from '@/components/issue-title';
import { PageSpinner } from '@/components/list-states';
import { NotFoundView } from '@/components/not-found-view';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

import { useOrders } from '../api/get-orders';
import { cardLine } from './orders-view';

export function ReceiptView({ orderId }: { orderId: number }) {
  const orders = useOrders();
  if (orders.isPending) return <PageSpinner label="Loading your receipt" />;
  if (orders.isError) {
    return (
      <ErrorState title="Your receipt could not be loaded" error={orders.error} onRetry={() => orders.refetch()} />
    );
  }
  const order = orders.data.find((candidate) => candidate.orderId === orderId);
  if (!order) {
    return (
      <NotFoundView
        title="Receipt not found"
        message="None of your paid orders has this number."
        homeHref={paths.user.orders.getHref()}
      />
    );
  }
  const card = cardLine(order.card);
  return (
    <article className="receipt card border-0 mx-auto" aria-labelledby="receipt-title">
      <div className="card-body p-4 p-md-5">
        <p className="text-uppercase small fw-semibold text-primary mb-1">Comics Shop · Receipt</p>
        <h1 id="receipt-title" className="h3 fw-bold mb-1">
          Order #{order.orderId}
        </h1>
        <p className="text-body-secondary mb-4">
          Paid on <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
          {card ? ` with ${card}` : ''}
        </p>
        <table className="table align-middle mb-4">
          <caption className="visually-hidden">The issues of order #{order.orderId}</caption>
          <thead>
            <tr>
              <th scope="col">Comic</th>
              <th scope="col" className="text-end">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <IssueTitle issue={line} />
                </td>
                <td className="text-end text-nowrap">{formatDollars(line.price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="text-end fw-bold text-nowrap">{formatDollars(order.total)}</td>
            </tr>
          </tfoot>
        </table>
        {order.takenBack && <p className="text-danger-emphasis">These comics were taken back by the shop.</p>}
        <div className="d-flex flex-wrap gap-2 d-print-none">
          <Button variant="primary" onClick={() => window.print()}>
            Print
          </Button>
          <Link to={paths.user.orders.getHref()} className="btn btn-outline-secondary">
            All orders
          </Link>
        </div>
      </div>
    </article>
  );
}
