// GET /api/user/follows/new: 'New for you', newest first: issues of followed series added since
// the user followed them that they do not own ('new'), and owned ones not opened yet ('unread').
import type { NewForYouItem } from '@comics/shared/schemas/follows';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { followsQueryKey } from './query-keys';

export type { NewForYouItem };

export function getNewForYou(signal?: AbortSignal): Promise<NewForYouItem[]> {
  return apiGet<NewForYouItem[]>('/user/follows/new', { signal });
}

export function getNewForYouQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...followsQueryKey(userId), 'new'],
    queryFn: ({ signal }) => getNewForYou(signal),
  });
}

export function useNewForYou(userId: number | null) {
  return useQuery({ ...getNewForYouQueryOptions(userId ?? 0), enabled: userId !== null });
}
