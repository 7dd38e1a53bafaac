// 'Read on your devices' (issue 27) in Chromium. A customer makes an app password for
// 'KOReader on my Kobo' and reads its secret off the page; a reading app (an API context of its
// own, no cookies) opens the OPDS 2.0 feed with it over HTTP Basic, and without it meets 401 and
// the Basic challenge; the page then says the password was used, and once it is revoked there
// the feed refuses it. A customer who bought an issue downloads it as a CBZ (a zip: its first
// bytes are PK) from My comics' list, the reader's bar and, on a phone, the grid's card; the
// reader's settings panel offers it on a phone too. The page fits a 360 px phone; axe checks it
// in both themes, and screenshots (1280 and 360 px, light and dark) go to /tmp/devices-*.png.
import { readFile } from 'node:fs/promises';
import { request as newRequestContext, type Download, type Locator, type Page } from '@playwright/test';

import { accountMenu } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { addToCartViaApi, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

test.use({ reducedMotion: 'reduce' });

const DEVICE = 'KOReader on my Kobo';
const THEMES = ['light', 'dark'] as const;

function basicAuthorization(login: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

/** Makes an app password on the page and reads its secret from the box that shows it once. */
async function createAppPassword(page: Page, name: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Name this device' }).fill(name);
  await page.getByRole('button', { name: 'Create app password' }).click();
  const box = page.getByRole('region', { name: `App password for “${name}”` });
  await expect(box).toBeFocused();
  await expect(box).toContainText('it will not be shown again');
  return (await shownValue(box, 'App password').textContent())!;
}

/** The text of a value the page offers to copy (a feed's address, the username, the secret). */
function shownValue(scope: Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true }).locator('code');
}

async function expectZip(download: Download): Promise<void> {
  expect(download.suggestedFilename()).toMatch(/\.cbz$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1'), 'a CBZ is a zip archive').toBe('PK');
}

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${label}: wider than the screen`).toBe(clientWidth);
}

test('an app password opens the OPDS feed to a reading app over HTTP Basic, until it is revoked', async ({
  page,
  baseURL,
}) => {
  const customer = await signInAsNewCustomer(page);
  // Reached from the account menu.
  await page.goto('/user/purchases');
  await accountMenu(page, customer.name).click();
  await page.getByRole('link', { name: 'Read on your devices' }).click();
  await expect(page).toHaveURL(/\/user\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Read on your devices' })).toBeVisible();
  const feeds = page.getByRole('region', { name: 'Feed addresses' });
  await expect(shownValue(feeds, 'OPDS 1.2 (KOReader, Panels, Chunky)')).toHaveText(`${baseURL}/opds/v1.2/catalog`);
  await expect(shownValue(feeds, 'OPDS 2.0 (Thorium)')).toHaveText(`${baseURL}/opds/v2/catalog`);
  await expect(shownValue(feeds, 'Username')).toHaveText(customer.email);
  await expect(page.getByText(/^No app passwords yet\./)).toBeVisible();

  const secret = await createAppPassword(page, DEVICE);
  expect(secret).toMatch(/^\S{16,}$/);
  const box = page.getByRole('region', { name: `App password for “${DEVICE}”` });
  await expect(shownValue(box, 'Username')).toHaveText(customer.email);
  const item = page.getByRole('list', { name: 'Your app passwords' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(DEVICE);
  await expect(item).toContainText('Never used');

  // A reading app: no session cookie, only what the user typed into it.
  const readingApp = await newRequestContext.newContext({ baseURL });
  try {
    const feed = await readingApp.get('/opds/v2/catalog', { headers: basicAuthorization(customer.email, secret) });
    expect(feed.status(), 'GET /opds/v2/catalog with the app password').toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^application\/opds\+json/);
    const catalog = (await feed.json()) as { metadata?: { title?: unknown } };
    expect(typeof catalog.metadata?.title, 'the feed has a title').toBe('string');

    const anonymous = await readingApp.get('/opds/v2/catalog');
    expect(anonymous.status(), 'GET /opds/v2/catalog without credentials').toBe(401);
    expect(anonymous.headers()['www-authenticate']).toMatch(/^Basic /i);

    // The page knows it was used; the secret is not shown again.
    await page.reload();
    await expect(item).toContainText(/Last used just now/);
    await expect(page.getByRole('region', { name: /^App password for/ })).toHaveCount(0);

    await item.getByRole('button', { name: `Revoke ${DEVICE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke “${DEVICE}”?` });
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveCount(0);
    await expect(page.getByText(/^No app passwords yet\./)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your app passwords' })).toBeFocused();

    const revoked = await readingApp.get('/opds/v2/catalog', { headers: basicAuthorization(customer.email, secret) });
    expect(revoked.status(), 'GET /opds/v2/catalog with the revoked app password').toBe(401);
  } finally {
    await readingApp.dispose();
  }
});

test('a customer downloads an issue they bought as a CBZ, from My comics and from the reader', async ({
  page,
  request,
}) => {
  const customer = await signInAsNewCustomer(page);
  const { issues } = await findSmallComic(request, 1);
  const issue = issues[0]!;
  await payCartViaApi(page, await addToCartViaApi(page, customer.id, [issue.id]));

  // A wide screen shows My comics as the list: one row, its download beside 'Read'.
  await page.goto('/user/purchases');
  const fromLibrary = page.waitForEvent('download');
  await page.getByRole('table', { name: 'My comics' }).getByRole('link', { name: 'Download CBZ' }).click();
  await expectZip(await fromLibrary);

  await page.screenshot({ path: '/tmp/devices-library-list.png' });

  await page.goto(`/user/read/${issue.id}`);
  const fromReader = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CBZ' }).click();
  await expectZip(await fromReader);
  await page.screenshot({ path: '/tmp/devices-reader.png' });

  // On a phone: the library's grid card, and the reader's settings panel, each with its download.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Reader settings' }).click();
  await expect(page.getByRole('link', { name: 'Download CBZ' })).toBeVisible();
  await page.screenshot({ path: '/tmp/devices-reader-phone.png' });
  await page.goto('/user/purchases');
  await page.getByRole('radio', { name: 'Grid' }).check();
  const fromCard = page.waitForEvent('download');
  await page
    .getByRole('article')
    .getByRole('link', { name: /^Download CBZ: / })
    .click();
  await expectZip(await fromCard);
  await page.screenshot({ path: '/tmp/devices-library-grid-phone.png', fullPage: true });
});

test('the page fits a 360 px phone and passes axe, light and dark; screenshots for a look', async ({ page }) => {
  test.slow();
  await signInAsNewCustomer(page);
  await page.goto('/user/devices');
  await createAppPassword(page, 'Kindle Paperwhite');
  await createAppPassword(page, DEVICE);
  await expect(page.getByRole('list', { name: 'Your app passwords' }).getByRole('listitem')).toHaveCount(2);

  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    // A reload hides the secret: make one again to see the box.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await createAppPassword(page, `Thorium ${theme}`);
    // From the top: the secret's focus scrolled the page, and the sticky navbar would cover the heading.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/devices-desktop-${theme}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `Read on your devices, ${theme}`);

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('region', { name: `App password for “Thorium ${theme}”` })).toBeVisible();
    await expectNoSidewaysScroll(page, `Read on your devices at 360 px, ${theme}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/devices-phone-${theme}.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, `Read on your devices at 360 px, ${theme}`);
  }
});
