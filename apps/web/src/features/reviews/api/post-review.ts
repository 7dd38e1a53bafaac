// POST /api/ratings { rating, description, ComicId, UserId, IssueId }: saves the signed-in user's
// review of an issue (saving again updates it) and answers it. The review lists are reloaded
// before the mutation settles, so whoever waits on it sees the new average.
import type { Review, ReviewBody } from '@comics/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { reviewsQueryKey } from './get-issue-reviews';

export type PostReviewInput = {
  rating: number;
  description: string;
  volumeId: number;
  issueId: number;
  userId: number;
};

export function postReview({ rating, description, volumeId, issueId, userId }: PostReviewInput): Promise<Review> {
  const body: ReviewBody = { rating, description, ComicId: volumeId, UserId: userId, IssueId: issueId };
  return apiPost<Review>('/ratings', body);
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
