// GET /api/comics/issues/rating/{volumeId}: a comic's issues with their average rating. It
// answers what GET /api/comics/issues/{volumeId} does plus avgRating, so one call serves both
// steps of docs/product.md §7.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { RatedIssue } from '../types';
import { catalogQueryKey } from './query-keys';

export function getIssues(volumeId: number, signal?: AbortSignal): Promise<RatedIssue[]> {
  return apiGet<RatedIssue[]>(`/comics/issues/rating/${volumeId}`, { signal });
}

export function getIssuesQueryOptions(volumeId: number) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'issues', volumeId],
    queryFn: ({ signal }) => getIssues(volumeId, signal),
  });
}

export function useIssues(volumeId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getIssuesQueryOptions(volumeId), enabled: options.enabled ?? true });
}
