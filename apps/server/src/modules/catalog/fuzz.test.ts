// Property: whatever a client puts in the query string or the id, the catalogue answers
// 2xx/4xx with the JSON error shape — never a 5xx.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', '-1', '0', '1e309', 'NaN', 'null', '[]', "' OR 1=1 --", '%00', '<a onclick=x>', 'name_asc'),
);
const queryString = fc
  .dictionary(fc.constantFrom('page', 'limit', 'publisher', 'sort', 'name', 'q', 'page[]', '__proto__'), anyText, {
    maxKeys: 5,
  })
  .map((params) => new URLSearchParams(params).toString());

const endpoints = ['/api/comics', '/api/comics/search', '/api/publishers'];

describe('catalogue never answers 5xx', () => {
  it('for random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), queryString, async (path, query) => {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(res.statusCode, `${path}?${query} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.message).toEqual(expect.any(String));
      }),
      { numRuns: 300 },
    );
  });

  it('for random ids', async () => {
    const paths = ['/api/comics/', '/api/comics/issues/', '/api/comics/issues/rating/', '/media/covers/volumes/'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), anyText, async (path, id) => {
        const res = await t.app.inject({ method: 'GET', url: path + encodeURIComponent(id) });
        expect(res.statusCode, `${path}${id} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
