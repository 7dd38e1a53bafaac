// 'New for you' on /user with its issue window: the follows feature lists the issues, the
// catalogue's window shows one with the USER's shop buttons (a new issue is bought from there, an
// owned one read) and its reviews. A new issue may be missing from a comic's issues read before
// it came out: that list is dropped as the window opens, which then loads it afresh.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useSession } from '@/features/auth/hooks/use-session';
import { getIssuesQueryOptions } from '@/features/catalog/api/get-issues';
import { VolumeIssueModal, type IssueRef } from '@/features/catalog/components/volume-issue-modal';
import { NewForYouShelf } from '@/features/follows/components/new-for-you-shelf';

import { useIssueReviewsSlot } from './issue-reviews';
import { useIssueShop } from './use-issue-shop';

export function NewForYouPanel({ userId }: { userId: number }) {
  const { role } = useSession();
  const shop = useIssueShop();
  const reviews = useIssueReviewsSlot();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<IssueRef | null>(null);

  return (
    <>
      <NewForYouShelf
        userId={userId}
        onOpen={({ issue }) => {
          const issues = getIssuesQueryOptions(issue.volume_id);
          const known = queryClient.getQueryData(issues.queryKey);
          if (known && !known.some((candidate) => candidate.id === issue.id)) {
            queryClient.removeQueries({ queryKey: issues.queryKey, exact: true });
          }
          setOpen({ volumeId: issue.volume_id, issueId: issue.id });
        }}
      />
      <VolumeIssueModal target={open} role={role} shop={shop} reviews={reviews} onClose={() => setOpen(null)} />
    </>
  );
}
