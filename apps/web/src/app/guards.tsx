// The route groups' gates (docs/product.md §2, §4): protected groups send guests to /login; public routes
// send a signed-in USER to /user and an ADMIN to /dashboard/admin; the dashboard and the admin
// catalogue also send a USER to /user (the spec's dashboard gate checked only the login; the
// server refuses a USER every admin call anyway, so the screens would be empty). The role is the
// one stored on the client; the server enforces access to data. Signing in on /login after a
// gate sent a guest there returns to the page they asked for, when it is their role's; a USER
// whom a guest's purchase (or 'Follow series') sent there returns to where that guest was
// (lib/pending-purchase).
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths, userAreaOf } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { pendingReturnTo } from '@/lib/pending-purchase';

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

/** Where each role's screens live: a sign-in sent from one of them returns there. */
const AREA_OF_ROLE = { USER: /^\/user(\/|$)/, ADMIN: /^\/(dashboard|admin)(\/|$)/ } as const;

/**
 * The page a gate sent to /login from, or (for a USER) where a guest's purchase began, when it is
 * one of the signed-in role's own screens; null otherwise (the role's start page then).
 */
function returnAddress(state: unknown, role: keyof typeof AREA_OF_ROLE): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const fromGate =
    typeof from?.pathname === 'string' ? from.pathname + (typeof from.search === 'string' ? from.search : '') : null;
  const address = fromGate ?? (role === 'USER' ? pendingReturn() : null);
  return address !== null && AREA_OF_ROLE[role].test(address.split('?')[0]!) ? address : null;
}

/** Where a guest was when their purchase (or follow) sent them to log in, as the USER's own address. */
function pendingReturn(): string | null {
  const returnTo = pendingReturnTo();
  return returnTo ? userAreaOf(returnTo) : null;
}

export function PublicOnly() {
  const { role } = useSession();
  const location = useLocation();
  if (!role) return <Outlet />;
  const start = role === 'USER' ? paths.user.root.getHref() : paths.dashboard.admin.getHref();
  return <Navigate to={returnAddress(location.state, role) ?? start} replace />;
}
