// DELETE /api/admin/reviews { id_review }: a moderator removes a review; the answer is the review
// deleted. The review lists reload before the mutation settles (docs/product.md §4: a deletion
// reloads the list).
import type { AdminReview, DeleteReviewBody } from '@comics/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { reviewsQueryKey } from './get-issue-reviews';

export function deleteReview(reviewId: number): Promise<AdminReview> {
  const body: DeleteReviewBody = { id_review: reviewId };
  return apiDelete<AdminReview>('/admin/reviews', body);
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
