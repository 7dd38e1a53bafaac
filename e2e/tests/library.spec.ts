// 'My comics' as a library (issue 24) in Chromium. A customer who bought issues of two series
// switches the list (the spec's table, the default on a wide screen) to the grid, which shelves
// them by series; reads one issue to the end (Finished, 'Read again' from page 1) and stops in
// another (Reading (page 3 of M) with its bar); sorts, searches (accents aside) and clears; goes
// back to the list, and finds each choice kept after a reload. On a 390 px phone the grid is the
// default and nothing scrolls sideways. axe checks both views in both themes, and screenshots of
// the grid (desktop and phone) and of the phone's cart, light and dark, and of the list on a
// phone go to /tmp/library-*.png for a look.
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';

import { fetchComic, fetchComicsPage, fetchIssues, type Issue } from './support/api';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { expectImageLoaded } from './support/screens';
import { addToCartViaApi, payCartViaApi, signInAsNewCustomer } from './support/shop';

test.use({ reducedMotion: 'reduce' });

const THEMES = ['light', 'dark'] as const;
/** The promo comic whose name has accents (docs/product.md §9). */
const LEGION_ID = 796;
const PHONE = { width: 390, height: 844 };

type Series = { name: string; issues: Issue[] };

async function series(request: APIRequestContext, id: number): Promise<Series> {
  const issues = (await fetchIssues(request, id)).sort((a, b) => a.issue_number - b.issue_number);
  return { name: (await fetchComic(request, id)).name, issues };
}

/** Another comic of the first catalogue page, with at least three issues (the third goes in the cart). */
async function anotherSeries(request: APIRequestContext): Promise<Series> {
  for (const comic of (await fetchComicsPage(request)).items) {
    if (comic.id === LEGION_ID) continue;
    const found = await series(request, comic.id);
    if (found.issues.length >= 3) return found;
  }
  throw new Error('No comic with three issues on the first catalogue page');
}

async function pageCount(request: APIRequestContext, issueId: number): Promise<number> {
  const response = await request.get(`/api/issues/${issueId}/pages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as IssuePagesAnswer).pageCount;
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

function seriesHeadings(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 2 });
}

/** Opens the issue from its card, turns to `toPage` ('End' for the last) and comes back once it is saved. */
async function readFromCard(page: Page, issueId: number, name: string, toPage: number | 'last'): Promise<void> {
  await card(page, name)
    .getByRole('link', { name: /^(Read|Continue): / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/user/read/${issueId}`));
  const status = page.getByRole('status').filter({ hasText: /^Page \d+ of \d+$/ });
  await expect(status).toHaveText(/^Page 1 of \d+$/);
  const total = Number((await status.textContent())!.split(' of ')[1]);
  const target = toPage === 'last' ? total : toPage;
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith(`/api/user/reading/${issueId}`) &&
      response.request().postDataJSON()?.page === target,
  );
  if (toPage === 'last') await page.keyboard.press('End');
  else for (let turn = 1; turn < toPage; turn++) await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText(`Page ${target} of ${total}`);
  expect((await saved).status()).toBe(200);
  await page.getByRole('link', { name: /^Back/ }).click();
  await expect(page).toHaveURL(/\/user\/purchases/);
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: wider than the screen`).toBe(clientWidth);
}

test('a customer’s library: shelves by series, Finished and Read again, Reading with its bar, sort, search, and the list kept after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const legion = await series(request, LEGION_ID);
  expect(legion.name).toBe('Légion Étrange');
  expect(legion.issues.length, 'Légion Étrange has two issues to buy').toBeGreaterThanOrEqual(2);
  const other = await anotherSeries(request);
  const customer = await signInAsNewCustomer(page);
  // The other series first, Légion Étrange in a later order: it is the series bought last.
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [other.issues[0]!.id, other.issues[1]!.id]));
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [legion.issues[1]!.id, legion.issues[0]!.id]));
  const [legion1, legion2] = [legion.issues[0]!, legion.issues[1]!];
  const [other1, other2] = [other.issues[0]!, other.issues[1]!];
  const label = (s: Series, issue: Issue) => `${s.name} #${issue.issue_number}`;

  // A wide screen opens on the list: the spec's table.
  await page.goto('/user/purchases');
  const table = page.getByRole('table', { name: 'My comics' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Purchase Detail', '#Issue number', 'Format', 'Price']);
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();

  // The grid: a shelf per series, the one bought last first, issues in number order.
  await page.getByText('Grid', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Grid' })).toBeChecked();
  await expect(table).toHaveCount(0);
  await expect(seriesHeadings(page)).toHaveText([legion.name, other.name]);
  const legionShelf = page.getByRole('region', { name: legion.name });
  await expect(legionShelf.getByRole('article')).toHaveText([
    new RegExp(`^${label(legion, legion1)}`),
    new RegExp(`^${label(legion, legion2)}`),
  ]);
  await expect(card(page, label(legion, legion1))).toContainText('Unread');

  // Read Légion Étrange #1 to its last page: Finished, and 'Read again' from page 1.
  await readFromCard(page, legion1.id, label(legion, legion1), 'last');
  const finished = card(page, label(legion, legion1));
  await expect(finished).toContainText('Finished');
  await expect(finished.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(finished.getByRole('link', { name: `Read again: ${label(legion, legion1)}` })).toHaveAttribute(
    'href',
    `/user/read/${legion1.id}?page=1`,
  );
  await expect(legionShelf).toContainText('2 issues · 1 finished');

  // Stop on page 3 of the other series' #2: Reading, with the bar at 3 of M.
  const otherPages = await pageCount(request, other2.id);
  await readFromCard(page, other2.id, label(other, other2), 3);
  const reading = card(page, label(other, other2));
  await expect(reading).toContainText(`Reading (page 3 of ${otherPages})`);
  const bar = reading.getByRole('progressbar', { name: `Reading progress of ${label(other, other2)}` });
  await expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((3 / otherPages) * 100)));
  await expect(bar).toHaveAttribute('aria-valuetext', `Reading (page 3 of ${otherPages})`);
  await expect(reading.getByRole('link', { name: `Continue: ${label(other, other2)}` })).toHaveAttribute(
    'href',
    `/user/read/${other2.id}`,
  );
  await expect(card(page, label(other, other1))).toContainText('Unread');

  // The grid in both themes: axe, and a look.
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(card(page, label(legion, legion1))).toContainText('Finished');
    for (const image of await page.getByRole('main').locator('article img').all()) await expectImageLoaded(image);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousAxeViolations(page, `My comics, grid, ${theme}`);
    await page.screenshot({ path: `/tmp/library-grid-desktop-${theme}.png`, fullPage: true });
  }

  // Sort: the series read last first; Title: one list across the series; Series: by name.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Recently read' });
  await expect(seriesHeadings(page)).toHaveText([other.name, legion.name]);
  await expect(page).toHaveURL(/\?sort=read$/);
  await sort.selectOption({ label: 'Title' });
  await expect(seriesHeadings(page)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'My comics by title' }).getByRole('article')).toHaveCount(4);
  await sort.selectOption({ label: 'Series' });
  await expect(seriesHeadings(page)).toHaveText(
    [legion.name, other.name].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
  );
  // The order is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('series');
  await sort.selectOption({ label: 'Recently bought' });
  await expect(page).toHaveURL(/\/user\/purchases$/);

  // Search: accents and case aside, by series, and by number; nothing found says so.
  const search = page.getByRole('searchbox', { name: 'Search my comics' });
  await search.fill('LEGION etrange');
  await expect(seriesHeadings(page)).toHaveText([legion.name]);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await search.fill(`legion #${legion2.issue_number}`);
  await expect(page.getByRole('main').getByRole('article')).toHaveText([new RegExp(`^${label(legion, legion2)}`)]);
  await search.fill('no such comic');
  await expect(page.getByText('No comics match “no such comic”')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);

  // Back to the list, kept after a reload; the finished row says 'Read again' there too.
  await page.getByText('List', { exact: true }).click();
  await expect(table).toBeVisible();
  await page.reload();
  await expect(table).toBeVisible();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  const finishedRow = table.getByRole('row').filter({ hasText: label(legion, legion1) });
  await expect(finishedRow.getByRole('link', { name: 'Read again' })).toHaveAttribute(
    'href',
    `/user/read/${legion1.id}?page=1`,
  );
  const readingRow = table.getByRole('row').filter({ hasText: label(other, other2) });
  await expect(readingRow.getByRole('link', { name: `Continue (page 3 of ${otherPages})` })).toBeVisible();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(table).toBeVisible();
    await expectNoSeriousAxeViolations(page, `My comics, list, ${theme}`);
  }
  // And the grid again, kept after a reload.
  await page.getByText('Grid', { exact: true }).click();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Grid' })).toBeChecked();
  await expect(seriesHeadings(page)).toHaveText([legion.name, other.name]);

  // The keyboard reaches the controls and the cards' links, in order.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Grid' })).toBeFocused();
  // The series' own actions (keeping it for offline reading, issue 28), then its cards.
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: new RegExp(`^Download series for offline: ${legion.name},`) }),
  ).toBeFocused();
  const nextUnread = page.getByRole('button', {
    name: new RegExp(`^Next \\d unread, downloaded for offline: ${legion.name}$`),
  });
  if ((await nextUnread.count()) > 0) {
    await page.keyboard.press('Tab');
    await expect(nextUnread).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(
    card(page, label(legion, legion1)).getByRole('link', { name: /^(Read|Continue|Read again): / }),
  ).toBeFocused();

  // A phone: the grid is the default until the user chooses; the phone's cart, for a look.
  await page.evaluate(() => localStorage.removeItem('myComicsView'));
  await page.setViewportSize(PHONE);
  await addToCartViaApi(page, customer.id, [other.issues[2]!.id]);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(page.getByRole('radio', { name: 'Grid' })).toBeChecked();
    await expect(seriesHeadings(page)).toHaveText([legion.name, other.name]);
    for (const image of await page.getByRole('main').locator('article img').all()) await expectImageLoaded(image);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSidewaysScroll(page, `My comics at 390 px, ${theme}`);
    await expectNoSeriousAxeViolations(page, `My comics, grid at 390 px, ${theme}`);
    await page.screenshot({ path: `/tmp/library-grid-phone-${theme}.png`, fullPage: true });

    await page.goto('/user/shop');
    const bag = page.getByRole('table', { name: 'Shopping Bag' });
    await expect(bag.getByRole('row').filter({ hasText: label(other, other.issues[2]!) })).toBeVisible();
    await expectImageLoaded(bag.locator('img').first());
    await expectNoSidewaysScroll(page, `the cart at 390 px, ${theme}`);
    await page.screenshot({ path: `/tmp/library-cart-phone-${theme}.png`, fullPage: true });
    await page.goto('/user/purchases');
  }
  // The list on a phone: the spec's table as cards.
  await page.getByText('List', { exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(5);
  await expectNoSidewaysScroll(page, 'My comics, list at 390 px');
  await page.screenshot({ path: '/tmp/library-list-phone-dark.png', fullPage: true });
});
