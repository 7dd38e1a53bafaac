// Phones fit: at 360 px wide, in light and dark, no route of the shop scrolls sideways (a guest's,
// a customer's with a cart, purchases and a favourite, an administrator's with an order and a
// review to show), the search box is in the bar itself, not behind the menu, and the admin tables
// are cards whose controls are on the screen. The admin screens' screenshots go to
// /tmp/phone-fit-*.png for a look.
import type { Locator, Page, Request } from '@playwright/test';

import type { Comic, ComicSummary, Issue } from './support/api';
import { DEMO_ADMIN, loginViaApi, originHeader } from './support/auth';
import { expect, test } from './support/fixtures';
import { findReviewedComic, postReviewAsNewCustomer, REVIEWED_ISSUE } from './support/reviews';
import { comicCards, issueButtons, publisherFilter } from './support/screens';
import { addToCartViaApi, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

const THEMES = ['light', 'dark'] as const;

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

/** A route, and a wait for what it shows last: the content its data brings. */
type Route = { path: string; loaded: (page: Page) => Promise<void> };

/** The page's requests under way, followed from the first route the test opens. */
const underWay = new WeakMap<Page, Set<Request>>();

function requestsUnderWay(page: Page): Set<Request> {
  let requests = underWay.get(page);
  if (!requests) {
    const pending = new Set<Request>();
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    underWay.set(page, (requests = pending));
  }
  return requests;
}

/**
 * Settled: no request under way, a frame drawn since the last one ended (so what it brought is
 * laid out, and any request that led to has started), and every image in view loaded. Unlike
 * waiting for 'networkidle', this ends as soon as the page is whole, not half a second later.
 */
async function settle(page: Page, requests: Set<Request>) {
  await expect
    .poll(
      async () => {
        if (requests.size > 0) return `${requests.size} request(s) under way`;
        const loading = await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve(
                    [...document.images].filter((image) => {
                      const box = image.getBoundingClientRect();
                      const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
                      return inView && !image.complete;
                    }).length,
                  ),
                ),
              ),
            ),
        );
        if (loading > 0) return `${loading} image(s) in view loading`;
        return requests.size > 0 ? `${requests.size} request(s) under way` : 'settled';
      },
      { message: `${page.url()} settles`, intervals: [20] },
    )
    .toBe('settled');
}

/**
 * Opens the route in each theme, waits for its content and for the page to settle, and fails if
 * the page is wider than the screen; with `shot`, saves a screenshot of it in each theme to
 * /tmp/phone-fit-{shot}-{theme}.png for a look.
 */
async function expectNoSidewaysScroll(page: Page, { path, loaded }: Route, shot?: string) {
  const requests = requestsUnderWay(page);
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto(path);
    await loaded(page);
    await settle(page, requests);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wider = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .filter((element) => !element.closest('.visually-hidden, .offcanvas:not(.show), [aria-hidden="true"]'))
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      return { scrollWidth: document.documentElement.scrollWidth, width, wider: wider.slice(0, 5) };
    });
    expect(overflow.scrollWidth, `${path} in ${theme}: wider than the screen (${overflow.wider.join(', ')})`).toBe(
      overflow.width,
    );
    if (shot) await page.screenshot({ path: `/tmp/phone-fit-${shot}-${theme}.png`, fullPage: true });
  }
}

test('a guest’s routes fit a 360 px screen, and search is in the bar', async ({ page, request }) => {
  const { comic, issues } = await findSmallComic(request);
  await page.goto('/home');
  await expect(page.getByRole('banner').or(page.getByRole('navigation')).getByRole('searchbox').first()).toBeVisible();
  const issue = issues[0]!;
  for (const route of [
    { path: '/', loaded: (page) => expect(main(page).getByRole('link', { name: /: see the comic$/ })).toHaveCount(3) },
    { path: '/home', loaded: catalogLoaded },
    { path: `/cardDetail/${comic.id}`, loaded: (page) => comicLoaded(page, comic, issues) },
    { path: `/cardDetail/${comic.id}?issue=${issue.id}`, loaded: (page) => issueWindowLoaded(page, comic, issues) },
    {
      path: '/login',
      loaded: (page) => expect(page.getByText('Development sign-in: no Google account needed')).toBeVisible(),
    },
    { path: '/singup', loaded: (page) => expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible() },
    {
      path: '/forgot-password',
      loaded: (page) => expect(page.getByRole('button', { name: 'Send link' })).toBeVisible(),
    },
    {
      path: '/reset-password',
      loaded: (page) => expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible(),
    },
    { path: `/user/read/${issue.id}`, loaded: readerLoaded },
    {
      path: '/no-such-page',
      loaded: (page) => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
    },
  ] satisfies Route[]) {
    await expectNoSidewaysScroll(page, route);
  }
});

test('a customer’s routes fit a 360 px screen: cart, checkout, My comics, orders, favourites, profile', async ({
  page,
  request,
}) => {
  test.slow();
  const customer = await signInAsNewCustomer(page);
  const { comic, issues } = await findSmallComic(request);
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [issues[0]!.id]));
  await addToCartViaApi(page, customer.id, [issues[1]!.id, issues[2]!.id]);
  const favourite = await page.request.post('/api/fav', {
    data: { issuesId: issues[1]!.id, userId: customer.id },
    headers: originHeader(),
  });
  expect(favourite.status()).toBe(200);
  const [order] = (await (await page.request.get('/api/shop/orders')).json()) as Array<{ orderId: number }>;
  const { orderId } = order!;
  const favourites = (page: Page) => page.getByRole('region', { name: 'YOUR FAVORITE COMICS' }).getByRole('article');
  for (const route of [
    {
      path: '/user/orders',
      loaded: (page) => expect(page.getByRole('region', { name: `Order #${orderId}` })).toBeVisible(),
    },
    {
      path: `/user/orders/${orderId}`,
      loaded: (page) => expect(page.getByRole('table', { name: `The issues of order #${orderId}` })).toBeVisible(),
    },
    {
      path: '/user',
      loaded: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${customer.name}!` })).toBeVisible();
        await expect(favourites(page)).toHaveCount(1);
      },
    },
    { path: '/user/home', loaded: catalogLoaded },
    {
      path: `/user/cardDetail/${comic.id}?issue=${issues[0]!.id}`,
      loaded: (page) => issueWindowLoaded(page, comic, issues),
    },
    {
      path: '/user/shop',
      loaded: async (page) => {
        await expect(page.getByRole('table', { name: 'Shopping Bag' }).getByRole('row')).toHaveCount(3);
        await expect(page.getByRole('link', { name: /^Checkout \$/ })).toBeVisible();
      },
    },
    {
      path: '/user/shop/checkout',
      loaded: async (page) => {
        await expect(page.getByRole('list', { name: 'Issues in your cart' }).getByRole('listitem')).toHaveCount(2);
        await expect(page.getByLabel('Card number')).toBeVisible();
      },
    },
    {
      path: '/user/purchases',
      loaded: (page) =>
        expect(main(page).getByRole('article', { name: `${comic.name} #${issues[0]!.issue_number}` })).toBeVisible(),
    },
    {
      path: '/user/fav',
      loaded: async (page) => {
        await expect(favourites(page)).toHaveCount(1);
        await expect(page.getByRole('region', { name: 'Series you follow' })).toBeVisible();
      },
    },
    {
      path: '/user/users',
      loaded: (page) => expect(main(page).getByText(customer.email, { exact: true })).toBeVisible(),
    },
  ] satisfies Route[]) {
    await expectNoSidewaysScroll(page, route);
  }
});

test('an administrator’s routes fit a 360 px screen: dashboard, users, reviews, orders, upload', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  // An order and a review to show, whatever else runs: a customer of their own pays, a critic reviews.
  const buyer = await browser.newContext({ baseURL });
  try {
    const buyerPage = await buyer.newPage();
    const customer = await signInAsNewCustomer(buyerPage);
    const { issues } = await findSmallComic(request);
    await payCartViaApi(buyerPage, await addToCartViaApi(buyerPage, customer.id, [issues[0]!.id]));
  } finally {
    await buyer.close();
  }
  const reviewed = await findReviewedComic(request);
  await postReviewAsNewCustomer(request, {
    volumeId: reviewed.comic.id,
    issueId: reviewed.issues[REVIEWED_ISSUE.adminScreens]!.id,
    rating: 4,
    description: 'Reads well on a phone.',
  });

  await loginViaApi(page, DEMO_ADMIN);
  const firstRow = (page: Page, table: string) => page.getByRole('table', { name: table }).getByRole('row').nth(1);
  for (const route of [
    {
      path: '/dashboard/admin',
      loaded: async (page) => {
        await expect(firstRow(page, 'Recent Orders')).toBeVisible();
        await expect(page.getByRole('region', { name: 'Recent admin activity' })).toBeVisible();
        // The chart (drawn from its own script once the figures are in) is hidden from assistive tech.
        await expect(page.locator('.revenue-chart-frame .recharts-wrapper')).toBeVisible();
      },
    },
    { path: '/dashboard/users', loaded: (page) => expect(firstRow(page, 'Users').getByRole('switch')).toBeVisible() },
    {
      path: '/dashboard/reviews',
      loaded: (page) => expect(page.getByRole('button', { name: /^Remove the review by / }).first()).toBeVisible(),
    },
    {
      path: '/dashboard/orders',
      loaded: (page) =>
        expect(firstRow(page, 'Orders').getByRole('button', { name: /^Details of order/ })).toBeVisible(),
    },
    {
      path: '/dashboard/upload',
      loaded: async (page) => {
        await expect(page.getByRole('button', { name: 'Add comic' })).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Publisher' })).toBeVisible();
      },
    },
    { path: '/admin', loaded: catalogLoaded },
  ] satisfies Route[]) {
    await expectNoSidewaysScroll(page, route, route.path.slice(1).replace(/\//g, '-'));
  }

  // The tables are cards on a phone: each row's controls are on the screen, not off to the side.
  await page.goto('/dashboard/users');
  const user = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
  await expectOnScreen(user.getByRole('combobox', { name: /^Role of / }));
  await expectOnScreen(user.getByRole('switch'));
  await page.goto('/dashboard/orders');
  const order = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
  await expectOnScreen(order.getByRole('button', { name: /^Details of order #\d+$/ }));
  // The order's detail: its lines fit the dialog without scrolling sideways.
  await order.getByRole('button', { name: /^Details of order #\d+$/ }).click();
  const lines = page.getByRole('dialog').getByRole('region', { name: /^The issues of order #\d+$/ });
  await expect(lines).toBeVisible();
  await page.screenshot({ path: '/tmp/phone-fit-order-detail.png' });
  await expectNoSidewaysScrollIn(lines);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/admin');
  const recent = page.getByRole('table', { name: 'Recent Orders' }).getByRole('row').nth(1);
  await expectOnScreen(recent.getByRole('link', { name: /^Details of order #\d+$/ }));
  // The chart's figures as a table: its columns fit too.
  await page.getByRole('button', { name: 'Show as table' }).click();
  const days = page.getByRole('region', { name: 'Revenue and orders per day, as a table' });
  await expect(days).toBeVisible();
  await days.screenshot({ path: '/tmp/phone-fit-days-table.png' });
  await expectNoSidewaysScrollIn(days);
  await page.goto('/dashboard/reviews');
  await expectOnScreen(page.getByRole('button', { name: /^Remove the review by / }).first());
});

function main(page: Page): Locator {
  return page.getByRole('main');
}

/** The catalogue (home, /user/home, /admin): its 12 cards, the count and the publishers. */
async function catalogLoaded(page: Page) {
  await expect(comicCards(page)).toHaveCount(12);
  await expect(page.getByText(/^Showing 1–12 of/)).toBeVisible();
  await expect(publisherFilter(page).getByRole('option')).not.toHaveCount(1);
}

async function comicLoaded(page: Page, comic: Comic | ComicSummary, issues: Issue[]) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(comic.name);
  await expect(issueButtons(page)).toHaveCount(issues.length);
}

/** The comic's page with an issue's window open, its reviews' summary in (the window loads them). */
async function issueWindowLoaded(page: Page, comic: Comic | ComicSummary, issues: Issue[]) {
  await comicLoaded(page, comic, issues);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Not reviews for this comic$|· \d+ reviews?$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'See Reviews' })).toBeVisible();
}

async function readerLoaded(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Page 1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Page 1', exact: true })).toBeVisible();
}

/** A frame that could scroll sideways (a table's) holds its content in its width. */
async function expectNoSidewaysScrollIn(locator: Locator) {
  const { scrollWidth, clientWidth, wider } = await locator.evaluate((frame) => {
    const right = frame.getBoundingClientRect().right;
    const wider = [...frame.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getBoundingClientRect().right > right + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth, wider: wider.slice(0, 5) };
  });
  expect(scrollWidth, `scrolls sideways inside its frame (${wider.join(', ')})`).toBeLessThanOrEqual(clientWidth);
}

/** Shown, and inside the screen's width. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = await locator.page().evaluate(() => document.documentElement.clientWidth);
  expect(box.x, 'starts on the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on the screen').toBeLessThanOrEqual(width);
}
