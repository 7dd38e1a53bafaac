// Generated covers as the browser fetches them.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('covers', () => {
  it('draws a volume cover with its title, cacheable for a day', async () => {
    const comic = (await t.app.inject({ method: 'GET', url: '/api/comics/773' })).json();
    const res = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/773.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.body).toContain(`<title>${comic.name}</title>`);
    const again = await t.app.inject({
      method: 'GET',
      url: '/media/covers/volumes/773.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws an issue cover with its number', async () => {
    const [issue] = (await t.app.inject({ method: 'GET', url: '/api/comics/issues/773' })).json();
    const res = await t.app.inject({ method: 'GET', url: issue.image });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`#${issue.issue_number}`);
  });

  it.each([
    ['/media/covers/volumes/2147483647.svg', 404],
    ['/media/covers/issues/2147483647.svg', 404],
    ['/media/covers/volumes/abc.svg', 400],
    ['/media/covers/volumes/-1.svg', 400],
    ['/media/covers/volumes/1e3.svg', 400],
  ])('%s answers %i', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toEqual(expect.any(String));
  });
});
