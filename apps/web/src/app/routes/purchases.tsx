// /user/purchases: 'My comics', the issues bought (docs/product.md §2 Purchases), with what this
// device keeps of them for offline reading (issue 28): a mark and 'Download for offline' on each,
// a series' 'Download series' and 'Next 3 unread', the space they take, and `?on=device`.
import { useMemo } from 'react';

import { PurchasesView, type LibraryExtras } from '@/features/cart/components/purchases-view';
import { DeviceShelfSummary, KeepSeriesOffline } from '@/features/reader/components/device-shelf';
import { KeepOfflineButton } from '@/features/reader/components/keep-offline-button';
import { useDeviceCopies } from '@/features/reader/hooks/use-offline-downloads';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';
import { useReadingStops } from '../use-reading-progress';

export function PurchasesRoute() {
  useDocumentTitle('My comics');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <Purchases userId={userId} />}</CustomerOnly>
    </div>
  );
}

/** The purchases with where the user stopped in each ('Continue', 'Reading (page N of M)', 'Finished'). */
function Purchases({ userId }: { userId: number }) {
  const { stopOf, known } = useReadingStops(userId);
  const copies = useDeviceCopies(userId);
  const extras = useMemo<LibraryExtras>(
    () => ({
      onDevice: copies && new Set(copies.keys()),
      summary: <DeviceShelfSummary copies={copies} />,
      issueActions: (issue) => <KeepOfflineButton userId={userId} issue={issue} copies={copies} compact />,
      seriesActions: (issues) => <KeepSeriesOffline userId={userId} issues={issues} copies={copies} />,
    }),
    [copies, userId],
  );
  return <PurchasesView userId={userId} extras={extras} readingProgress={stopOf} progressKnown={known} />;
}
