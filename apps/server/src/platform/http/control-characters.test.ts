// Control characters in query values, path segments and JSON strings: 400 naming the field on
// every route, except where a route strips them from its search text.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A test-only route with the app's own body limit (the sign-in routes take far less).
  t.app.post('/test/accept', async () => ({ ok: true }));
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

function expectRefused(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    code: 'validation_failed',
    error: `Invalid request: ${field}: Must not contain control characters`,
    fields: { [field]: 'Must not contain control characters' },
  });
}

describe('control characters', () => {
  it.each([
    ['/api/comics?publisher=%00', 'publisher'],
    ['/api/comics?publisher=Mar%1Bvel&page=1', 'publisher'],
    ['/api/comics?sort=name_asc%7F', 'sort'],
    ['/api/comics?page=1&page=%00', 'page'],
    ['/api/comics?x%00=1', 'x\u0000'],
    ['/api/comics/search?name=batman&publisher=%0A', 'publisher'],
    ['/api/publishers?anything=%09', 'anything'],
    ['/api/comics/1%00', 'id'],
    ['/api/comics/issues/rating/%01', 'volumeId'],
    ['/media/covers/volumes/1%00.svg', 'id'],
  ])('GET %s is 400 naming %j', async (url, field) => {
    expectRefused(await get(url), field);
  });

  it('refuses them in JSON strings and keys, tab and line breaks apart', async () => {
    const signup = { username: 'Nul', email: 'nul@example.com', password: 'abc123', repeatpassword: 'abc123' };
    expectRefused(await post('/api/user/signup', { ...signup, username: 'a\u0000b' }), 'username');
    expectRefused(await post('/api/user/login', { email: 'x@example.com', password: 'p\u0007' }), 'password');
    expectRefused(await post('/api/user/login', { nested: [{ 'k\u0001': 1 }] }), 'nested.0.k\u0001');
    const withLineBreaks = await post('/api/user/login', { email: 'x@example.com', password: 'a\tb\r\nc' });
    expect(withLineBreaks.statusCode).toBe(401);
  });

  it('names a deeply nested field by where it starts, without running out of stack', async () => {
    const deep = `{"a":${'['.repeat(400_000)}"\\u0000"${']'.repeat(400_000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/accept',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)[0]).toMatch(/^a\.0\.0\..*…$/);
  });

  it('strips them from the search text instead', async () => {
    const plain = await get('/api/comics/search?name=the');
    const stripped = await get('/api/comics/search?name=t%00h%1Fe%7F');
    expect(stripped.statusCode).toBe(200);
    expect(stripped.body).toBe(plain.body);
    const nothingLeft = await get('/api/comics/search?name=%00%01');
    expect(nothingLeft.statusCode).toBe(400);
    expect(nothingLeft.json().fields).toEqual({ name: 'Required' });
  });

  it('keeps tab and line breaks in the search text as word breaks', async () => {
    const spaced = await get('/api/comics/search?name=the%20dark');
    expect((await get('/api/comics/search?name=the%09dark')).body).toBe(spaced.body);
    expect((await get('/api/comics/search?name=the%0D%0Adark')).body).toBe(spaced.body);
  });
});
