// /dashboard/admin (docs/product.md §2 Admin screens: Dashboard): the shop's figures from real data
// (the spec's four cards, no longer hard-coded), revenue and orders per day, the recent orders
// and the audit log.
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardHomeRoute() {
  useDocumentTitle('Dashboard');
  return <AdminDashboard />;
}
