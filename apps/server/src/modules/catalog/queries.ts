// Catalogue queries in one canonical form: defaults applied, paging resolved, search text
// folded. The routes key the answer cache by it and the service reads it, so requests that
// mean the same thing (`?page=1&limit=12` and `?limit=12&page=1`, ` Batman ` and `batman`)
// share one cache entry and one database read, and can never get different answers.
import { COMICS_PER_PAGE } from '@comics/shared/constants';
import type { ComicListQuery, ComicSearchQuery } from '@comics/shared/schemas/catalog';
import type { Page } from '../../db/page';
import type { VolumeFilter } from './repository';

export interface ComicListing extends VolumeFilter {
  /** null: the whole catalogue, as the spec's client expects when it sends neither page nor limit. */
  page: Page | null;
}

export interface ComicSearch extends VolumeFilter {
  /** Trimmed, runs of whitespace made one space, lower case: the search ignores case anyway. */
  text: string;
  page: Page;
}

function pageOf(query: { page?: number | undefined; limit?: number | undefined }): Page {
  const limit = query.limit ?? COMICS_PER_PAGE;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

// Each builder writes its fields in one fixed order, so the JSON of equal queries is equal.

export function comicListing(query: ComicListQuery): ComicListing {
  const paged = query.page !== undefined || query.limit !== undefined;
  return { page: paged ? pageOf(query) : null, publisher: query.publisher, sort: query.sort ?? 'name_asc' };
}

/** Without sort, best match first (so no default is filled in: it is a different order). */
export function comicSearch(query: ComicSearchQuery): ComicSearch {
  const text = query.name.trim().replace(/\s+/g, ' ').toLowerCase();
  return { text, page: pageOf(query), publisher: query.publisher, sort: query.sort };
}

/** The answer cache's key for a canonical query: its kind and its JSON (absent fields left out). */
export const cacheKey = (kind: string, query: ComicListing | ComicSearch) => `${kind}:${JSON.stringify(query)}`;
