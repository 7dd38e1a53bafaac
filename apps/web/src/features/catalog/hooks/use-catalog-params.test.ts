import { describe, expect, it } from 'vitest';

import { catalogSearch, parseCatalogQuery } from './use-catalog-params';

const parse = (search: string) => parseCatalogQuery(new URLSearchParams(search));

describe('catalogue URL state', () => {
  it('defaults to page 1 of the whole catalogue', () => {
    expect(parse('')).toEqual({ page: 1, publisher: null, sort: null, q: null });
  });

  it('reads page, publisher, sort and search text', () => {
    expect(parse('?page=3&publisher=Aurora%20Comics&sort=name_desc&q=%20bat%20')).toEqual({
      page: 3,
      publisher: 'Aurora Comics',
      sort: 'name_desc',
      q: 'bat',
    });
  });

  it('reads and writes the newest and top rated orders like the name orders', () => {
    for (const sort of ['newest', 'top_rated'] as const) {
      expect(parse(`?sort=${sort}`).sort).toBe(sort);
      const query = { page: 3, publisher: null, sort, q: null };
      expect(parse(catalogSearch(query))).toEqual(query);
    }
    expect(parse('?sort=Newest').sort).toBeNull();
  });

  it('ignores invalid values', () => {
    expect(parse('?page=0&sort=price&q=%20%20')).toEqual({ page: 1, publisher: null, sort: null, q: null });
    expect(parse('?page=-2').page).toBe(1);
    expect(parse('?page=abc').page).toBe(1);
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(catalogSearch({ page: 1, publisher: null, sort: null, q: null })).toBe('');
    const query = { page: 2, publisher: 'Kestrel & Finch', sort: 'name_asc' as const, q: 'x-men' };
    expect(parse(catalogSearch(query))).toEqual(query);
  });
});
