// Generated covers as the browser fetches them, and as JPEGs for link previewers.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';

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
    ['/media/covers/volumes/2147483647.jpg', 404],
    ['/media/covers/issues/2147483647.jpg', 404],
    ['/media/covers/volumes/abc.jpg', 400],
  ])('%s answers %i', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toEqual(expect.any(String));
  });
});

describe('covers as JPEGs (link previews)', () => {
  it('draws a volume cover 1200 px wide, cacheable for a day and by other sites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/773.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 1800 });

    // Kept: the same bytes again, and a 304 for a client that has them.
    const again = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/773.jpg' });
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      method: 'GET',
      url: '/media/covers/volumes/773.jpg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('draws an issue cover too', async () => {
    const [issue] = (await t.app.inject({ method: 'GET', url: '/api/comics/issues/773' })).json();
    const res = await t.app.inject({ method: 'GET', url: issue.image.replace(/\.svg$/, '.jpg') });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200 });
  });

  it("draws small ones for reading apps' lists, under ETags of their own", async () => {
    const large = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/773.jpg' });
    for (const url of ['/media/covers/volumes/thumbnails/773.jpg', '/media/covers/issues/thumbnails/1068.jpg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 450 });
      expect(res.headers.etag).not.toBe(large.headers.etag);
    }
  });

  it('is drawn anew after the volume is renamed, like its SVG', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/796.jpg' });
    const admin = await signedInUser(t, 'ADMIN');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/comics/796',
      headers: admin.headers,
      payload: { name: 'A Title Nobody Had Before' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const svg = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/796.svg' });
    expect(svg.body).toContain('<title>A Title Nobody Had Before</title>');
    const after = await t.app.inject({ method: 'GET', url: '/media/covers/volumes/796.jpg' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });
});
