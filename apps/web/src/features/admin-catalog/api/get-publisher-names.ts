// GET /api/publishers: the catalogue's publisher names, offered as suggestions in the admin's
// Publisher fields so a comic joins an existing publisher instead of a near-duplicate. Kept
// under this feature's own key: the catalogue's copy belongs to the catalogue.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export const publisherNamesQueryKey = ['admin-catalog', 'publishers'] as const;

export function getPublisherNames(signal?: AbortSignal): Promise<string[]> {
  return apiGet<string[]>('/publishers', { signal });
}

export function getPublisherNamesQueryOptions() {
  return queryOptions({
    queryKey: publisherNamesQueryKey,
    queryFn: ({ signal }) => getPublisherNames(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePublisherNames() {
  return useQuery(getPublisherNamesQueryOptions());
}
