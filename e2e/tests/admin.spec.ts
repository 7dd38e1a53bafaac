// The administrators' screens (docs/product.md §2 Admin screens; issue 11): uploading a comic
// with its cover, finding it in the catalogue, pricing an issue that the public page then
// shows; deactivating a user who then cannot sign in, promoting another, and the orders page
// showing an order a customer has just paid; and axe on every admin screen, light and dark. The
// tests run in order in one browser context where the demo admin signed in once (each password
// login is a deliberate scrypt on the server).
import type { Browser, Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import { DEMO_ADMIN, loginViaApi, signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expectNoSeriousAxeViolations } from './support/axe';
import { fetchIssues, PROMO_IDS } from './support/api';
import { addToCartViaApi, payCartViaApi, signInAsNewCustomer } from './support/shop';
import { issueButtons, searchBox } from './support/screens';

/** A PNG of coloured noise (so it does not compress to nothing), drawn by the page's canvas. */
async function noisyPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const pixels = context.createImageData(width, height);
      for (let i = 0; i < pixels.data.length; i += 4) {
        pixels.data[i] = (i * 7) % 256;
        pixels.data[i + 1] = Math.floor(Math.random() * 256);
        pixels.data[i + 2] = (i >> 10) % 256;
        pixels.data[i + 3] = 255;
      }
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/png');
    },
    { width, height },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Slows the page's uploads (Chromium's network emulation), so the progress bar can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

async function guestPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.describe.configure({ mode: 'serial' });
test.use({ reducedMotion: 'reduce' });

let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  page = await (await browser.newContext({ baseURL, reducedMotion: 'reduce' })).newPage();
  await loginViaApi(page, DEMO_ADMIN);
});

test.afterAll(async () => {
  await page.context().close();
});

test('an administrator uploads a comic with its cover, finds it with the search bar, reprices an issue, and the public page shows the price', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const word = `Zephyrine${Math.random().toString(36).slice(2, 7)}`;
  const comicName = `${word} Harbour`;

  await page.goto('/dashboard/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Comic' })).toBeVisible();
  // The spec's messages before anything is filled in.
  await page.getByRole('button', { name: 'Add comic' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();

  await page.getByLabel('Comic Name').fill(comicName);
  const png = await noisyPng(page, 400, 600);
  await throttleUploads(page, 150_000);
  await page.getByLabel('Image', { exact: false }).first().setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByRole('progressbar', { name: 'Uploading cover.png' })).toBeVisible();
  await expect(page.getByText('Loading image...')).toBeVisible();
  const preview = page.getByRole('img', { name: "Preview of the comic's image" });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await throttleUploads(page, null);
  await expect(preview).toHaveAttribute('src', /^\/media\/uploads\/.+\.webp$/);
  expect((await preview.boundingBox())!.width).toBe(100);

  await page.getByLabel('Description').fill('A lighthouse keeper finds a door in the fog.');
  await page.getByLabel('Episodes').fill('2.5');
  await page.getByRole('button', { name: 'Add comic' }).click();
  await expect(page.getByText('Only integers')).toBeVisible();
  await page.getByLabel('Episodes').fill('3');
  await page.getByLabel('Release').fill('2024-05-01');
  await page.getByLabel('Publisher').fill('Harbour Lights Press');
  await page.getByRole('button', { name: 'Add comic' }).click();
  const added = page.getByRole('alert').filter({ hasText: 'Comic added' });
  await expect(added).toContainText(`${comicName} is in the catalogue with 3 issues.`);

  // The catalogue's search bar finds it at once.
  await page.goto('/admin');
  await searchBox(page).fill(word);
  await searchBox(page).press('Enter');
  await page.getByRole('link', { name: comicName }).first().click();
  await expect(page).toHaveURL(/\/admin\/cardDetail\/\d+$/);
  const comicId = Number(new URL(page.url()).pathname.split('/').pop());
  // The heading adds the start year, from the release date.
  await expect(page.getByRole('heading', { level: 1, name: `${comicName} (2024)` })).toBeVisible();

  // Issue #1 goes from the default price to $4.50.
  await issueButtons(page).filter({ hasText: /^#1\b/ }).click();
  const issueDialog = page.getByRole('dialog');
  await issueDialog.getByRole('button', { name: 'Edit issue' }).click();
  const editDialog = page.getByRole('dialog', { name: /Edit issue/ });
  await editDialog.getByLabel('Price').fill('4.50');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The issue was saved.')).toBeVisible();

  const guest = await guestPage(browser, baseURL);
  await guest.goto(`/cardDetail/${comicId}`);
  await expect(guest.getByRole('heading', { level: 1, name: `${comicName} (2024)` })).toBeVisible();
  await issueButtons(guest).filter({ hasText: /^#1\b/ }).click();
  await expect(guest.getByRole('dialog')).toContainText('$4.50');
  await expect(guest.getByRole('button', { name: 'Edit issue' })).toHaveCount(0);
  await guest.context().close();
});

test('an administrator sees a fresh order, deactivates a user who then cannot sign in, and makes another user an administrator', async ({
  browser,
  baseURL,
}) => {
  // A customer pays for one issue.
  const customerPage = await guestPage(browser, baseURL);
  const customer = await signInAsNewCustomer(customerPage);
  const [issue] = await fetchIssues(customerPage.request, PROMO_IDS[2]);
  await payCartViaApi(customerPage, await addToCartViaApi(customerPage, customer.id, [issue!.id]));
  await customerPage.context().close();

  // Two more accounts for the users screen.
  const leaving = { username: uniqueUsername('Leaving'), email: uniqueEmail('leaving'), password: 'secret-123' };
  const promoted = { username: uniqueUsername('Promoted'), email: uniqueEmail('promoted'), password: 'secret-123' };
  await signUpViaApi(page.request, leaving);
  await signUpViaApi(page.request, promoted);

  await page.goto('/dashboard/orders');
  const orderRow = page.getByRole('row').filter({ hasText: customer.email });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText('Paid');
  await orderRow.getByRole('button', { name: /Details of order #\d+/ }).click();
  const orderDialog = page.getByRole('dialog');
  await expect(orderDialog).toContainText(customer.email);
  await expect(orderDialog).toContainText(`#${issue!.issue_number}`);
  await orderDialog.getByRole('button', { name: 'Close' }).first().click();

  // Deactivated: the switch saves at once, and the account can no longer sign in.
  await page.goto('/dashboard/users');
  await page.getByLabel('Search by e-mail or name').fill(leaving.email);
  const activeSwitch = page.getByRole('switch', { name: `${leaving.email} is active` });
  await expect(activeSwitch).toBeChecked();
  await activeSwitch.click();
  await expect(activeSwitch).not.toBeChecked();
  await expect(activeSwitch).toBeEnabled();

  const leaver = await guestPage(browser, baseURL);
  await leaver.goto('/login');
  await leaver.getByLabel('Email', { exact: true }).fill(leaving.email);
  await leaver.getByLabel('Password', { exact: true }).fill(leaving.password);
  await leaver.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(leaver.getByText('This account is deactivated')).toBeVisible();
  await leaver.context().close();

  // Promoted: the role select saves at once, and the account then has the admin's rights.
  await page.getByLabel('Search by e-mail or name').fill(promoted.email);
  const roleSelect = page.getByRole('combobox', { name: `Role of ${promoted.email}` });
  await expect(roleSelect).toHaveValue('USER');
  await roleSelect.selectOption('ADMIN');
  await expect(roleSelect).toBeEnabled();
  await page.reload();
  await page.getByLabel('Search by e-mail or name').fill(promoted.email);
  await expect(page.getByRole('combobox', { name: `Role of ${promoted.email}` })).toHaveValue('ADMIN');

  const newAdmin = await guestPage(browser, baseURL);
  await loginViaApi(newAdmin, promoted);
  expect((await newAdmin.request.get('/api/admin/stats')).status()).toBe(200);
  await newAdmin.context().close();

  // Both changes are in the audit log on the dashboard.
  await page.goto('/dashboard/admin');
  const activity = page.getByRole('region', { name: 'Recent admin activity' });
  await expect(activity).toBeVisible();
  await expect(page.getByText(/deactivated user \d+/).first()).toBeVisible();
});

// One test per theme: each runs axe on four screens (5 s alone, 11-13 s in the full parallel run),
// so each has its own time budget; as one test it took 22-31 s of its 30 s.
for (const theme of ['light', 'dark'] as const) {
  test(`the admin screens have no serious or critical axe violations, ${theme} theme`, async () => {
    const screens: Array<[string, string, () => Promise<void>]> = [
      ['dashboard', '/dashboard/admin', () => expect(page.getByRole('table').first()).toBeVisible()],
      ['users', '/dashboard/users', () => expect(page.getByRole('switch').first()).toBeVisible()],
      [
        'orders',
        '/dashboard/orders',
        () => expect(page.getByRole('button', { name: /Details of order/ }).first()).toBeVisible(),
      ],
      ['upload', '/dashboard/upload', () => expect(page.getByRole('button', { name: 'Add comic' })).toBeVisible()],
    ];
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const [name, path, loaded] of screens) {
      await page.goto(path);
      await loaded();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expectNoSeriousAxeViolations(page, `${name}, ${theme} theme`);
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
  });
}
