// A comic's page (docs/product.md §2 comic detail): name with start year, deck, a description whose links
// are disabled, Back, and the issues with 'Sort issues by' (six orders). Unknown ids show a
// clear not-found state. Expectations come from the API.
import type { Page } from '@playwright/test';

import { formatDollars } from '@comics/shared/money';
import { fetchComic, fetchComicsPage, fetchIssues, findComicForSorting, PROMO_IDS, type Issue } from './support/api';
import { expect, test } from './support/fixtures';
import { comicCards, expectCards, expectImageLoaded, issueButtons, issuesSection } from './support/screens';

type ShownIssue = { number: number; price: number; rating: number | null };

/** The issue cards as shown, in order: number, price and star rating (if any). */
function readIssueCards(page: Page): Promise<ShownIssue[]> {
  return issuesSection(page)
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const text = card.textContent ?? '';
        const rating = card.querySelector('[role="img"][aria-label^="Rated "]')?.getAttribute('aria-label');
        return {
          number: Number(/#(\d+(?:\.\d+)?)/.exec(text)?.[1]),
          price: Number(/\$(\d+\.\d{2})/.exec(text)?.[1]),
          rating: rating ? Number(/Rated ([\d.]+)/.exec(rating)?.[1]) : null,
        };
      }),
    );
}

const byNumber = (a: { number: number }, b: { number: number }) => a.number - b.number;

function shown(issue: Issue): ShownIssue {
  return { number: issue.issue_number, price: issue.price, rating: issue.avgRating };
}

/** Ratings in the given direction with unrated issues last (docs/product.md §2 Comic detail: 'Rating Ascending/Descending'). */
function ratingOrder(ratings: (number | null)[], direction: 1 | -1): (number | null)[] {
  const rated = ratings.filter((r): r is number => r !== null).sort((a, b) => direction * (a - b));
  return [...rated, ...ratings.filter((r) => r === null)];
}

/** Checks the cards are exactly the API's issues (same number, price and rating each). */
function expectSameIssues(cards: ShownIssue[], issues: Issue[]) {
  const rounded = (list: ShownIssue[]) =>
    list.map((i) => ({ ...i, rating: i.rating === null ? null : Number(i.rating.toFixed(1)) })).sort(byNumber);
  expect(rounded(cards)).toEqual(rounded(issues.map(shown)));
}

type SortCase = {
  label: string;
  value: string;
  /** What the sequence of cards must equal: derived from the API list. */
  key: (issues: Issue[]) => unknown[];
  read: (cards: ShownIssue[]) => unknown[];
};

const SORTS: SortCase[] = [
  // Default: the API's own order, exactly.
  { label: 'Default', value: 'default', key: (l) => l.map((i) => i.issue_number), read: (c) => c.map((i) => i.number) },
  {
    label: 'Issue Number',
    value: 'number',
    key: (l) => l.map((i) => i.issue_number).sort((a, b) => a - b),
    read: (c) => c.map((i) => i.number),
  },
  // Equal ratings and prices may come in any order: compare the sequence of values, which is
  // the same for every correct order (non-decreasing / non-increasing).
  {
    label: 'Rating Ascending',
    value: 'rating_asc',
    key: (l) =>
      ratingOrder(
        l.map((i) => i.avgRating),
        1,
      ).map(round1),
    read: (c) => c.map((i) => i.rating),
  },
  {
    label: 'Rating Descending',
    value: 'rating_desc',
    key: (l) =>
      ratingOrder(
        l.map((i) => i.avgRating),
        -1,
      ).map(round1),
    read: (c) => c.map((i) => i.rating),
  },
  {
    label: 'Price Ascending',
    value: 'price_asc',
    key: (l) => l.map((i) => i.price).sort((a, b) => a - b),
    read: (c) => c.map((i) => i.price),
  },
  {
    label: 'Price Descending',
    value: 'price_desc',
    key: (l) => l.map((i) => i.price).sort((a, b) => b - a),
    read: (c) => c.map((i) => i.price),
  },
];

function round1(value: number | null): number | null {
  return value === null ? null : Number(value.toFixed(1));
}

function sortSelect(page: Page) {
  return page.getByLabel('Sort issues by');
}

test('Sort issues by: each of the six orders sorts the issues like the API data', async ({ page, request }) => {
  const { comic, issues } = await findComicForSorting(request);
  await page.goto(`/cardDetail/${comic.id}`);
  await expect(issueButtons(page)).toHaveCount(issues.length);
  await expect(sortSelect(page)).toHaveValue('default');
  await expect(sortSelect(page).getByRole('option')).toHaveText(SORTS.map((sort) => sort.label));

  // Price Descending first, so that Default after it has to put the list back.
  for (const sort of [SORTS[5]!, ...SORTS.slice(0, 5)]) {
    await sortSelect(page).selectOption({ label: sort.label });
    await expect(sortSelect(page)).toHaveValue(sort.value);
    await expect
      .poll(async () => sort.read(await readIssueCards(page)), { message: sort.label })
      .toEqual(sort.key(issues));
    expectSameIssues(await readIssueCards(page), issues);
    if (sort.value === 'default') expect(new URL(page.url()).searchParams.has('sort')).toBe(false);
    else expect(new URL(page.url()).searchParams.get('sort')).toBe(sort.value);
  }

  // The order is part of the URL: a reload keeps it.
  await sortSelect(page).selectOption({ label: 'Price Descending' });
  await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
  await page.reload();
  await expect(sortSelect(page)).toHaveValue('price_desc');
  await expect(issueButtons(page)).toHaveCount(issues.length);
  expect((await readIssueCards(page)).map((i) => i.price)).toEqual(SORTS[5]!.key(issues));
});

test('Sort issues by rating: best (or worst) rated first, unrated issues last', async ({ page, request }) => {
  // The demo catalogue has no reviews yet, so this test gives the issues ratings by answering
  // the ratings call itself: the sort runs in the browser on whatever the API returns.
  const { comic, issues } = await findComicForSorting(request);
  const rate = (index: number) => (index % 4 === 3 ? null : 1 + ((index * 7) % 9) / 2);
  const rated = issues.map((issue, index) => ({ ...issue, avgRating: rate(index) }));
  await page.route(`**/api/comics/issues/rating/${comic.id}`, async (route) => {
    await route.fulfill({ response: await route.fetch(), json: rated });
  });

  await page.goto(`/cardDetail/${comic.id}`);
  await expect(issueButtons(page)).toHaveCount(issues.length);
  expectSameIssues(await readIssueCards(page), rated);
  for (const sort of SORTS.filter((s) => s.value.startsWith('rating_'))) {
    expect(new Set(sort.key(rated)).size, 'several distinct ratings').toBeGreaterThan(3);
    await sortSelect(page).selectOption({ label: sort.label });
    await expect
      .poll(async () => sort.read(await readIssueCards(page)), { message: sort.label })
      .toEqual(sort.key(rated));
  }
});

test('shows the name with its start year, the deck, the description with links disabled and the issues', async ({
  page,
  request,
}) => {
  // A promo comic whose description had a link in it (the server turns links into inert text).
  let comic = null;
  for (const id of PROMO_IDS) {
    const candidate = await fetchComic(request, id);
    if (candidate.description && /class="inert-link"/.test(candidate.description)) comic = candidate;
  }
  expect(comic, 'a promo comic whose description had a link').not.toBeNull();
  const { name, start_year, deck, description } = comic!;

  await page.goto(`/cardDetail/${comic!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(start_year ? `${name} (${start_year})` : name);
  await expect(page).toHaveTitle(new RegExp(name));
  if (deck) await expect(page.getByText(deck, { exact: true })).toBeVisible();
  await expectImageLoaded(page.getByRole('img', { name: `Cover of ${name}` }));

  // The description's paragraphs show as text; what was a link is plain text now.
  const paragraphs = [...description!.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
  expect(paragraphs.length).toBeGreaterThan(0);
  const main = page.getByRole('main');
  for (const text of paragraphs) await expect(main.getByText(text, { exact: true })).toBeVisible();
  for (const [, linkText] of description!.matchAll(/<span class="inert-link">(.*?)<\/span>/g)) {
    await expect(main.getByText(linkText!, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: linkText! })).toHaveCount(0);
  }
  // The description has no accessible handle of its own: its class is the only way in.
  const descriptionBox = page.locator('.comic-description');
  await expect(descriptionBox).toContainText(paragraphs[0]!);
  await expect(descriptionBox.locator('a[href]')).toHaveCount(0);
  await expect(descriptionBox.getByRole('link')).toHaveCount(0);

  // The issues, in the API's order, each with its number, name and price.
  const issues = await fetchIssues(request, comic!.id);
  await expect(issuesSection(page).getByRole('heading', { name: /^Issues/ })).toContainText(String(issues.length));
  await expect(issueButtons(page)).toHaveText(
    issues.map((issue) => `#${issue.issue_number}${issue.name ? ` ${issue.name}` : ''}, open details`),
  );
  const cards = issuesSection(page).getByRole('article');
  for (const index of [0, issues.length - 1]) {
    // Exactly 2 decimals: no digit after the API's price.
    const price = formatDollars(issues[index]!.price).replace(/[$.]/g, '\\$&');
    await expect(cards.nth(index)).toContainText(new RegExp(`${price}(?!\\d)`));
  }
});

test('Back returns to the page the visitor came from (or the home)', async ({ page, request }) => {
  // Opened directly, there is nowhere to go back to: Back goes to the home catalogue.
  const promo = await fetchComic(request, PROMO_IDS[1]);
  await page.goto(`/cardDetail/${promo.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(promo.name);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(comicCards(page)).toHaveCount(12);

  // From page 2 of the catalogue, Back returns to page 2.
  const page2 = (await fetchComicsPage(request, { page: 2 })).items;
  const names = page2.map((comic) => comic.name);
  await page.goto('/home?page=2');
  await expectCards(page, names);
  const comic = page2[5]!;
  await comicCards(page).getByRole('link', { name: comic.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cardDetail/${comic.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(comic.name);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home\?page=2$/);
  await expectCards(page, names);
});

test('an unknown comic shows a clear not-found state', async ({ page }) => {
  for (const path of ['/cardDetail/not-a-number', '/cardDetail/2147483']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Comic not found');
    await expect(page).toHaveTitle(/Comic not found/);
    await expect(page.getByRole('region', { name: /^Issues/ })).toHaveCount(0);
  }
  await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(comicCards(page)).toHaveCount(12);
});
