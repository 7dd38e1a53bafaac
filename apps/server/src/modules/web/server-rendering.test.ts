// A guest's `/` and `/home` come rendered by the web app's server rendering (ADR 014): the first
// HTML carries the catalogue's first cards, the state to hydrate them with and a preload of the
// largest image, under the same CSP; never for a signed-in visitor, another page or another view.
// The rendering here is a stand-in module with the real one's interface (the real one is built
// by the web app and checked by the browser suite, e2e/tests/home-first-paint.spec.ts).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';

let t: TestApp;
let root: string;
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*', ...headers } });

const standIn = `
export const prerenderedPaths = ['/', '/home'];
globalThis.__comicsRenderings = 0;
export async function prerender(pathname, getApi) {
  globalThis.__comicsRenderings++;
  const list = await getApi('/comics?page=1&limit=12');
  if (list.status !== 200) throw new Error('no catalogue');
  const cards = list.body.map((comic) => '<h3>' + comic.name + '</h3>').join('');
  return {
    html: '<main data-path="' + pathname + '">' + cards + '</main>',
    stateScript: '<script type="application/json" id="ssr-state">{"total":' + list.total + '}</script>',
    lcpImage: list.body[0].image,
  };
}
`;
const renderings = () => (globalThis as { __comicsRenderings?: number }).__comicsRenderings ?? 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'comics-ssr-'));
  const webDist = path.join(root, 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'dist-ssr'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Comics Shop</title><!--app-head-->' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
      '<script async fetchpriority="high" src="/assets/route-preload-abc.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), standIn);
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('server rendering of the first pages', () => {
  it.each(['/home', '/'])(
    'renders a guest’s %s with the catalogue’s first cards and preloads its first cover',
    async (url) => {
      const comics = (await t.app.inject({ method: 'GET', url: '/api/comics?page=1&limit=12' })).json();
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        `<div id="root"><main data-path="${url}"><h3>${comics[0].name}</h3><h3>${comics[1].name}</h3>`,
      );
      expect(res.body).toContain('<script type="application/json" id="ssr-state">{"total":150}</script>');
      expect(res.body).toContain(`<link rel="preload" as="image" href="${comics[0].image}" fetchpriority="high">`);
      // The page shows without its scripts: they come after the stylesheet and the images.
      expect(res.body).toContain(
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">',
      );
      expect(res.body).toContain('<script async src="/assets/route-preload-abc.js">');
      // Still the strict CSP: the state is data, not an inline script.
      const csp = String(res.headers['content-security-policy']);
      expect(csp.split(';')).toContain("script-src 'self'");
    },
  );

  it.each(['/home?page=2', '/home?q=ada', '/login', '/cardDetail/773', '/user/home'])(
    'draws %s in the browser, as before',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-state');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
      expect(res.body).toContain('<script async fetchpriority="high" src="/assets/route-preload-abc.js">');
    },
  );

  it('never renders a guest’s page for a signed-in visitor (session cookie or bearer)', async () => {
    const user = await signedInUser(t);
    for (const headers of [user.headers, { cookie: 'session=whoever-it-may-be-0123456789' }]) {
      const res = await page('/home', headers);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-state');
    }
  });

  it('renders once for many guests, and again after the catalogue changes', async () => {
    await page('/home');
    const before = renderings();
    await Promise.all([page('/home'), page('/home'), page('/home')]);
    expect(renderings()).toBe(before);
    const admin = await signedInUser(t, 'ADMIN');
    const comics = (await t.app.inject({ method: 'GET', url: '/api/comics?page=1&limit=12' })).json();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/comics/${comics[0].id}`,
      headers: admin.headers,
      payload: { name: 'A Renamed Series' },
    });
    expect(renamed.statusCode).toBe(200);
    const res = await page('/home');
    expect(renderings()).toBe(before + 1);
    expect(res.body).toContain('A Renamed Series');
  });

  it('renders again after a review, which moves a card’s average rating', async () => {
    await page('/home');
    const before = renderings();
    const user = await signedInUser(t);
    const [issue] = await seededIssues(t.database, 1);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: user.headers,
      payload: { rating: 5, description: 'Lovely', ComicId: issue!.volumeId, UserId: user.id, IssueId: issue!.id },
    });
    expect(review.statusCode, review.body).toBeLessThan(300);
    await page('/home');
    expect(renderings()).toBe(before + 1);
  });
});
