// Finishes a guest's 'Follow series' once they have signed in (lib/pending-purchase): the series
// is followed (again: no change) and a toast says so; they are back on its page already (the
// login's return). Loaded only when a follow waits.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useSessionUserId } from '@/features/auth/hooks/use-session';
import { useFollowSeries } from '@/features/follows/api/follow-series';
import { errorMessage } from '@/lib/api-client';
import { forgetPurchase, type PendingFollow } from '@/lib/pending-purchase';

/** How long the toast stays. */
const TOAST_MS = 6000;

type Outcome = { tone: 'success' | 'danger'; text: string };

export function CompletePendingFollow({ follow, onDone }: { follow: PendingFollow; onDone: () => void }) {
  const userId = useSessionUserId();
  // Only ever called with a signed-in USER: 0 never reaches the server.
  const { mutateAsync: followSeries } = useFollowSeries(userId ?? 0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (userId === null || started.current) return;
    started.current = true;
    // Done once, whatever happens: a failure is said, never retried on the next page.
    forgetPurchase();
    followSeries({ volumeId: follow.volumeId })
      .then(() => setOutcome({ tone: 'success', text: `You now follow ${follow.name}.` }))
      .catch((cause: unknown) => setOutcome({ tone: 'danger', text: errorMessage(cause) }));
  }, [userId, follow, followSeries]);

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onDone]);

  if (!outcome) return null;
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3">
      <div
        className={`toast show text-bg-${outcome.tone} border-0`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        <div className="d-flex align-items-center">
          <div className="toast-body fw-semibold">
            {outcome.text}{' '}
            {outcome.tone === 'success' && (
              <Link to={paths.user.root.getHref()} className="link-light">
                Its new issues show on your shelf
              </Link>
            )}
          </div>
          <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label="Close" onClick={onDone} />
        </div>
      </div>
    </div>
  );
}
