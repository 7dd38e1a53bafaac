// Clients on other origins: with CORS_ORIGINS, exactly the listed origins get Access-Control-*
// headers (credentials included) and pass the CSRF check of cookie-borne writes; any other
// origin gets no such header and its writes stay refused. Without CORS_ORIGINS nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, loginToken, seededIssues, type TestApp } from '../../../test/helpers';

const LISTED = 'https://app.example';
const ALSO_LISTED = 'http://localhost:5173';
const UNLISTED = 'https://evil.example';

let withCors: TestApp;
let without: TestApp;
beforeAll(async () => {
  [withCors, without] = await Promise.all([
    buildTestApp({ CORS_ORIGINS: `${LISTED}, ${ALSO_LISTED}`, AUTH_RATE_LIMIT_PER_IP: '1000' }),
    buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' }),
  ]);
});

const preflight = (t: TestApp, origin: string, method = 'GET', headers = 'content-type') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/comics',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('with CORS_ORIGINS', () => {
  it.each([LISTED, ALSO_LISTED])('answers the preflight of %s, credentials allowed', async (origin) => {
    const res = await preflight(withCors, origin, 'PATCH', 'content-type,authorization');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('content-type, authorization, idempotency-key');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers.vary).toMatch(/\bOrigin\b/i);
  });

  it('gives an unlisted origin no Access-Control header, on the preflight or the answer', async () => {
    const res = await preflight(withCors, UNLISTED);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
    const read = await withCors.app.inject({ method: 'GET', url: '/api/comics?page=1', headers: { origin: UNLISTED } });
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read.headers)).toEqual([]);
    // Vary: Origin all the same, so a shared cache never hands a listed origin's answer to it.
    expect(read.headers.vary).toMatch(/\bOrigin\b/i);
  });

  it("lets a listed origin read the answer and the headers it needs, cached answers' Vary kept whole", async () => {
    const res = await withCors.app.inject({
      method: 'GET',
      url: '/api/comics?page=1&limit=12',
      headers: { origin: LISTED, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toBe('x-total-count, retry-after, etag');
    expect(res.headers['x-total-count']).toBeDefined();
    expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['origin', 'accept-encoding']),
    );
  });

  it('accepts a cookie-borne write from a listed origin and still refuses one from any other', async () => {
    const account = await createAccount(withCors.database);
    const token = await loginToken(withCors.app, account.email, account.password);
    const [issue] = await seededIssues(withCors.database, 1);
    const addToCart = (origin: string) =>
      withCors.app.inject({
        method: 'POST',
        url: '/api/shop/cart',
        headers: { cookie: `session=${token}`, origin },
        payload: { comic: issue!.id, userId: account.id },
      });
    const refused = await addToCart(UNLISTED);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('cross_site_request');
    const accepted = await addToCart(LISTED);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.headers['access-control-allow-origin']).toBe(LISTED);
  });
});

describe('without CORS_ORIGINS', () => {
  it('answers no preflight and sends no Access-Control header, as before', async () => {
    const res = await preflight(without, LISTED);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
    const read = await without.app.inject({ method: 'GET', url: '/api/comics?page=1', headers: { origin: LISTED } });
    expect(read.statusCode).toBe(200);
    expect(corsHeaders(read.headers)).toEqual([]);
    expect(read.headers.vary).toBe('accept-encoding');
  });

  it("refuses a cookie-borne write from another origin, even one another shop's settings would list", async () => {
    const account = await createAccount(without.database);
    const token = await loginToken(without.app, account.email, account.password);
    const [issue] = await seededIssues(without.database, 1);
    const res = await without.app.inject({
      method: 'POST',
      url: '/api/shop/cart',
      headers: { cookie: `session=${token}`, origin: LISTED },
      payload: { comic: issue!.id, userId: account.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cross_site_request');
  });
});
