// POST /api/fav { issuesId, userId }: marks an issue as a favourite; the answer is the new list.
import type { FavouritesAnswer } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { setFavouritesData } from './get-favourites';

export function addFavourite(userId: number, issueId: number): Promise<FavouritesAnswer> {
  return apiPost<FavouritesAnswer>('/fav', { issuesId: issueId, userId });
}

export function useAddFavourite(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueId: number) => addFavourite(userId, issueId),
    onSuccess: (answer) => setFavouritesData(queryClient, userId, answer),
  });
}
