// A guest's /home and / arrive rendered (ADR 014): the first HTML already shows the navbar, the
// carousel's first slide and the catalogue's first cards, with the first cover preloaded, so the
// page paints before any script runs; the app then hydrates that markup (no React hydration
// error, no element drawn again) and works as before. Expectations come from the API.
import { fetchComicsPage } from './support/api';
import { expect, test } from './support/fixtures';
import { comicCards } from './support/screens';

test('the first HTML of /home shows the first cards and preloads the first cover, without scripts', async ({
  browser,
  request,
}) => {
  const { items } = await fetchComicsPage(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'All comics' })).toBeVisible();
  await expect(comicCards(page)).toHaveCount(items.length);
  await expect(comicCards(page).first().getByRole('link').first()).toHaveText(items[0]!.name);
  await expect(page.getByRole('heading', { name: 'Every issue. Every publisher.' })).toBeVisible();
  await expect(page.locator(`head link[rel="preload"][as="image"][href="${items[0]!.image}"]`)).toHaveAttribute(
    'fetchpriority',
    'high',
  );

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go Shop' })).toBeVisible();
  await context.close();
});

test('the main script asks V8 to compile it while it downloads (its first line is the hint)', async ({ page }) => {
  await page.goto('/home');
  const entry = await page.locator('head script[type="module"]').getAttribute('src');
  expect(entry, 'the module script of /home').toBeTruthy();
  const code = await (await page.request.get(entry!)).text();
  expect(code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('the page is laid out once, in Inter: the font is preloaded and shown only if it came in time', async ({
  page,
}) => {
  await page.goto('/home');
  // Without the preload, an optional font misses the first paint and the first visit never shows it.
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute('href', /\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute('crossorigin', '');
  // With `swap` (@fontsource's default), a font that arrives after the first paint lays the whole
  // page out and paints it again: on a slow phone a long task after the first paint.
  const faces = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family === 'Inter Variable')
      .map((face) => ({ display: face.display, status: face.status }));
  });
  expect(faces.length).toBeGreaterThan(0);
  expect(faces.every((face) => face.display === 'optional')).toBe(true);
  expect(faces.some((face) => face.status === 'loaded')).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Comics'))).toBe(true);
});

test('a search typed before the app takes over the page is kept, and Enter searches it', async ({ page }) => {
  // A slow phone: the main script arrives two seconds after the rendered page.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto('/home', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Search comic' });
  await box.pressSequentially('ada', { delay: 30 });
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible({ timeout: 10_000 });
  await expect(box).toHaveValue('ada');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/home\?q=ada$/);
});

for (const path of ['/home', '/']) {
  test(`${path} hydrates the server's markup: no hydration error, no element drawn again`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Counts the elements removed from the page while it loads: hydration keeps the server's.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedElements: string[] }).removedElements = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && node.localName !== 'link') removed.push(node.outerHTML.slice(0, 120));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements)).toEqual([]);
  });
}

test('after hydration /home works: a card opens its comic, the theme switch still switches', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  await page.getByRole('switch', { name: 'Dark theme' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  const first = comicCards(page).first().getByRole('link').first();
  const name = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(/\/cardDetail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name!.trim());
});
