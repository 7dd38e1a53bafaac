// The installable shop (issue 28): a web manifest Chromium accepts and a third-party validator
// passes, a service worker that opens the shop offline (the shell, catalogue images seen before)
// but never answers the API, the browser's bar in the theme's colour, the 'Install app' button
// while the browser offers it, and a new version deployed for real: the open app offers to
// reload, and reloads into it. The other specs run without service workers (playwright.config.ts).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { validateManifest, type Manifest } from '@pwabuilder/manifest-validation';
import type { Page } from '@playwright/test';

import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { comicCards } from './support/screens';
import { addToCartViaApi, findSmallComic, signInAsNewCustomer } from './support/shop';

test.use({ serviceWorkers: 'allow' });

const repoRoot = path.resolve(import.meta.dirname, '../..');
const LIGHT_BAR = '#e23636';
const DARK_BAR = '#111318';

/** Waits until the shop's service worker controls the page (it registers after load, when idle). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every address the page's origin keeps in Cache Storage, by cache. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const entries = await Promise.all(
      names.map(async (name) => [name, (await (await caches.open(name)).keys()).map((request) => request.url)]),
    );
    return Object.fromEntries(entries) as Record<string, string[]>;
  });
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** How far the page is wider than the screen (a phone scrolls it sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const hexToRgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;

const themeColors = (page: Page) =>
  page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));

test('Chromium reads the manifest and finds the shop installable; a third-party validator agrees', async ({
  page,
  baseURL,
}) => {
  await page.goto('/home');
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  const manifest = JSON.parse(read.data ?? '{}') as Manifest;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Comics Shop',
    short_name: 'Comics',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: LIGHT_BAR,
    categories: ['books', 'entertainment'],
  });
  // The installability check wants the manifest's icons fetched, which takes a moment.
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
    .toEqual([]);

  // PWABuilder's own checks (from npm): no required member missing or wrong.
  const checks = await validateManifest(manifest, true);
  const required = checks.filter((check) => check.category === 'required');
  expect(required.map((check) => check.member).sort()).toEqual(['icons', 'name', 'short_name', 'start_url']);
  expect(required.filter((check) => !check.valid).map((check) => `${check.member}: ${check.errorString}`)).toEqual([]);

  // Every icon is there, a PNG of the size the manifest says; one is maskable.
  const icons = manifest.icons ?? [];
  expect(icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
  for (const icon of icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
});

test("the browser's bar takes the colour of the theme the shop shows", async ({ page }) => {
  await page.goto('/home');
  await expect(comicCards(page)).toHaveCount(12);
  expect(await themeColors(page)).toEqual([LIGHT_BAR, LIGHT_BAR]);

  await page.getByRole('switch', { name: 'Dark theme' }).check();
  expect(await themeColors(page)).toEqual([DARK_BAR, DARK_BAR]);
  // The dark navbar's colour: the page's own background on the dark theme.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(hexToRgb(DARK_BAR));

  // Before the app starts (theme-init.js), the stored choice colours the bar too.
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await themeColors(page)).toEqual([DARK_BAR, DARK_BAR]);
  await page.getByRole('switch', { name: 'Dark theme' }).uncheck();
  expect(await themeColors(page)).toEqual([LIGHT_BAR, LIGHT_BAR]);
});

test('the service worker takes over, and offline the shop still opens, with catalogue images seen before', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsNewCustomer(page);
  await page.goto('/user/home');
  await waitForServiceWorker(page);

  // Seen once the worker controls the page, a cover is kept.
  await page.reload();
  await expect(comicCards(page)).toHaveCount(12);
  const cover = comicCards(page).first().locator('img').first();
  const coverUrl = await cover.evaluate((image: HTMLImageElement) => image.currentSrc || image.src);
  await expect.poll(async () => (await cachedAddresses(page))['comics-catalog-images'] ?? []).toContain(coverUrl);
  // The shell is precached whole: the page, the scripts, the manifest.
  const precached = Object.entries(await cachedAddresses(page)).find(([name]) => name.includes('precache'))?.[1];
  expect(precached?.some((url) => /\/index\.html\?__WB_REVISION__=/.test(url))).toBe(true);
  expect(
    precached?.some((url) => url.endsWith('/manifest.webmanifest') || url.includes('/manifest.webmanifest?')),
  ).toBe(true);

  await context.setOffline(true);
  try {
    // The shell draws the app (not the browser's offline page), which then routes as online.
    for (const address of ['/home', '/user/purchases']) {
      const response = await page.goto(address);
      // The template as built, which the server would have filled in (its head tags).
      expect(await response?.text(), `${address} from the precache`).toContain('<!--app-head-->');
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Comics Shop home' })).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
    }
    await expect(page).toHaveURL(/\/user\/purchases$/);
    const image = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: (await response.blob()).size,
      };
    }, coverUrl);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
    expect(image.bytes).toBeGreaterThan(0);
    // The API has no copy anywhere: offline, it fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/comics?page=1&limit=12').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
});

test('page images of a downloaded issue come from their cache, offline at another width too', async ({
  page,
  context,
}) => {
  await page.goto('/home');
  await waitForServiceWorker(page);
  // What the offline reader stores for a downloaded page: its address without the token.
  const pages = '/media/pages/7/v1';
  await page.evaluate(async (base) => {
    const cache = await caches.open('comics-offline-pages');
    await cache.put(`${location.origin}${base}/3-640.webp`, new Response('page three at 640', { status: 200 }));
  }, pages);
  const answer = (address: string) =>
    page.evaluate(
      (url) =>
        fetch(url).then(
          async (response) => `${response.status} ${await response.text()}`,
          () => 'failed',
        ),
      address,
    );

  expect(await answer(`${pages}/3-640.webp?t=any-token`)).toBe('200 page three at 640');
  // Not downloaded: the network answers (no such page here), and nothing is kept of it.
  expect(await answer(`${pages}/4-640.webp?t=any-token`)).toMatch(/^4\d\d /);
  expect((await cachedAddresses(page))['comics-offline-pages']).toEqual([
    `${new URL(page.url()).origin}${pages}/3-640.webp`,
  ]);

  await context.setOffline(true);
  try {
    // The phone turned: the same page at another width is still on the device.
    expect(await answer(`${pages}/3-1280.webp?t=any-token`)).toBe('200 page three at 640');
    expect(await answer(`${pages}/4-640.webp?t=any-token`)).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
});

test('the API is never answered by the service worker: the cart is always the server’s', async ({ page }) => {
  const customer = await signInAsNewCustomer(page);
  await page.goto('/home');
  await waitForServiceWorker(page);
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
      fromWorker.push(response.url());
    }
  });
  const cartOf = () =>
    page.evaluate(
      (id) => fetch(`/api/shop/cart/${id}/carrito`).then((response) => response.json() as Promise<unknown[]>),
      customer.id,
    );

  expect(await cartOf()).toHaveLength(0);
  const { issues } = await findSmallComic(page.request);
  await addToCartViaApi(page, customer.id, [issues[0]!.id]);
  expect(await cartOf()).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  expect(fromWorker).toEqual([]);
  const kept = Object.values(await cachedAddresses(page)).flat();
  expect(kept.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
});

/** A port nothing listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A second shop serving its own copy of the build, which the test deploys a new version into:
 * started as playwright.config.ts starts the suite's, on a fresh database.
 */
async function startDeployedShop() {
  const folder = await mkdtemp(path.join(tmpdir(), 'comics-deploy-'));
  const webDist = path.join(folder, 'dist');
  await cp(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      WEB_DIST: webDist,
      DATA_DIR: path.join(folder, 'data'),
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`The second shop stopped: ${errors}`);
          return fetch(`${origin}/api/ready`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 90_000, intervals: [250, 500, 1000] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }

  /** What a new build changes for the worker: its list of the shell's files, here index.html's revision. */
  async function deployNewVersion(revision: string) {
    const worker = path.join(webDist, 'sw.js');
    const code = await readFile(worker, 'utf8');
    const changed = code.replace(
      /"revision":"[^"]+","url":"index\.html"/,
      `"revision":"${revision}","url":"index.html"`,
    );
    expect(changed, 'index.html in the precache list of sw.js').not.toBe(code);
    await writeFile(worker, changed);
  }
  return { origin, deployNewVersion, stop };
}

test('a new version deployed while the app is open: it offers the reload, and reloads into it', async ({ page }) => {
  test.setTimeout(180_000);
  const shop = await startDeployedShop();
  try {
    await page.goto(`${shop.origin}/home`);
    await waitForServiceWorker(page);
    await expect(comicCards(page)).toHaveCount(12);
    await expect(page.getByText('New version: reload')).toHaveCount(0);

    const revision = `second-deploy-${Date.now()}`;
    await shop.deployNewVersion(revision);
    // The next visit finds it (the browser asks for sw.js again on every navigation).
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'New version: reload' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });

    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      if (theme === 'dark') await page.getByRole('switch', { name: 'Dark theme' }).check();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expectNoSeriousAxeViolations(page, `update prompt, ${theme}`);
      await page.screenshot({ path: `/tmp/pwa-update-1280-${theme}.png` });
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(prompt).toBeInViewport({ ratio: 1 });
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.screenshot({ path: `/tmp/pwa-update-360-${theme}.png` });
    }

    // Reload: the waiting version takes over, then the page loads again under it.
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await waitForServiceWorker(page);
    await expect(comicCards(page)).toHaveCount(12);
    await expect(page.getByText('New version: reload')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${shop.origin}/sw.js`);
    const precached = Object.entries(await cachedAddresses(page)).find(([name]) => name.includes('precache'))?.[1];
    expect(precached).toContain(`${shop.origin}/index.html?__WB_REVISION__=${revision}`);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  } finally {
    await shop.stop();
  }
});

test("'Install app' shows while the browser offers it, after hydration, and fits a phone", async ({ page }) => {
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') hydrationErrors.push(message.text());
  });
  const served = await (await page.request.get('/home')).text();
  expect(served).not.toContain('Install app');

  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const install = page.getByRole('button', { name: 'Install app' });
  await expect(install).toHaveCount(0);

  // Chromium's offer ('beforeinstallprompt'), as it comes once the shop is installable; the
  // dialog it would show is recorded instead.
  const prevented = await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  });
  expect(prevented, "the browser's own banner gives way to the button").toBe(true);
  await expect(install).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    if (theme === 'dark') await page.getByRole('switch', { name: 'Dark theme' }).check();
    await expect(install).toHaveText('Install app');
    await expectNoSeriousAxeViolations(page, `install button, ${theme}`);
    await page.screenshot({ path: `/tmp/pwa-install-1280-${theme}.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(install).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: `/tmp/pwa-install-360-${theme}.png` });
  }

  await install.click();
  await expect(install).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  expect(hydrationErrors).toEqual([]);
});
