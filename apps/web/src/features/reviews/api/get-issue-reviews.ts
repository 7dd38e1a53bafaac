// POST /api/ratings/byIssue { volumeId, IssueId, page }: one page of an issue's reviews, newest
// first, with the average, the count and how many gave each number of stars over all of them.
// A read, though sent as a POST (docs/product.md §7): cached like any other query.
import type { IssueReviews } from '@comics/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

export type { IssueReviews };
export type { Review, RatingHistogram } from '@comics/shared/schemas/reviews';

/** Every cached review list (an issue's, the moderators'): what a saved or deleted review makes stale. */
export const reviewsQueryKey = ['reviews'] as const;

export function getIssueReviews(
  volumeId: number,
  issueId: number,
  page = 1,
  signal?: AbortSignal,
): Promise<IssueReviews> {
  return apiPost<IssueReviews>('/ratings/byIssue', { volumeId, IssueId: issueId, page }, { signal });
}

export function getIssueReviewsQueryOptions(volumeId: number, issueId: number, page = 1) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'issue', volumeId, issueId, page],
    queryFn: ({ signal }) => getIssueReviews(volumeId, issueId, page, signal),
  });
}

export function useIssueReviews(volumeId: number, issueId: number, page = 1) {
  return useQuery(getIssueReviewsQueryOptions(volumeId, issueId, page));
}
