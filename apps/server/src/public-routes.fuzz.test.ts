// Property: whatever a client puts in the path segments and query of a public GET route, or in
// the JSON body of a public POST, the answer is 2xx/3xx/4xx — never a 5xx, a refusal always in
// the API's error shape — and the process stays healthy. Routes come from app.routeTable, so a new public route is covered unasked:
// a GET is public when a guest is not turned away (401/403). Hostile input: control characters
// (NUL above all), lone surrogates, 10 kB text, malformed percent-escapes, SQL and HTML.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';

interface PublicGet {
  url: string;
  /** ':id' of '/api/comics/:id', and '*' for a wildcard, in order. */
  segments: string[];
  /** Its query parameters, as its OpenAPI description lists them. */
  query: string[];
  /**
   * A query the route accepts (a search needs its text), learned by trying: hostile values go
   * on top of it, so they reach the handler and the database rather than fail validation first.
   */
  baseline: Record<string, string>;
}

interface OpenApiDocument {
  paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
}

/** The JSON routes of sign-up and sign-in: per-IP limited, hence a fresh client IP per request. */
const PUBLIC_POSTS = ['/api/user/signup', '/api/user/login', '/api/login/auth/google'];
const SEGMENT = /:[A-Za-z_$][\w$]*|\*/g;
/** Names no route declares, as a client might still send them. */
const STRAY_KEYS = ['q', 'page[]', '__proto__', 'constructor', 'name[0]'];
/** Values a parameter of this shop may accept, tried to learn each route's baseline. */
const PLAUSIBLE = ['1', '12', 'name_asc', 'the'];

let t: TestApp;
let publicGets: PublicGet[];
let requestCount = 0;

/** A different client every request, so per-IP limits (sign-in, uncached reads, 404s) never mask a route. */
function nextClient(): string {
  const n = ++requestCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: nextClient() });

function fillSegments(url: string, values: string[]): string {
  let i = 0;
  return url.replace(SEGMENT, () => values[i++] ?? '1');
}

/** Already percent-encoded pairs, the baseline's values overridden by later ones of the same name. */
function queryString(baseline: Record<string, string>, pairs: [string, string][]): string {
  const merged = new Map(Object.entries(baseline).map(([name, value]) => [name, encodeURIComponent(value)]));
  for (const [name, value] of pairs) merged.set(name, value);
  return [...merged].map(([name, value]) => `${name}=${value}`).join('&');
}

async function baselineOf(path: string, query: string[]): Promise<Record<string, string>> {
  const accepted = async (url: string) => (await get(url)).statusCode !== 400;
  if (await accepted(path)) return {};
  for (const name of query) {
    for (const value of PLAUSIBLE) if (await accepted(`${path}?${name}=${value}`)) return { [name]: value };
  }
  return {};
}

async function findPublicGets(): Promise<PublicGet[]> {
  const doc = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
  const found: PublicGet[] = [];
  for (const route of t.app.routeTable) {
    const [method, url = ''] = route.split(' ');
    if (method !== 'GET') continue;
    const guest = await get(fillSegments(url, []));
    if (guest.statusCode === 401 || guest.statusCode === 403) continue;
    const parameters = doc.paths[url.replace(/:([\w$]+)/g, '{$1}')]?.get?.parameters ?? [];
    const query = parameters.filter((p) => p.in === 'query').map((p) => p.name);
    found.push({
      url,
      segments: url.match(SEGMENT) ?? [],
      query,
      baseline: await baselineOf(fillSegments(url, []), query),
    });
  }
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  publicGets = await findPublicGets();
});

/** Percent-encoding of any UTF-16 text; a lone surrogate as the WTF-8 bytes a sloppy client sends. */
function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

const HOSTILE = [
  '\u0000',
  'bat\u0000man',
  '\u0001\u001f\u007f',
  '\t\r\n',
  '\ud800',
  'a\udfffb',
  '😀',
  "' OR 1=1 --",
  "1'; drop table volumes; --",
  '<script>alert(1)</script>',
  '%_\\',
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'x'.repeat(10_000),
  '\u0000'.repeat(10_000),
  'é'.repeat(5_000),
];
/** Already-encoded text that does not decode cleanly: bad escapes, overlong NUL, lone byte. */
const MALFORMED = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%FF', '%00%'];

/** UTF-16 code units, control characters and (lone) surrogates far more often than chance would give. */
const codeUnit = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.constant(0x7f),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.integer({ min: 0x20, max: 0xffff }),
  )
  .map((code) => String.fromCharCode(code));
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.integer().map(String),
);
const encodedText = fc.oneof({ weight: 4, arbitrary: anyText.map(percentEncode) }, fc.constantFrom(...MALFORMED));

/** Below 500, and a refusal in the API's one error shape. */
function expectClientAnswer(res: { statusCode: number; body: string; json(): unknown }, what: string): void {
  const context = `${what.slice(0, 300)} → ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.json(), context).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  }
}

async function expectNoServerError(url: string) {
  const res = await get(url);
  expectClientAnswer(res, `GET ${url}`);
  return res;
}

describe('public routes never answer 5xx', () => {
  it('finds the public GET routes, and only those', () => {
    const byUrl = new Map(publicGets.map((route) => [route.url, route]));
    for (const url of [
      '/api/comics',
      '/api/comics/search',
      '/api/comics/:id',
      '/media/covers/volumes/:id.svg',
      '/api/issues/:id/pages',
      '/media/pages/:issueId/:version/:file',
      '/opds/v2/series',
      '/opds/v1.2/search',
    ]) {
      expect(byUrl.has(url), url).toBe(true);
    }
    expect(byUrl.has('/api/user/me')).toBe(false);
    expect(byUrl.has('/api/admin/users')).toBe(false);
    expect(byUrl.has('/api/user/reading')).toBe(false);
    expect(byUrl.has('/opds/v2/library')).toBe(false);
    expect(byUrl.get('/opds/v1.2/search')?.query).toEqual(expect.arrayContaining(['q', 'page']));
    expect(byUrl.get('/api/comics')?.query).toEqual(expect.arrayContaining(['page', 'limit', 'publisher', 'sort']));
    expect(byUrl.get('/api/comics/search')?.baseline).toEqual({ name: '1' });
  });

  it('for each hostile value in each path segment and query parameter of each route', async () => {
    for (const route of publicGets) {
      const base = fillSegments(route.url, []);
      for (const value of [...HOSTILE.map(percentEncode), ...MALFORMED]) {
        for (let i = 0; i < route.segments.length; i++) {
          const path = fillSegments(
            route.url,
            route.segments.map((_, j) => (j === i ? value : '1')),
          );
          await expectNoServerError(`${path}?${queryString(route.baseline, [])}`);
        }
        for (const name of [...route.query, ...STRAY_KEYS]) {
          await expectNoServerError(`${base}?${queryString(route.baseline, [[encodeURIComponent(name), value]])}`);
        }
      }
    }
    // Some 4,000 requests over 50-odd routes (the catalogue, covers, pages, OPDS feeds): half a minute on a busy CI core.
  }, 90_000);

  it('for random segments and query strings', async () => {
    // Routes that take no input met every stray key above; here the ones that read their input.
    const routes = publicGets.filter((route) => route.segments.length + route.query.length > 0);
    // One or two of the route's own parameters with random values over its baseline (so the rest
    // of the query stays valid and the value gets through), now and then a stray one too.
    const own = (route: PublicGet) =>
      route.query.length === 0
        ? fc.constant([])
        : fc.uniqueArray(fc.constantFrom(...route.query), { minLength: 1, maxLength: 2 });
    const stray = fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      fc.oneof(fc.constantFrom(...STRAY_KEYS), encodedText).map((name) => [name]),
    );
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.tuple(
        fc.constant(route),
        fc.array(encodedText, { minLength: route.segments.length, maxLength: route.segments.length }),
        fc
          .tuple(own(route), stray)
          .chain(([names, extra]) =>
            fc.tuple(...[...names, ...extra].map((name) => fc.tuple(fc.constant(name), encodedText))),
          ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ([route, segments, pairs]) => {
        await expectNoServerError(`${fillSegments(route.url, segments)}?${queryString(route.baseline, pairs)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('for random JSON bodies of the public POST routes', async () => {
    const field = fc.oneof(anyText, fc.constantFrom('reader@example.com', 'abc123'), fc.integer(), fc.constant(null));
    const body = fc.oneof(
      fc.record(
        {
          username: field,
          email: fc.oneof(
            field,
            anyText.map((text) => `${text}@example.com`),
          ),
          password: field,
          repeatpassword: field,
          google: field,
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(anyText, field, { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PUBLIC_POSTS), body, async (url, payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
          remoteAddress: nextClient(),
        });
        expectClientAnswer(res, `POST ${url} ${JSON.stringify(payload)}`);
      }),
      { numRuns: 60 },
    );
  });

  it('for a burst of 200 bad requests at once', async () => {
    const samples = fc.sample(fc.tuple(fc.constantFrom(...publicGets), encodedText), { numRuns: 200, seed: 42 });
    await Promise.all(
      samples.map(([route, value]) =>
        expectNoServerError(
          `${fillSegments(
            route.url,
            route.segments.map(() => value),
          )}?${queryString(route.baseline, [[route.query[0] ?? 'q', value]])}`,
        ),
      ),
    );
  });

  it('and the process stays healthy afterwards', async () => {
    const ready = await expectNoServerError('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    const page = await expectNoServerError('/api/comics?page=1&limit=12');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(12);
    expect((await expectNoServerError('/api/comics/search?name=the')).statusCode).toBe(200);
  });
});
