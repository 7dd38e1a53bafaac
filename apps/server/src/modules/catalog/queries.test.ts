// Canonical catalogue queries: what means the same is keyed the same, what differs is not.
import { comicListQuery, comicSearchQuery } from '@comics/shared/schemas/catalog';
import { describe, expect, it } from 'vitest';
import { cacheKey, comicListing, comicSearch } from './queries';

/** As the route sees it: the query string parsed by the route's schema. */
const listKey = (query: string) =>
  cacheKey('comics', comicListing(comicListQuery.parse(Object.fromEntries(new URLSearchParams(query)))));
const searchKey = (query: string) =>
  cacheKey('search', comicSearch(comicSearchQuery.parse(Object.fromEntries(new URLSearchParams(query)))));

describe('catalogue listing keys', () => {
  it.each([
    ['page=1&limit=12', 'limit=12&page=1'],
    ['page=1', 'limit=12'],
    ['page=1&limit=12&sort=name_asc', 'page=1'],
    ['', 'sort=name_asc'],
    ['publisher=Marvel&page=2', 'page=2&limit=12&publisher=%20Marvel%20'],
  ])('%s and %s are one entry', (a, b) => {
    expect(listKey(a)).toBe(listKey(b));
  });

  it.each([
    ['', 'page=1'], // the whole catalogue is not its first page
    ['page=1', 'page=2'],
    ['page=1', 'page=1&limit=13'],
    ['page=1', 'page=1&sort=name_desc'],
    ['publisher=Marvel', 'publisher=marvel'], // a publisher is named exactly
  ])('%s and %s are different entries', (a, b) => {
    expect(listKey(a)).not.toBe(listKey(b));
  });

  it('spells out defaults in a fixed order', () => {
    expect(comicListing(comicListQuery.parse({ limit: '5', page: '3' }))).toEqual({
      page: { offset: 10, limit: 5 },
      publisher: undefined,
      sort: 'name_asc',
    });
  });
});

describe('search keys', () => {
  it.each([
    ['name=Batman', 'name=%20batman%20'],
    ['name=BATMAN', 'name=batman&page=1&limit=12'],
    ['name=dark%20%20knight', 'name=Dark%09Knight'],
    ['name=spider%20man&sort=name_desc&page=2', 'page=2&sort=name_desc&name=Spider+Man'],
  ])('%s and %s are one entry', (a, b) => {
    expect(searchKey(a)).toBe(searchKey(b));
  });

  it.each([
    ['name=batman', 'name=batmen'],
    ['name=batman', 'name=batman&sort=name_asc'], // best match first is its own order
    ['name=batman', 'name=batman&page=2'],
    ['name=batman', 'name=batman&publisher=DC'],
    ['name=dark%20knight', 'name=darkknight'],
  ])('%s and %s are different entries', (a, b) => {
    expect(searchKey(a)).not.toBe(searchKey(b));
  });

  it('searches with the folded text', () => {
    expect(comicSearch(comicSearchQuery.parse({ name: '  The\t DARK\n  Knight ' })).text).toBe('the dark knight');
  });
});
