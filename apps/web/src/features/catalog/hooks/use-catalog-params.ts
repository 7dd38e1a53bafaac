// The home catalogue's state lives in the URL (?page=2&publisher=…&sort=…&q=…), so a reload,
// back/forward or a shared link shows the same view. Defaults are left out of the URL.
import { INITIAL_PAGE, COMIC_SORTS } from '@comics/shared/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { CatalogQuery, CatalogSort } from '../types';

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort');
  const publisher = params.get('publisher')?.trim();
  const q = params.get('q')?.trim();
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : INITIAL_PAGE,
    publisher: publisher ? publisher : null,
    sort: COMIC_SORTS.find((s) => s === sort) ?? null,
    q: q ? q : null,
  };
}

/** The search string (without '?') of a catalogue view; empty for the default view. */
export function catalogSearch(query: Partial<CatalogQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.publisher) params.set('publisher', query.publisher);
  if (query.sort) params.set('sort', query.sort);
  if (query.page && query.page !== INITIAL_PAGE) params.set('page', String(query.page));
  return params.toString();
}

export function useCatalogParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseCatalogQuery(searchParams), [searchParams]);

  const update = useCallback(
    (next: Partial<CatalogQuery>, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => new URLSearchParams(catalogSearch({ ...parseCatalogQuery(current), ...next })), {
        preventScrollReset: true,
        replace: options.replace ?? false,
      });
    },
    [setSearchParams],
  );

  return {
    query,
    setPage: useCallback((page: number, options?: { replace?: boolean }) => update({ page }, options), [update]),
    setPublisher: useCallback((publisher: string | null) => update({ publisher, page: INITIAL_PAGE }), [update]),
    setSort: useCallback((sort: CatalogSort | null) => update({ sort, page: INITIAL_PAGE }), [update]),
    resetFilters: useCallback(
      () => setSearchParams(new URLSearchParams(), { preventScrollReset: true }),
      [setSearchParams],
    ),
  };
}
