// Phones fit: at 360 px wide, in light and dark, no route of the shop scrolls sideways (a guest's,
// a customer's with a cart, purchases and a favourite, an administrator's), and the search box is
// in the bar itself, not behind the menu.
import type { Page } from '@playwright/test';

import { DEMO_ADMIN, loginViaApi, originHeader } from './support/auth';
import { expect, test } from './support/fixtures';
import { addToCartViaApi, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

const THEMES = ['light', 'dark'] as const;

test.use({ viewport: { width: 360, height: 780 }, reducedMotion: 'reduce' });

/** Opens `path` in `theme`, waits for it to settle, and fails if the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, path: string) {
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

test('an administrator’s routes fit a 360 px screen: dashboard, users, reviews, orders, upload', async ({ page }) => {
  test.slow();
  await loginViaApi(page, DEMO_ADMIN);
  for (const path of [
    '/dashboard/admin',
    '/dashboard/users',
    '/dashboard/reviews',
    '/dashboard/orders',
    '/dashboard/upload',
    '/admin',
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});
