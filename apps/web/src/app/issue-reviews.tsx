// The issue modal's reviews, from the reviews feature, for the pages that show the modal (the
// comic detail, the favourites): the catalogue may not import the reviews, so the pages join
// them here. The reviews load with the first modal opened, not with the page; meanwhile the
// modal shows the issue's average. A saved review reloads the comic's issues, whose avgRating
// the detail page's cards and sorts use.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';

import { RatingSummary } from '@/components/rating-summary';
import { useSession, useSessionUserId } from '@/features/auth/hooks/use-session';
import { getIssuesQueryOptions } from '@/features/catalog/api/get-issues';
import type { IssueReviewsSlot } from '@/features/catalog/types';

const IssueReviews = lazy(() =>
  import('@/features/reviews/components/issue-reviews').then((m) => ({ default: m.IssueReviews })),
);

export function useIssueReviewsSlot(): IssueReviewsSlot {
  const { role, name } = useSession();
  const userId = useSessionUserId();
  const queryClient = useQueryClient();
  const accountId = role && userId !== null ? userId : null;

  return useCallback(
    (issue, comicName) => (
      <Suspense fallback={<RatingSummary average={issue.avgRating} />}>
        <IssueReviews
          issue={issue}
          comicName={comicName}
          account={accountId === null ? null : { id: accountId, name }}
          onPosted={() =>
            void queryClient.invalidateQueries({ queryKey: getIssuesQueryOptions(issue.volume_id).queryKey })
          }
        />
      </Suspense>
    ),
    [accountId, name, queryClient],
  );
}
