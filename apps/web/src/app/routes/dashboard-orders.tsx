// /dashboard/orders (docs/product.md §2 Admin screens: Orders): every order, filtered by status,
// with its detail and a way to send its confirmation e-mail again.
import { AdminOrders } from '@/features/admin/components/admin-orders';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardOrdersRoute() {
  useDocumentTitle('Orders');
  return <AdminOrders />;
}
