// Phones fit: at 360 px wide, in light and dark, no route of the shop scrolls sideways (a guest's,
// a customer's with a cart, purchases and a favourite, an administrator's with an order and a
// review to show), the search box is in the bar itself, not behind the menu, and the admin tables
// are cards whose controls are on the screen. The admin screens' screenshots go to
// /tmp/phone-fit-*.png for a look.
import type { Locator, Page } from '@playwright/test';

import { DEMO_ADMIN, loginViaApi, originHeader } from './support/auth';
import { expect, test } from './support/fixtures';
import { findReviewedComic, postReviewAsNewCustomer, REVIEWED_ISSUE } from './support/reviews';
import { addToCartViaApi, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

const THEMES = ['light', 'dark'] as const;

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

/**
 * Opens `path` in `theme`, waits for it to settle, and fails if the page is wider than the screen;
 * with `shot`, saves a screenshot of it in each theme to /tmp/phone-fit-{shot}-{theme}.png for a look.
 */
async function expectNoSidewaysScroll(page: Page, path: string, shot?: string) {
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
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
  for (const path of [
    '/',
    '/home',
    `/cardDetail/${comic.id}`,
    `/cardDetail/${comic.id}?issue=${issues[0]!.id}`,
    '/login',
    '/singup',
    '/forgot-password',
    '/reset-password',
    `/user/read/${issues[0]!.id}`,
    '/no-such-page',
  ]) {
    await expectNoSidewaysScroll(page, path);
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
  for (const path of [
    '/user/orders',
    `/user/orders/${order!.orderId}`,
    '/user',
    '/user/home',
    `/user/cardDetail/${comic.id}?issue=${issues[0]!.id}`,
    '/user/shop',
    '/user/shop/checkout',
    '/user/purchases',
    '/user/fav',
    '/user/users',
  ]) {
    await expectNoSidewaysScroll(page, path);
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
  for (const path of [
    '/dashboard/admin',
    '/dashboard/users',
    '/dashboard/reviews',
    '/dashboard/orders',
    '/dashboard/upload',
    '/admin',
  ]) {
    await expectNoSidewaysScroll(page, path, path.slice(1).replace(/\//g, '-'));
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
