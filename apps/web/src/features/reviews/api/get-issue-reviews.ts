// GET /api/issues/{id}/reviews?page=: one page of an issue's reviews, newest first, with the
// average, the count and how many gave each number of stars over all of them. (The spec's
// POST /api/ratings/byIssue answers the bare list, for its own client.)
import type { IssueReviews } from '@comics/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export type { IssueReviews };
export type { Review, RatingHistogram } from '@comics/shared/schemas/reviews';

/** Every cached review list (an issue's, the moderators'): what a saved or deleted review makes stale. */
export const reviewsQueryKey = ['reviews'] as const;

export function getIssueReviews(issueId: number, page = 1, signal?: AbortSignal): Promise<IssueReviews> {
  return apiGet<IssueReviews>(`/issues/${issueId}/reviews`, { params: { page }, signal });
}

export function getIssueReviewsQueryOptions(issueId: number, page = 1) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'issue', issueId, page],
    queryFn: ({ signal }) => getIssueReviews(issueId, page, signal),
  });
}

export function useIssueReviews(issueId: number, page = 1) {
  return useQuery(getIssueReviewsQueryOptions(issueId, page));
}
