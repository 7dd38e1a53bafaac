// GET /api/admin/reviews?page=&limit=: one page of every review, newest first, with the reviewer's
// e-mail and the issue it is about (ADMIN only); the X-Total-Count header counts all pages.
import { REVIEWS_PER_PAGE, type AdminReview } from '@comics/shared/schemas/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetPage } from '@/lib/api-client';

import { reviewsQueryKey } from './get-issue-reviews';

export type { AdminReview };

export type AdminReviewsPage = { reviews: AdminReview[]; page: number; limit: number; total: number };

export async function getAdminReviews(page: number, signal?: AbortSignal): Promise<AdminReviewsPage> {
  const limit = REVIEWS_PER_PAGE;
  const { items, total } = await apiGetPage<AdminReview>('/admin/reviews', { params: { page, limit }, signal });
  return { reviews: items, page, limit, total };
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
