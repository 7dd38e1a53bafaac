// The home catalogue (docs/product.md §2, §9): 12 cards a page with Prev / Next / numbered buttons, the
// publisher filter, the name sort, 'Reset Filters' and the navbar search; the view lives in
// the URL, so reload and back/forward show it again. Expectations come from the API.
import type { Page } from '@playwright/test';

import { COMICS_PER_PAGE, fetchComicNames, fetchComicsPage, findPagedPublisher } from './support/api';
import { expect, test } from './support/fixtures';
import {
  catalogPager,
  catalogSort,
  comicCards,
  expectCards,
  expectImageLoaded,
  publisherFilter,
  searchBox,
} from './support/screens';

/** The URL shows the home with exactly these search parameters. */
async function expectView(page: Page, params: Record<string, string>) {
  await expect(page).toHaveURL((url) => {
    const actual = Object.fromEntries(url.searchParams);
    return url.pathname === '/home' && JSON.stringify(actual) === JSON.stringify(params);
  });
}

function pageButton(page: Page, name: string) {
  return catalogPager(page).getByRole('button', { name, exact: true });
}

async function expectCurrentPage(page: Page, n: number) {
  await expect(pageButton(page, `Page ${n}`)).toHaveAttribute('aria-current', 'page');
}

/** A card's link, by the comic's exact name. */
function cardLink(page: Page, name: string) {
  return comicCards(page).getByRole('link', { name, exact: true });
}

test('shows 12 cards a page; Next, Prev and the numbered buttons page through the API order', async ({
  page,
  request,
}) => {
  const { items, total } = await fetchComicsPage(request);
  const lastPage = Math.ceil(total / COMICS_PER_PAGE);
  const [page1, page2, page3, last] = [
    items.map((comic) => comic.name),
    ...(await Promise.all([2, 3, lastPage].map((n) => fetchComicNames(request, { page: n })))),
  ];
  await page.goto('/home');

  await expect(comicCards(page)).toHaveCount(COMICS_PER_PAGE);
  await expectCards(page, page1!);
  await expect(page.getByRole('heading', { name: 'All comics' })).toBeVisible();
  await expect(page.getByText(`Showing 1–12 of ${total.toLocaleString('en-US')} comics`)).toBeVisible();
  // Each card shows its cover, start year and publisher.
  const first = comicCards(page).first();
  await expect(first).toContainText(items[0]!.publisher);
  if (items[0]!.start_year) await expect(first).toContainText(String(items[0]!.start_year));
  await expectImageLoaded(first.locator('img'));
  await expectCurrentPage(page, 1);
  await expect(pageButton(page, 'Prev')).toBeDisabled();

  await pageButton(page, 'Next').click();
  await expectView(page, { page: '2' });
  await expectCards(page, page2!);
  await expectCurrentPage(page, 2);
  await expect(page.getByText(`Showing 13–24 of`)).toBeVisible();

  await pageButton(page, 'Page 3').click();
  await expectView(page, { page: '3' });
  await expectCards(page, page3!);
  await expectCurrentPage(page, 3);

  await pageButton(page, 'Prev').click();
  await expectView(page, { page: '2' });
  await expectCards(page, page2!);

  await pageButton(page, 'Page 1').click();
  await expectView(page, {});
  await expectCards(page, page1!);
  await expect(pageButton(page, 'Prev')).toBeDisabled();

  // The last page holds the rest, and has no Next.
  await pageButton(page, `Page ${lastPage}`).click();
  await expectView(page, { page: String(lastPage) });
  await expectCards(page, last!);
  await expect(pageButton(page, 'Next')).toBeDisabled();

  // Back and forward walk the pages visited; a reload shows the same page.
  await page.goBack();
  await expectView(page, {});
  await expectCards(page, page1!);
  await page.goBack();
  await expectView(page, { page: '2' });
  await expectCards(page, page2!);
  await page.goBack();
  await expectView(page, { page: '3' });
  await expectCards(page, page3!);
  await page.goForward();
  await expectView(page, { page: '2' });
  await expectCards(page, page2!);
  await page.reload();
  await expectCards(page, page2!);
  await expectCurrentPage(page, 2);
});

test('filter by publisher, sort Z - A and Reset Filters; the URL reproduces the view', async ({ page, request }) => {
  const publisher = await findPagedPublisher(request);
  const [
    defaultPage1,
    defaultPage2,
    byPublisher,
    byPublisherPage2,
    descending,
    publisherDescendingPage1,
    publisherDescending,
  ] = await Promise.all([
    fetchComicNames(request),
    fetchComicNames(request, { page: 2 }),
    fetchComicNames(request, { publisher: publisher.name }),
    fetchComicNames(request, { publisher: publisher.name, page: 2 }),
    fetchComicNames(request, { sort: 'name_desc' }),
    fetchComicNames(request, { publisher: publisher.name, sort: 'name_desc' }),
    fetchComicNames(request, { publisher: publisher.name, sort: 'name_desc', page: 2 }),
  ]);
  const filter = publisherFilter(page);
  const sort = catalogSort(page);

  // Start on page 2 of the full catalogue.
  await page.goto('/home?page=2');
  await expectCards(page, defaultPage2);
  await expect(filter).toHaveValue('');
  await expect(filter.getByRole('option', { name: 'Filter by Publisher...' })).toHaveCount(1);
  await expect(sort).toHaveValue('');
  await expect(sort.getByRole('option', { name: 'Sort by name...' })).toHaveCount(1);

  // The publisher filter shows only that publisher's comics, from page 1.
  await filter.selectOption({ label: publisher.name });
  await expectView(page, { publisher: publisher.name });
  await expectCards(page, byPublisher);
  for (const card of await comicCards(page).all()) await expect(card).toContainText(publisher.name);
  await expect(page.getByText(`Showing 1–12 of ${publisher.total} comics`)).toBeVisible();
  await expectCurrentPage(page, 1);
  await pageButton(page, 'Next').click();
  await expectView(page, { publisher: publisher.name, page: '2' });
  await expectCards(page, byPublisherPage2);
  for (const card of await comicCards(page).all()) await expect(card).toContainText(publisher.name);

  // Clearing the filter and sorting Z - A: the API's name_desc order, from page 1.
  await filter.selectOption({ label: 'Filter by Publisher...' });
  await expectView(page, {});
  await expectCards(page, defaultPage1);
  await sort.selectOption({ label: 'Z - A' });
  await expectView(page, { sort: 'name_desc' });
  await expectCards(page, descending);

  // Filter and sort together, page 2: a reload, back/forward and a shared link show it again.
  await filter.selectOption({ label: publisher.name });
  // Wait for the filtered first page: a pager button clicked mid-change can be swapped out
  // before the click lands.
  await expectView(page, { publisher: publisher.name, sort: 'name_desc' });
  await expectCards(page, publisherDescendingPage1);
  await pageButton(page, 'Page 2').click();
  const view = { publisher: publisher.name, sort: 'name_desc', page: '2' };
  await expectView(page, view);
  await expectCards(page, publisherDescending);
  await page.reload();
  await expectCards(page, publisherDescending);
  await expect(filter).toHaveValue(publisher.name);
  await expect(sort).toHaveValue('name_desc');
  await page.goBack();
  await expectView(page, { publisher: publisher.name, sort: 'name_desc' });
  await page.goForward();
  await expectView(page, view);
  await expectCards(page, publisherDescending);
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expectCards(shared, publisherDescending);
  await expect(publisherFilter(shared)).toHaveValue(publisher.name);
  await expect(catalogSort(shared)).toHaveValue('name_desc');
  await shared.close();

  // 'Reset Filters' restores the default view.
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expectView(page, {});
  await expectCards(page, defaultPage1);
  await expect(filter).toHaveValue('');
  await expect(sort).toHaveValue('');
  await expectCurrentPage(page, 1);
});

/** The longest plain word of a name (6+ letters), if any. */
function longWord(name: string): string | undefined {
  return (name.match(/[A-Za-z]{6,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
}

const typos = {
  'a dropped letter': (word: string) => word.slice(0, 3) + word.slice(4),
  'two swapped letters': (word: string) => word.slice(0, 3) + word[4] + word[3] + word.slice(5),
};

test('a search with a typo finds the comic from page 3 and shows page 1 of the results', async ({ page, request }) => {
  // The comics the visitor has in mind are on page 3, where they start.
  const page3 = (await fetchComicsPage(request, { page: 3 })).items;
  const targets = page3.filter((comic) => longWord(comic.name));
  expect(targets.length, 'comics on page 3 with a long word in their names').toBeGreaterThanOrEqual(2);
  const page3Names = page3.map((comic) => comic.name);

  for (const [index, [kind, misspell]] of Object.entries(typos).entries()) {
    const target = targets[index]!;
    const word = longWord(target.name)!;
    const typo = misspell(word);
    expect(target.name.toLowerCase(), 'the typo is not part of the name').not.toContain(typo.toLowerCase());
    // Just the misspelt word: no correct word in the query can find the comic instead.
    const query = typo;

    await page.goto('/home?page=3');
    await expectCards(page, page3Names);
    await searchBox(page).fill(query);
    await searchBox(page).press('Enter');

    await expectView(page, { q: query });
    await expect(page.getByRole('heading', { name: `Results for “${query}”` }), kind).toBeVisible();
    await expect(cardLink(page, target.name), `${kind}: “${query}” finds ${target.name}`).toBeVisible();
    await expectCards(page, await fetchComicNames(request, { name: query }));
    if (await catalogPager(page).isVisible()) await expectCurrentPage(page, 1);

    // Reload keeps the search (and the box its text); Back returns to page 3, Forward again.
    await page.reload();
    await expect(cardLink(page, target.name)).toBeVisible();
    await expect(searchBox(page)).toHaveValue(query);
    await page.goBack();
    await expectView(page, { page: '3' });
    await expectCards(page, page3Names);
    await expect(searchBox(page)).toHaveValue('');
    await page.goForward();
    await expect(searchBox(page)).toHaveValue(query);
    await expect(cardLink(page, target.name)).toBeVisible();
  }
});

test('an empty search reloads the full list; the clear icon shows only with text', async ({ page, request }) => {
  const { items, total } = await fetchComicsPage(request);
  const names = items.map((comic) => comic.name);
  const clear = page.getByRole('button', { name: 'Clear search' });
  await page.goto('/home');
  await expectCards(page, names);
  await expect(searchBox(page)).toHaveValue('');
  await expect(clear).toHaveCount(0);
  await searchBox(page).fill('a');
  await expect(clear).toBeVisible();
  await searchBox(page).fill('');
  await expect(clear).toHaveCount(0);

  // A search, then one of only spaces: the full list again.
  await searchBox(page).fill(items[0]!.name);
  await searchBox(page).press('Enter');
  await expectView(page, { q: items[0]!.name });
  await expectCards(page, await fetchComicNames(request, { name: items[0]!.name }));
  await searchBox(page).fill('   ');
  await expect(clear).toBeVisible();
  await searchBox(page).press('Enter');
  await expectView(page, {});
  await expect(page.getByRole('heading', { name: 'All comics' })).toBeVisible();
  await expectCards(page, names);
  await expect(page.getByText(`Showing 1–12 of ${total.toLocaleString('en-US')} comics`)).toBeVisible();
  await expect(searchBox(page)).toHaveValue('');
  await expect(clear).toHaveCount(0);

  // The clear icon on a search that ran: the box empties, keeps focus, the full list returns.
  await searchBox(page).fill(items[1]!.name);
  await searchBox(page).press('Enter');
  await expectView(page, { q: items[1]!.name });
  await clear.click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(clear).toHaveCount(0);
  await expectView(page, {});
  await expectCards(page, names);
});
