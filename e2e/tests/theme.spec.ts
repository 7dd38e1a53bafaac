// The light/dark theme (docs/product.md §2 navbar, §9 default light): the choice is stored in
// localStorage and applied to <html data-bs-theme> before the app renders.
import type { Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import { comicCards } from './support/screens';

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.bsTheme);

test('the theme starts light; dark persists across reload and applies before the app renders', async ({ page }) => {
  await page.goto('/home');
  const toggle = page.getByRole('switch', { name: 'Dark theme' });
  await expect(comicCards(page)).toHaveCount(12);
  expect(await themeOf(page)).toBe('light');
  await expect(toggle).not.toBeChecked();

  await toggle.check();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Right after navigation (the DOM parsed, the app not necessarily rendered) it is dark.
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await themeOf(page)).toBe('dark');
  await expect(toggle).toBeChecked();
  await expect(comicCards(page)).toHaveCount(12);
  expect(await themeOf(page)).toBe('dark');

  // Other pages open dark too (the landing page has its own switch).
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect(await themeOf(page)).toBe('dark');
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();

  // Without the app's scripts at all the page (rendered on the server, ADR 014) is already dark:
  // no light flash first.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/home', { waitUntil: 'domcontentloaded' });
  expect(await themeOf(page)).toBe('dark');
  await expect(page.getByRole('heading', { name: 'All comics' })).toBeVisible();
  await page.unroute(/\/assets\/.*\.js$/);

  // Back to light: that persists too.
  await page.goto('/home');
  await toggle.uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await themeOf(page)).toBe('light');
  await expect(toggle).not.toBeChecked();
});

test('the switch works before the app has started, and the app keeps what it chose', async ({ page }) => {
  // The app's scripts held back: the page is the server's, as a slow phone shows it for a while.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/home', { waitUntil: 'domcontentloaded' });
  expect(await themeOf(page)).toBe('light');
  await page.getByRole('switch', { name: 'Dark theme' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await expect(comicCards(page)).toHaveCount(12);
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  expect(await themeOf(page)).toBe('dark');
  // Turned in the app once it runs, one change: back to light.
  await page.getByRole('switch', { name: 'Dark theme' }).uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});
