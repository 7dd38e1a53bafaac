// /dashboard/users (docs/product.md §2 Admin screens: Users): every account with its role and
// whether it is active, changed at once. The signed-in admin's own row is read-only.
import { useSessionUserId } from '@/features/auth/hooks/use-session';
import { AdminUsers } from '@/features/admin/components/admin-users';
import { useDocumentTitle } from '@/lib/use-document-title';

export function DashboardUsersRoute() {
  useDocumentTitle('Users');
  const currentUserId = useSessionUserId();
  return <AdminUsers currentUserId={currentUserId} />;
}
