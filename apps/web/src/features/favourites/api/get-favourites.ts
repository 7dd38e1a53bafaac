// GET /api/fav/{userId}: the USER's favourite issues. The answer keeps the original's shape
// (docs/product.md §3: an array whose first element holds an `issues` list); the cache holds the list.
import type { FavouriteIssue, FavouritesAnswer } from '@comics/shared/schemas/shop';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export type { FavouriteIssue };

export const favouritesQueryKey = (userId: number) => ['favourites', userId] as const;

export function favouriteIssuesOf(answer: FavouritesAnswer): FavouriteIssue[] {
  return answer[0]?.issues ?? [];
}

export async function getFavourites(userId: number, signal?: AbortSignal): Promise<FavouriteIssue[]> {
  return favouriteIssuesOf(await apiGet<FavouritesAnswer>(`/fav/${userId}`, { signal }));
}

export function getFavouritesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: favouritesQueryKey(userId),
    queryFn: ({ signal }) => getFavourites(userId, signal),
  });
}

export function useFavourites(userId: number | null) {
  return useQuery({ ...getFavouritesQueryOptions(userId ?? 0), enabled: userId !== null });
}

/** Adding or removing answers the whole list, which replaces the cached one. */
export function setFavouritesData(queryClient: QueryClient, userId: number, answer: FavouritesAnswer): void {
  queryClient.setQueryData(favouritesQueryKey(userId), favouriteIssuesOf(answer));
}
