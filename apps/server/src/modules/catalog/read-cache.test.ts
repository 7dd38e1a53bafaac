// The catalogue's answer cache as clients meet it: requests that mean the same share one entry,
// and reads that miss it count against a per-IP budget while hits never do.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { volumes } from '../../db/schema/catalog';
import { perIpLimit } from '../../platform/limits/request-budget';

let t: TestApp;
let limited: TestApp;
const BUDGET = 3;

beforeAll(async () => {
  [t, limited] = await Promise.all([buildTestApp(), buildTestApp({ PUBLIC_READ_RATE_LIMIT_PER_IP: String(BUDGET) })]);
});

const getFrom = (app: FastifyInstance, url: string, remoteAddress = '198.51.100.1') =>
  app.inject({ method: 'GET', url, remoteAddress });
const get = (url: string) => getFrom(t.app, url);

describe('equivalent queries share one cache entry', () => {
  // A row written straight to the database is not seen by a cached answer: a second request
  // that still misses it was served the first request's entry.
  const addVolume = (name: string) => t.database.db.insert(volumes).values({ name, image: '/x.svg', publisherId: 1 });

  it('for a search, whatever its case and spacing', async () => {
    const first = await get('/api/comics/search?name=Zyxwv%20Quorble');
    await addVolume('Zyxwv Quorble');
    const same = await get('/api/comics/search?name=%20ZYXWV%20%20quorble%20&page=1&limit=12');
    expect(same.body).toBe(first.body);
    const other = await get('/api/comics/search?name=zyxwv%20quorbl');
    expect(other.json()).toEqual([expect.objectContaining({ name: 'Zyxwv Quorble' })]);
  });

  it('for a page, whatever the order of its parameters and its defaults', async () => {
    const first = await get('/api/comics?page=1&limit=12');
    await addVolume('!!! First of all');
    for (const url of ['/api/comics?limit=12&page=1', '/api/comics?page=1', '/api/comics?sort=name_asc&limit=12']) {
      const same = await get(url);
      expect(same.body, url).toBe(first.body);
      expect(same.headers.etag, url).toBe(first.headers.etag);
    }
    expect((await get('/api/comics?page=1&limit=11')).json()[0].name).toBe('!!! First of all');
  });
});

describe('reads that miss the cache', () => {
  it('count against a per-IP budget: over it, 429 with Retry-After and the error shape', async () => {
    const ip = '203.0.113.7';
    for (const id of [1, 2, 3].slice(0, BUDGET)) {
      expect((await getFrom(limited.app, `/api/comics/issues/${id}`, ip)).statusCode).not.toBe(429);
    }
    const over = await getFrom(limited.app, '/api/comics/search?name=batman', ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
    });
  });

  it('never count or refuse cache hits', async () => {
    const ip = '203.0.113.8';
    const first = await getFrom(limited.app, '/api/publishers', ip);
    expect(first.statusCode).toBe(200);
    // Entries warmed by another client (within its budget), then read here far beyond this one's.
    const warm = ['/api/comics?page=1', '/api/comics?page=2', '/api/comics?page=3'];
    for (const url of warm) expect((await getFrom(limited.app, url, '203.0.113.9')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      for (const url of [...warm, '/api/publishers']) {
        expect((await getFrom(limited.app, url, ip)).statusCode, url).toBe(200);
      }
    }
    // One miss so far for this IP: two more fit in the budget.
    expect((await getFrom(limited.app, '/api/comics?page=5', ip)).statusCode).toBe(200);
    expect((await getFrom(limited.app, '/api/comics?page=6', ip)).statusCode).toBe(200);
    expect((await getFrom(limited.app, '/api/comics?page=7', ip)).statusCode).toBe(429);
  });

  it('do not count against another IP, nor refuse invalid requests (they read nothing)', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < BUDGET + 2; i++) {
      expect((await getFrom(limited.app, '/api/comics?page=0', ip)).statusCode).toBe(400);
    }
    expect((await getFrom(limited.app, '/api/comics/issues/rating/1', ip)).statusCode).not.toBe(429);
  });

  it('are not limited when the budget is 0', () => {
    expect(perIpLimit(t.app, 'unused', 0)).toBeNull();
  });
});
