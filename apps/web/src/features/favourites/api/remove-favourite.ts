// DELETE /api/fav { issuesId, userId }: takes an issue out of the favourites; the answer is the
// list left.
import type { FavouritesAnswer } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { setFavouritesData } from './get-favourites';

export function removeFavourite(userId: number, issueId: number): Promise<FavouritesAnswer> {
  return apiDelete<FavouritesAnswer>('/fav', { issuesId: issueId, userId });
}

export function useRemoveFavourite(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueId: number) => removeFavourite(userId, issueId),
    onSuccess: (answer) => setFavouritesData(queryClient, userId, answer),
  });
}
