// GET /api/user/follows: the series the signed-in user follows, most recently followed first
// (the 'Follow series' toggle on a comic's page, 'Series you follow').
import type { FollowedSeries } from '@comics/shared/schemas/follows';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { followsQueryKey } from './query-keys';

export type { FollowedSeries };

export function getFollows(signal?: AbortSignal): Promise<FollowedSeries[]> {
  return apiGet<FollowedSeries[]>('/user/follows', { signal });
}

export function getFollowsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...followsQueryKey(userId), 'list'],
    queryFn: ({ signal }) => getFollows(signal),
  });
}

export function useFollows(userId: number | null) {
  return useQuery({ ...getFollowsQueryOptions(userId ?? 0), enabled: userId !== null });
}
