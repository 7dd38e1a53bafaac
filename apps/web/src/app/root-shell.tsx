// The outermost route: skip link, scroll restoration between pages, the page below, the finishing
// of a purchase or a 'Follow series' a guest began before logging in (loaded only when one waits),
// for someone signed in, keeping the device's offline issues in step with the shop, and the prompt
// to reload into a new version of the app (loaded only when one waits).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { useAppShellState } from '@/features/app-updates/app-shell-state';
import { useSession, useSessionUserId } from '@/features/auth/hooks/use-session';
import {
  forgetPurchase,
  pendingFollow,
  pendingPurchase,
  type PendingFollow,
  type PendingPurchase,
} from '@/lib/pending-purchase';
import { canKeepOffline } from '@/lib/offline/support';

const CompletePendingPurchase = lazy(() =>
  import('./complete-pending-purchase').then((m) => ({ default: m.CompletePendingPurchase })),
);
const CompletePendingFollow = lazy(() =>
  import('./complete-pending-follow').then((m) => ({ default: m.CompletePendingFollow })),
);
const UpdatePrompt = lazy(() =>
  import('@/features/app-updates/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);
const OfflineSync = lazy(() => import('./offline-sync').then((m) => ({ default: m.OfflineSync })));

type Pending = { purchase: PendingPurchase } | { follow: PendingFollow } | null;

/** What a guest began, for a USER who just signed in. */
function pendingOf(role: string | null): Pending {
  if (role !== 'USER') return null;
  const purchase = pendingPurchase();
  if (purchase) return { purchase };
  const follow = pendingFollow();
  return follow ? { follow } : null;
}

export function RootShell() {
  const { role } = useSession();
  const userId = useSessionUserId();
  const [pending, setPending] = useState<Pending>(() => pendingOf(role));
  // A USER just signed in (here, or back from Google): look for what they began as a guest.
  const [roleSeen, setRoleSeen] = useState(role);
  if (role !== roleSeen) {
    setRoleSeen(role);
    setPending(pendingOf(role));
  }
  // Administrators do not buy or follow: what a guest began is dropped when one signs in.
  useEffect(() => {
    if (role === 'ADMIN') forgetPurchase();
  }, [role]);
  const done = useCallback(() => setPending(null), []);
  const { updateWaiting } = useAppShellState();

  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
      {role === 'USER' && userId !== null && canKeepOffline() && (
        <Suspense fallback={null}>
          <OfflineSync userId={userId} />
        </Suspense>
      )}
      {pending && (
        <Suspense fallback={null}>
          {'purchase' in pending ? (
            <CompletePendingPurchase purchase={pending.purchase} onDone={done} />
          ) : (
            <CompletePendingFollow follow={pending.follow} onDone={done} />
          )}
        </Suspense>
      )}
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
