// The built SPA as the server serves it: index.html for client routes with link previews,
// long-lived hashed assets, JSON 404s for API and asset misses.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let webDist: string;
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'comics-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Comics Shop</title><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(webDist, 'theme-init.js'), 'void 0');
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(() => rm(webDist, { recursive: true, force: true }));

describe('single-page app', () => {
  it.each(['/', '/home', '/login', '/user/shop', '/dashboard/admin', '/no/such/page'])(
    'serves index.html for %s, never cached',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<meta name="description" content="Browse, search and buy digital comics.">');
    },
  );

  it.each(['/cardDetail/773', '/user/cardDetail/773', '/admin/cardDetail/773'])(
    'describes the comic in link-preview tags on %s',
    async (url) => {
      const comic = (await t.app.inject({ method: 'GET', url: '/api/comics/773' })).json();
      const res = await page(url);
      expect(res.body).toContain(`<meta property="og:title" content="${comic.name} (${comic.start_year})">`);
      expect(res.body).toMatch(
        /<meta property="og:image" content="http:\/\/localhost(:\d+)?\/media\/covers\/volumes\/773\.svg">/,
      );
      expect(res.body).toContain(`<meta property="og:description" content="${comic.deck}">`);
    },
  );

  it('escapes what it puts in the head', async () => {
    const res = await page('/cardDetail/773?"><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toMatch(/<meta property="og:url" content="[^"<>]*cardDetail\/773\?[^"<>]*">/);
  });

  it('falls back to the shop description for an unknown comic', async () => {
    const res = await page('/cardDetail/2147483');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title" content="Comics Shop">');
  });

  it('serves hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const script = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset or API path with a JSON 404, even to a browser', async () => {
    for (const url of ['/assets/missing.js', '/api/missing', '/media/missing.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: url.endsWith('.js') ? '*/*' : 'text/html' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.statusCode).not.toBe(200);
    const encoded = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/package.json' });
    expect(encoded.body).not.toContain('"workspaces"');
  });
});
