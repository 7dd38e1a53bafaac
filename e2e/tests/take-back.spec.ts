// Page addresses die with what granted them (issue 22): the demo administrator takes back a
// customer's paid order on the orders screen, behind a confirmation, and the order then shows as
// taken back while the customer's My comics forgets the issue and the page address their reader
// had stops opening pages; and a logout makes the browser drop the page images it kept
// (Clear-Site-Data: "cache"), so nobody opens them from that browser's cache afterwards.
// Screenshots of the orders screen, light and dark, wide and 360 px, go to /tmp/take-back-*.png.
import type { Page } from '@playwright/test';

import type { IssuePagesAnswer, ReadingAccess } from '@comics/shared/schemas/reader';

import { pageAddress } from '@comics/shared/page-address';
import { accountMenu, DEMO_ADMIN, loginViaApi } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { addToCartViaApi, fetchPurchases, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

test.use({ reducedMotion: 'reduce' });

/** A new customer who bought one issue: answers them and the issue. */
async function customerWithIssue(page: Page) {
  const customer = await signInAsNewCustomer(page);
  const { issues } = await findSmallComic(page.request, 1);
  const issue = issues[0]!;
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [issue.id]));
  return { customer, issue };
}

/** Reads page 4 in the page as the reader does (the browser keeps it): answers its address. */
async function readPageFour(page: Page, issueId: number): Promise<string> {
  const access = (await (await page.request.get(`/api/user/reading/${issueId}`)).json()) as ReadingAccess;
  const pages = (await (await page.request.get(`/api/issues/${issueId}/pages`)).json()) as IssuePagesAnswer;
  expect(access.token, 'the owner’s page token').toEqual(expect.any(String));
  const url = `${pageAddress(pages.pagesBase, 4, pages.pages[3]!.widths[0]!)}?t=${encodeURIComponent(access.token!)}`;
  expect(await page.evaluate(async (address) => (await fetch(address)).status, url)).toBe(200);
  return url;
}

/** The status the browser answers for the address, from its cache when it holds it. */
const fromBrowserCache = (page: Page, url: string) =>
  page.evaluate(async (address) => (await fetch(address, { cache: 'force-cache' })).status, url);

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
}

test('a logout makes the browser drop the page images it kept: from then on their addresses are refused', async ({
  page,
}) => {
  const { customer, issue } = await customerWithIssue(page);
  await page.goto('/user/home');
  const url = await readPageFour(page, issue.id);
  expect(await fromBrowserCache(page, url), 'kept by the browser while signed in').toBe(200);

  await accountMenu(page, customer.name).click();
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/user/logout'));
  await page.getByRole('button', { name: 'Exit' }).click();
  expect((await (await loggedOut).allHeaders())['clear-site-data']).toBe('"cache"');
  await expect(page).not.toHaveURL(/\/user\//);
  expect(await fromBrowserCache(page, url), 'after the logout: asked of the server, which refuses').toBe(403);
});

test('an administrator takes back a customer’s order: it shows as taken back, My comics forgets it, its page address stops', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const { customer, issue } = await customerWithIssue(page);
  await page.goto('/user/home');
  const url = await readPageFour(page, issue.id);

  const adminContext = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 780 },
    reducedMotion: 'reduce',
  });
  const admin = await adminContext.newPage();
  try {
    await loginViaApi(admin, DEMO_ADMIN);
    await admin.goto('/dashboard/orders');
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    const orderDialog = admin.getByRole('dialog', { name: /^Order #\d+$/ });
    const confirm = admin.getByRole('dialog', { name: /^Take back the comics of order #\d+\?$/ });

    // A phone, dark: the question, then cancelled.
    await useTheme(admin, 'dark');
    await row.getByRole('button', { name: /Details of order #\d+/ }).click();
    await orderDialog.getByRole('button', { name: 'Take back' }).click();
    await expect(confirm).toContainText(`${customer.email} will no longer own the 1 issue of this order`);
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: '/tmp/take-back-confirm-dark-360.png' });
    await expectNoSeriousAxeViolations(admin, 'the take-back question, dark theme');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: '/tmp/take-back-detail-dark-360.png' });
    // Closed, so the address no longer opens it.
    await orderDialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(orderDialog).toBeHidden();

    // Wide, light: taken back.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await useTheme(admin, 'light');
    await row.getByRole('button', { name: /Details of order #\d+/ }).click();
    await orderDialog.getByRole('button', { name: 'Take back' }).click();
    await admin.screenshot({ path: '/tmp/take-back-confirm-light.png' });
    await confirm.getByRole('button', { name: 'Yes, take them back' }).click();
    await expect(orderDialog.getByRole('status')).toContainText(`were taken back from ${customer.email}`);
    await expect(orderDialog.getByRole('button', { name: 'Take back' })).toHaveCount(0);
    await expect(orderDialog).toContainText('Comics taken back');
    await admin.screenshot({ path: '/tmp/take-back-done-light.png' });
    await orderDialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(row).toContainText('Taken back');
    await admin.screenshot({ path: '/tmp/take-back-list-light.png' });
    await expectNoSeriousAxeViolations(admin, 'orders with one taken back, light theme');

    // The customer owns it no more: My comics, and the address their reader had.
    expect(await fetchPurchases(page, customer.id)).toEqual([]);
    expect((await page.request.get(url)).status()).toBe(403);

    // The list on a phone, in both themes.
    await admin.setViewportSize({ width: 360, height: 780 });
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(admin, theme);
      await expect(row).toContainText('Taken back');
      await expectNoSidewaysScroll(admin);
      await admin.screenshot({ path: `/tmp/take-back-list-${theme}-360.png` });
    }
    await row.getByRole('button', { name: /Details of order #\d+/ }).click();
    await expect(orderDialog).toContainText('Comics taken back');
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: '/tmp/take-back-taken-dark-360.png' });
    await expectNoSeriousAxeViolations(admin, 'a taken-back order, dark theme');
  } finally {
    await adminContext.close();
  }
});
