// The route groups' gates (docs/product.md §2, §4): protected groups send guests to /login; public routes
// send a signed-in USER to /user and an ADMIN to /dashboard/admin; the dashboard and the admin
// catalogue also send a USER to /user (the spec's dashboard gate checked only the login; the
// server refuses a USER every admin call anyway, so the screens would be empty). The role is the
// one stored on the client; the server enforces access to data.
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

export function RequireLogin() {
  const { role } = useSession();
  const location = useLocation();
  if (!role) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { role } = useSession();
  const location = useLocation();
  if (!role) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  if (role !== 'ADMIN') return <Navigate to={paths.user.root.getHref()} replace />;
  return <Outlet />;
}

export function PublicOnly() {
  const { role } = useSession();
  if (role === 'USER') return <Navigate to={paths.user.root.getHref()} replace />;
  if (role === 'ADMIN') return <Navigate to={paths.dashboard.admin.getHref()} replace />;
  return <Outlet />;
}
