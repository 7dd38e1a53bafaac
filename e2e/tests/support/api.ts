// Reads the catalogue straight from the API, so the browser tests derive what the screens
// should show instead of hard-coding names from the demo data.
import { expect, type APIRequestContext } from '@playwright/test';

import type { ComicSort as NameSort } from '@comics/shared/constants';
import type { ComicDetail as Comic, ComicSummary, RatedIssue as Issue } from '@comics/shared/schemas/catalog';

// The API's shapes are the shared schemas' types.
export type { Comic, ComicSummary, Issue, NameSort };

export const COMICS_PER_PAGE = 12;
/** The landing page's promo comics (docs/product.md §9). */
export const PROMO_IDS = [773, 1174, 796] as const;

async function get(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return response;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  return (await (await get(request, url)).json()) as T;
}

export type ComicsQuery = { page?: number; publisher?: string; sort?: NameSort; name?: string };

/** One page of cards as the home shows it (12 per page), with the total. */
export async function fetchComicsPage(
  request: APIRequestContext,
  query: ComicsQuery = {},
): Promise<{ items: ComicSummary[]; total: number }> {
  const params = new URLSearchParams({ page: String(query.page ?? 1), limit: String(COMICS_PER_PAGE) });
  if (query.publisher) params.set('publisher', query.publisher);
  if (query.sort) params.set('sort', query.sort);
  if (query.name) params.set('name', query.name);
  const response = await get(request, `/api/comics${query.name ? '/search' : ''}?${params}`);
  return { items: (await response.json()) as ComicSummary[], total: Number(response.headers()['x-total-count']) };
}

export async function fetchComicNames(request: APIRequestContext, query: ComicsQuery = {}): Promise<string[]> {
  return (await fetchComicsPage(request, query)).items.map((comic) => comic.name);
}

export function fetchComic(request: APIRequestContext, id: number): Promise<Comic> {
  return getJson<Comic>(request, `/api/comics/${id}`);
}

export function fetchIssues(request: APIRequestContext, volumeId: number): Promise<Issue[]> {
  return getJson<Issue[]>(request, `/api/comics/issues/rating/${volumeId}`);
}

export function fetchPublishers(request: APIRequestContext): Promise<string[]> {
  return getJson<string[]>(request, '/api/publishers');
}

/** A publisher with more than one page of comics, preferring one whose name has accents. */
export async function findPagedPublisher(request: APIRequestContext): Promise<{ name: string; total: number }> {
  const candidates: { name: string; total: number }[] = [];
  for (const name of await fetchPublishers(request)) {
    const { total } = await fetchComicsPage(request, { publisher: name });
    if (total > COMICS_PER_PAGE) candidates.push({ name, total });
  }
  expect(candidates, 'a publisher with more than one page of comics').not.toHaveLength(0);
  return candidates.find((p) => /[^\x20-\x7e]/.test(p.name)) ?? candidates[0]!;
}

/**
 * Of the comics on the first catalogue page, the one whose issues have the most distinct
 * prices (ties: the most issues), so the price sorts really reorder the list.
 */
export async function findComicForSorting(
  request: APIRequestContext,
): Promise<{ comic: ComicSummary; issues: Issue[] }> {
  let best: { comic: ComicSummary; issues: Issue[]; prices: number } | null = null;
  for (const comic of (await fetchComicsPage(request)).items) {
    const issues = await fetchIssues(request, comic.id);
    const prices = new Set(issues.map((issue) => issue.price)).size;
    if (!best || prices > best.prices || (prices === best.prices && issues.length > best.issues.length)) {
      best = { comic, issues, prices };
    }
  }
  expect(best, 'a comic on the first page').not.toBeNull();
  expect(best!.prices, 'a comic whose issues have at least 3 prices').toBeGreaterThanOrEqual(3);
  expect(best!.issues.length).toBeGreaterThanOrEqual(6);
  return best!;
}

/** The visible text of stored HTML, the way a reader sees it (tags dropped, spaces collapsed). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
