// The outermost route: skip link, scroll restoration between pages, the page below, and the
// finishing of a purchase a guest began before logging in (loaded only when one waits).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { useSession } from '@/features/auth/hooks/use-session';
import { forgetPurchase, pendingPurchase, type PendingPurchase } from '@/lib/pending-purchase';

const CompletePendingPurchase = lazy(() =>
  import('./complete-pending-purchase').then((m) => ({ default: m.CompletePendingPurchase })),
);

export function RootShell() {
  const { role } = useSession();
  const purchaseOf = (signedInAs: typeof role) => (signedInAs === 'USER' ? pendingPurchase() : null);
  const [purchase, setPurchase] = useState<PendingPurchase | null>(() => purchaseOf(role));
  // A USER just signed in (here, or back from Google): look for what they began as a guest.
  const [roleSeen, setRoleSeen] = useState(role);
  if (role !== roleSeen) {
    setRoleSeen(role);
    setPurchase(purchaseOf(role));
  }
  // Administrators do not buy: what a guest began is dropped when one signs in.
  useEffect(() => {
    if (role === 'ADMIN') forgetPurchase();
  }, [role]);
  const done = useCallback(() => setPurchase(null), []);

  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
      {purchase && (
        <Suspense fallback={null}>
          <CompletePendingPurchase purchase={purchase} onDone={done} />
        </Suspense>
      )}
    </>
  );
}
