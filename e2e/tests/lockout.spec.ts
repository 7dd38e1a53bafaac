// Nobody can lock an owner out (issue 22): wrong passwords for an administrator's e-mail, sent from
// this very machine (one IP for attacker and owner), pause sign-ins from browsers that never
// signed into the account, which show why in the 'Error!' popup; the browser the administrator
// signed in with before still reaches the dashboard with the right password. A fresh
// administrator of its own, never a demo account: other specs sign in with those.
import { request as apiRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { DEMO_ADMIN, originHeader, signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';

const LOCKED_OUT =
  'Too many failed sign-ins for this account. Try again in 15 minutes, or sign in from a browser you have used before.';

/** A new account, made an administrator by the demo administrator (PUT /api/admin/users/rol). */
async function freshAdministrator(request: APIRequestContext) {
  const account = { username: uniqueUsername('Owner'), email: uniqueEmail('lockout'), password: 'owner-secret-77' };
  const { id } = await signUpViaApi(request, account);
  const admin = await request.post('/api/user/login', { data: DEMO_ADMIN, headers: originHeader() });
  expect(admin.status(), 'the demo administrator signs in').toBe(200);
  const promote = await request.put('/api/admin/users/rol', {
    data: { id_user: id, rol: 'ADMIN' },
    headers: originHeader(),
  });
  expect(promote.status(), 'PUT /api/admin/users/rol').toBe(200);
  await request.post('/api/user/logout', { headers: originHeader() });
  return account;
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Log in', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Wrong passwords from a client with no cookies at all, from this machine's address. */
async function guess(baseURL: string, email: string, times: number): Promise<number[]> {
  const attacker = await apiRequest.newContext({ baseURL });
  const statuses: number[] = [];
  for (let n = 0; n < times; n++) {
    const res = await attacker.post('/api/user/login', {
      data: { email, password: `guess-${n}-wrong` },
      headers: originHeader(),
    });
    statuses.push(res.status());
  }
  await attacker.dispose();
  return statuses;
}

async function freshBrowserPage(browser: Browser, baseURL: string, theme: 'light' | 'dark', width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return page;
}

test('the owner’s known browser signs in while wrong passwords from the same IP lock out new browsers', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const owner = await freshAdministrator(request);

  // The owner signs in once with this browser (it becomes a known device), then leaves.
  await logInThroughForm(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'known_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await page.request.get('/api/user/me')).status()).toBe(401);

  // Someone on the same address guesses the owner's password.
  const statuses = await guess(baseURL!, owner.email, 12);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual([429, 429]);

  // A browser that never signed into the account is refused, even with the right password, and says why.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      const stranger = await freshBrowserPage(browser, baseURL!, theme, width);
      await logInThroughForm(stranger, owner.email, owner.password);
      const popup = stranger.getByRole('dialog', { name: 'Error!' });
      await expect(popup).toBeVisible();
      await expect(popup).toHaveAccessibleDescription(LOCKED_OUT);
      await expect(popup).toHaveCSS('opacity', '1'); // faded in, for the screenshot
      await expect(stranger).toHaveURL(/\/login$/);
      // The popup fits a small phone: nothing scrolls sideways.
      const overflow = await stranger.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await stranger.screenshot({ path: testInfo.outputPath(`locked-out-${theme}-${width}.png`) });
      await stranger.context().close();
    }
  }

  // The owner's own browser gets in with the right password, from that same address.
  await logInThroughForm(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
