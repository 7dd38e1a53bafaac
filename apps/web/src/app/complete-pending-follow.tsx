// Finishes a guest's 'Follow series' once they have signed in (lib/pending-purchase): the series
// is followed (again: no change) and a toast says so; they are back on its page already (the
// login's return). Loaded only when a follow waits.
import { useEffect, useRef, useState } from 'react';

import { paths } from '@/config/paths';
import { useSessionUserId } from '@/features/auth/hooks/use-session';
import { useFollowSeries } from '@/features/follows/api/follow-series';
import { errorMessage } from '@/lib/api-client';
import { forgetPurchase, type PendingFollow } from '@/lib/pending-purchase';

import { OutcomeToast, type Outcome } from './outcome-toast';

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

  return (
    <OutcomeToast
      outcome={outcome}
      successLink={{ to: paths.user.root.getHref(), label: 'Its new issues show on your shelf' }}
      onDone={onDone}
    />
  );
}
