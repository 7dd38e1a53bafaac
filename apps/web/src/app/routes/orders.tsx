// /user/orders: the customer's paid orders, and /user/orders/{orderId}: one as a printable receipt.
import { useParams } from 'react-router';

import { OrdersView } from '@/features/checkout/components/orders-view';
import { ReceiptView } from '@/features/checkout/components/receipt-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';

export function OrdersRoute() {
  useDocumentTitle('Orders');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{() => <OrdersView />}</CustomerOnly>
    </div>
  );
}

export function ReceiptRoute() {
  const orderId = Number(useParams().orderId);
  useDocumentTitle(`Receipt of order #${orderId}`);
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{() => <ReceiptView orderId={orderId} />}</CustomerOnly>
    </div>
  );
}
