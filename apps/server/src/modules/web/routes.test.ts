// The built SPA as the server serves it: index.html for client routes with link previews,
// long-lived hashed assets, the service worker and web manifest asked again on every visit, JSON
// 404s for API and asset misses.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';
import { volumes } from '../../db/schema/catalog';

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
  await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Comics Shop","start_url":"/home"}');
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
        /<meta property="og:image" content="http:\/\/localhost(:\d+)?\/media\/covers\/volumes\/773\.jpg">/,
      );
      expect(res.body).toContain('<meta property="og:image:type" content="image/jpeg">');
      expect(res.body).toContain('<meta property="og:image:width" content="1200">');
      expect(res.body).toContain('<meta property="og:image:height" content="1800">');
      expect(res.body).toContain(`<meta property="og:description" content="${comic.deck}">`);
    },
  );

  /** The og:image of a page, fetched as a link previewer would. */
  async function previewImageOf(url: string) {
    const tag = /<meta property="og:image" content="([^"]+)">/.exec((await page(url)).body);
    expect(tag, url).not.toBeNull();
    const image = new URL(tag![1]!);
    expect(image.hostname).toBe('localhost');
    return t.app.inject({ method: 'GET', url: image.pathname });
  }

  it("offers a generated cover's link previewers a 1200-px JPEG they can fetch", async () => {
    const image = await previewImageOf('/cardDetail/773');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 1800 });
  });

  it('offers the JPEG rendition of an uploaded cover', async () => {
    const admin = await signedInUser(t, 'ADMIN');
    const png = await sharp({ create: { width: 1500, height: 2250, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const boundary = 'web-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\ncomics\r\n--${boundary}--\r\n`,
      ),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/image/upload',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { secure_url } = uploaded.json();
    // Volume 1174 takes the upload as its image (as an admin's edit would set it).
    await t.database.db.update(volumes).set({ image: secure_url }).where(eq(volumes.id, 1174));

    const html = (await page('/cardDetail/1174')).body;
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://localhost(:\\d+)?${secure_url.replace(/\.webp$/, '\\.jpg')}">`,
      ),
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="1800">');
    const image = await previewImageOf('/cardDetail/1174');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 1800 });
  });

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

  it('has the browser ask for the service worker, the web manifest and the raw page on every visit', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Comics Shop' });

    // The template the worker keeps as its offline page: a stale one would name deleted assets.
    const template = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(template.body).toContain('<!--app-head-->');
    expect(template.headers['cache-control']).toBe('no-cache');
  });

  it("lets the page register this origin's worker and read its manifest, and nobody else's", async () => {
    const csp = String((await page('/home')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('answers a missing asset or API path with a JSON 404, even to a browser', async () => {
    for (const url of ['/assets/missing.js', '/api/missing', '/media/missing.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: url.endsWith('.js') ? '*/*' : 'text/html' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.statusCode).not.toBe(200);
    const encoded = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/package.json' });
    expect(encoded.body).not.toContain('"workspaces"');
  });
});

describe('link previews behind a hostile Host', () => {
  const SHOP = 'https://comics.example';
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: SHOP }),
      buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: SHOP, TRUST_PROXY: '1' }),
    ]);
  });
  const ogTags = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<meta property="og:(url|image)" content="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );

  it('puts og:url and og:image on PUBLIC_URL whatever Host the request names', async () => {
    const res = await direct.app.inject({
      method: 'GET',
      url: '/cardDetail/773',
      headers: { accept: 'text/html', host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(ogTags(res.body)).toEqual({
      url: `${SHOP}/cardDetail/773`,
      image: `${SHOP}/media/covers/volumes/773.jpg`,
    });
    expect(res.body).not.toContain('evil.example');
  });

  it('and whatever X-Forwarded-Host a trusted proxy passes on', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/user/cardDetail/773',
      headers: {
        accept: 'text/html',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        'x-forwarded-for': '192.0.2.7',
      },
    });
    expect(ogTags(res.body)).toEqual({
      url: `${SHOP}/user/cardDetail/773`,
      image: `${SHOP}/media/covers/volumes/773.jpg`,
    });
    expect(res.body).not.toContain('evil.example');
  });
});
