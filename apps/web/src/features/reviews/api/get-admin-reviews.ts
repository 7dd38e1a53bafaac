// GET /api/admin/reviews?page=: one page of every review, newest first, with the reviewer's
// e-mail and the issue it is about (ADMIN only); `total` counts all pages.
import type { AdminReviewsAnswer } from '@comics/shared/schemas/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { reviewsQueryKey } from './get-issue-reviews';

export type { AdminReview, AdminReviewsAnswer } from '@comics/shared/schemas/reviews';

export function getAdminReviews(page: number, signal?: AbortSignal): Promise<AdminReviewsAnswer> {
  return apiGet<AdminReviewsAnswer>('/admin/reviews', { params: { page }, signal });
}

export function getAdminReviewsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'admin', page],
    queryFn: ({ signal }) => getAdminReviews(page, signal),
  });
}

export function useAdminReviews(page: number) {
  // The page being left stays on screen while the next one loads.
  return useQuery({ ...getAdminReviewsQueryOptions(page), placeholderData: keepPreviousData });
}
