// GET /api/comics (browse) or GET /api/comics/search (when there is search text): one page of
// comic cards plus the total, paged, filtered and sorted on the server.
import { COMICS_PER_PAGE } from '@comics/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetPage } from '@/lib/api-client';

import type { CatalogQuery, ComicSummary } from '../types';
import { catalogQueryKey } from './query-keys';

export type ComicsPage = { items: ComicSummary[]; total: number };

export function getComics(query: CatalogQuery, signal?: AbortSignal): Promise<ComicsPage> {
  const params = {
    page: query.page,
    limit: COMICS_PER_PAGE,
    publisher: query.publisher,
    sort: query.sort,
  };
  if (query.q) return apiGetPage<ComicSummary>('/comics/search', { params: { ...params, name: query.q }, signal });
  return apiGetPage<ComicSummary>('/comics', { params, signal });
}

export function getComicsQueryOptions(query: CatalogQuery) {
  return queryOptions({
    queryKey: [...catalogQueryKey, 'list', query],
    queryFn: ({ signal }) => getComics(query, signal),
  });
}

export function useComics(query: CatalogQuery) {
  // The previous page stays on screen (dimmed) while the next one loads.
  return useQuery({ ...getComicsQueryOptions(query), placeholderData: keepPreviousData });
}
