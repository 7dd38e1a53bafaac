// Catalogue API against a real database (PGlite, and PostgreSQL when configured).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isWholeCents } from '@comics/shared/money';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { issues, volumes } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';
import { users } from '../../db/schema/users';
import type { ComicDetail, ComicSummary, RatedIssue } from '@comics/shared/schemas/catalog';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

let t: TestApp;
let all: ComicSummary[];

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const json = async <T>(url: string): Promise<T> => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

beforeAll(async () => {
  t = await buildTestApp();
  all = await json<ComicSummary[]>('/api/comics');
});

describe('GET /api/comics', () => {
  it('returns the whole catalogue without paging parameters, A to Z', async () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    const keys = all.map((c) => fold(c.name));
    const sorted = [...keys].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : a === b ? 0 : 1));
    expect(keys).toEqual(sorted);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      deck: expect.toBeOneOf([expect.any(String), null]),
      start_year: expect.toBeOneOf([expect.any(Number), null]),
      image: expect.stringMatching(/^\/media\/covers\/volumes\/\d+\.svg$/),
      publisher: expect.any(String),
      price_min: expect.any(Number),
      price_max: expect.any(Number),
      rating_average: null,
      rating_count: 0,
    });
  });

  it('pages on the server with X-Total-Count', async () => {
    const first = await get('/api/comics?page=1&limit=12');
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.json()).toEqual(all.slice(0, 12));
    expect(await json('/api/comics?page=2&limit=12')).toEqual(all.slice(12, 24));
    const lastPage = Math.ceil(all.length / 12);
    expect(await json(`/api/comics?page=${lastPage}&limit=12`)).toEqual(all.slice((lastPage - 1) * 12));
    const beyond = await get(`/api/comics?page=${lastPage + 5}&limit=12`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(all.length));
  });

  it('defaults to 12 a page when only page is given', async () => {
    expect(await json('/api/comics?page=3')).toEqual(all.slice(24, 36));
  });

  it('filters by publisher and sorts Z to A', async () => {
    const publisher = all[0]!.publisher;
    const expected = all.filter((c) => c.publisher === publisher);
    const res = await get(`/api/comics?page=1&limit=100&publisher=${encodeURIComponent(publisher)}`);
    expect(res.json()).toEqual(expected);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(await json(`/api/comics?publisher=${encodeURIComponent(publisher)}&sort=name_desc&limit=100`)).toEqual(
      [...expected].reverse(),
    );
    expect(await json('/api/comics?sort=name_desc')).toEqual([...all].reverse());
  });

  it('answers an unknown publisher with an empty page', async () => {
    const res = await get('/api/comics?page=1&publisher=Nobody%20Press');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=99999999999999999999', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=', 'limit'],
    ['sort=price', 'sort'],
    ['publisher=', 'publisher'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const res = await get(`/api/comics?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('revalidates with ETag', async () => {
    const first = await get('/api/comics?page=1');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/api/comics?page=1', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/comics/search', () => {
  const search = async (name: string, extra = '') => {
    const res = await get(`/api/comics/search?name=${encodeURIComponent(name)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return { comics: res.json<ComicSummary[]>(), total: Number(res.headers['x-total-count']) };
  };
  const longestWordOf = (c: ComicSummary) =>
    c.name.split(/[^\p{L}]+/u).reduce((a, b) => (b.length > a.length ? b : a), '');
  // A comic with a long plain-ASCII word, so a typo in it stays one typo after folding.
  const target = () => all.find((c) => /^[A-Za-z]{7,}$/.test(longestWordOf(c)))!;

  it('finds a comic by its exact name, first', async () => {
    const comic = target();
    expect((await search(comic.name)).comics[0]).toEqual(comic);
  });

  it('ignores case and accents', async () => {
    const accented = all.find((c) => /[^\p{ASCII}]/u.test(c.name));
    expect(accented, 'the demo catalogue has accented names').toBeDefined();
    expect((await search(fold(accented!.name).toUpperCase())).comics.map((c) => c.id)).toContain(accented!.id);
  });

  it('folds letters the way the stored names are folded, typo included', async () => {
    const [comic] = await t.database.db
      .insert(volumes)
      .values({ name: 'Lena Sørensen Investigates', image: '/x.svg', publisherId: 1 })
      .returning();
    for (const query of ['sørensen', 'SORENSEN', 'søresnen', 'Sorensne']) {
      expect(
        (await search(query)).comics.map((c) => c.id),
        query,
      ).toContain(comic!.id);
    }
  });

  it('matches part of a word', async () => {
    const word = longestWordOf(target());
    const { comics } = await search(word.slice(1, 6).toLowerCase());
    expect(comics.length).toBeGreaterThan(0);
    expect(comics.every((c) => fold(c.name).includes(fold(word.slice(1, 6))) || c.deck !== null)).toBe(true);
  });

  it('tolerates one typo', async () => {
    const comic = target();
    const word = longestWordOf(comic);
    const typo = word.slice(0, 3) + word.slice(4); // one letter dropped
    expect((await search(typo)).comics.map((c) => c.id)).toContain(comic.id);
    const swapped = word.slice(0, 2) + word[3] + word[2] + word.slice(4); // two letters swapped
    expect((await search(swapped)).comics.map((c) => c.id)).toContain(comic.id);
  });

  it('pages results with X-Total-Count and honours filters and sort', async () => {
    const { comics, total } = await search('the', '&page=1&limit=5');
    expect(comics.length).toBeLessThanOrEqual(5);
    expect(total).toBeGreaterThanOrEqual(comics.length);
    const second = await search('the', '&page=2&limit=5');
    expect(second.total).toBe(total);
    expect(second.comics.filter((c) => comics.some((d) => d.id === c.id))).toEqual([]);
    const sorted = await search('the', '&sort=name_desc&limit=100');
    const position = new Map(all.map((c, i) => [c.id, i]));
    const ids = sorted.comics.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => position.get(b)! - position.get(a)!));
  });

  it.each([
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '%_%',
    '<script>alert(1)</script>',
    '"; drop table volumes; --',
    '😀',
    'a'.repeat(100),
  ])('treats %j as text, never as SQL or a pattern', async (name) => {
    const { comics } = await search(name);
    expect(Array.isArray(comics)).toBe(true);
    if (name.includes('%') || name === '_') expect(comics.length).toBeLessThan(all.length);
  });

  it.each([
    ['', 'name'],
    ['name=', 'name'],
    ['name=%20%20', 'name'],
    [`name=${'a'.repeat(101)}`, 'name'],
    ['name=x&page=0', 'page'],
  ])('rejects ?%s with 400', async (query, field) => {
    const res = await get(`/api/comics/search?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });
});

describe('GET /api/comics/:id', () => {
  it('returns a comic with its sanitised description', async () => {
    const comic = await json<ComicDetail>('/api/comics/773');
    expect(comic).toMatchObject({ id: 773, name: expect.any(String), publisher: expect.any(String) });
    expect(comic.description).toBeTruthy();
    for (const c of await Promise.all(all.map((v) => json<ComicDetail>(`/api/comics/${v.id}`)))) {
      expect(c.description ?? '').not.toMatch(/<script|href=|on\w+=|javascript:/i);
    }
  });

  it('answers 404 for an unknown id', async () => {
    const res = await get('/api/comics/2147483647');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', error: 'Comic not found' });
  });

  it.each(['abc', '-1', '0', '1.5', '2147483648', '1e3', '99999999999999999999999', '%27%20OR%201%3D1'])(
    'rejects id %s with 400',
    async (id) => {
      const res = await get(`/api/comics/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('id');
    },
  );
});

describe('issues', () => {
  it('lists the issues of a comic by number, prices in dollars', async () => {
    const list = await json<RatedIssue[]>('/api/comics/issues/773');
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((i) => i.issue_number)).toEqual([...list.map((i) => i.issue_number)].sort((a, b) => a - b));
    for (const issue of list) {
      expect(issue.volume_id).toBe(773);
      expect(issue.price).toBeGreaterThanOrEqual(0.99);
      expect(issue.price).toBeLessThanOrEqual(9.99);
      expect(isWholeCents(issue.price)).toBe(true);
    }
  });

  it('adds the average rating, null when unreviewed', async () => {
    const [first] = await t.database.db.select().from(issues).where(eq(issues.volumeId, 1174)).limit(1);
    const [reader] = await t.database.db
      .insert(users)
      .values([
        { email: 'r1@example.com', username: 'r1' },
        { email: 'r2@example.com', username: 'r2' },
      ])
      .returning();
    await t.database.db.insert(reviews).values([
      { userId: reader!.id, volumeId: 1174, issueId: first!.id, rating: 4, description: 'good' },
      { userId: reader!.id + 1, volumeId: 1174, issueId: first!.id, rating: 5, description: 'great' },
    ]);
    const list = await json<RatedIssue[]>('/api/comics/issues/rating/1174');
    expect(list.find((i) => i.id === first!.id)?.avgRating).toBe(4.5);
    expect(list.filter((i) => i.id !== first!.id).every((i) => i.avgRating === null)).toBe(true);
    const plain = await json<RatedIssue[]>('/api/comics/issues/1174');
    expect(plain.map(({ id, price }) => ({ id, price }))).toEqual(list.map(({ id, price }) => ({ id, price })));
  });

  it.each(['/api/comics/issues/2147483647', '/api/comics/issues/rating/2147483647'])('%s is 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });

  it.each(['/api/comics/issues/x', '/api/comics/issues/rating/-3', '/api/comics/issues/rating/1e9'])(
    '%s is 400',
    async (url) => {
      expect((await get(url)).statusCode).toBe(400);
    },
  );
});

describe('GET /api/publishers', () => {
  it('lists every publisher once, A to Z', async () => {
    const names = await json<string[]>('/api/publishers');
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(new Set(names)).toEqual(new Set(all.map((c) => c.publisher)));
  });
});

describe('platform', () => {
  it('reports itself alive, and ready with the database reachable', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await t.database.db.execute(sql`select 1`);
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/api/comics?page=1', '/api/comics/abc', '/api/nothing', '/media/covers/volumes/773.svg']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('serves the OpenAPI document and its UI', async () => {
    const doc = await json<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/comics',
        '/api/comics/search',
        '/api/comics/{id}',
        '/api/comics/issues/{volumeId}',
        '/api/comics/issues/rating/{volumeId}',
        '/api/publishers',
        '/api/health',
        '/api/ready',
      ]),
    );
    const ui = await get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths and methods with the JSON error shape', async () => {
    const res = await get('/api/nothing-here', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/comics',
      payload: '{bad json',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.statusCode).toBeLessThan(500);
  });
});

describe('compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends %s-compressed answers that decode to the same JSON', async (encoding, decode) => {
    const plain = await get('/api/comics');
    const compressed = await get('/api/comics', { 'accept-encoding': `${encoding}, deflate` });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 3);
  });

  it('leaves small answers and refused encodings alone', async () => {
    const small = await get('/api/comics?page=1&limit=1', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await get('/api/comics', { 'accept-encoding': 'br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});
