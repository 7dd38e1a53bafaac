// 'Download for offline' for one owned issue outside My comics (the issue modal), with what this
// device keeps; loaded only when an owned issue is shown.
import type { PurchaseItem } from '@comics/shared/schemas/shop';

import { KeepOfflineButton } from '@/features/reader/components/keep-offline-button';
import { useDeviceCopies } from '@/features/reader/hooks/use-offline-downloads';

export function KeepOfflineForIssue({ userId, issue }: { userId: number; issue: PurchaseItem }) {
  return <KeepOfflineButton userId={userId} issue={issue} copies={useDeviceCopies(userId)} compact />;
}
