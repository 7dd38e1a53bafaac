// GET /api/comics/{id}: one comic (volume) with its sanitised description.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import type { Comic } from '../types';
import { catalogQueryKey } from './query-keys';

export function getComic(id: number, signal?: AbortSignal): Promise<Comic> {
  return apiGet<Comic>(`/comics/${id}`, { signal });
}

export function getComicQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'detail', id],
    queryFn: ({ signal }) => getComic(id, signal),
  });
}

export function useComic(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getComicQueryOptions(id), enabled: options.enabled ?? true });
}
