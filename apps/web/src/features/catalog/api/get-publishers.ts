// GET /api/publishers: the publisher names for the home filter.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { publishersQueryKey } from './query-keys';

export function getPublishers(signal?: AbortSignal): Promise<string[]> {
  return apiGet<string[]>('/publishers', { signal });
}

export function getPublishersQueryOptions() {
  return queryOptions({
    queryKey: publishersQueryKey,
    queryFn: ({ signal }) => getPublishers(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePublishers() {
  return useQuery(getPublishersQueryOptions());
}
