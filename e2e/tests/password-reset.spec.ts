// 'Forgot password?' end to end, the e-mail carried over real SMTP to the mail catcher: the link
// is asked for on /login, arrives by mail, sets a new password (a common one is refused at the
// field first) and lands on /login with the e-mail filled in; the old password no longer signs in,
// the new one does, another browser signed in before is signed out, and the used link is dead.
import type { Page } from '@playwright/test';

import { loginViaApi, signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';
import { mailsTo, waitForMail } from './support/mail';

const OLD_PASSWORD = 'first-lantern-41';
const NEW_PASSWORD = 'river-stone-lantern-5';

const newPassword = (page: Page) => page.getByLabel('New password', { exact: true });
const repeat = (page: Page) => page.getByLabel('verify your password', { exact: true });

async function logIn(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('a forgotten password is replaced through the e-mailed link, which works once', async ({ page, browser }) => {
  const account = { username: uniqueUsername('Forgetful'), email: uniqueEmail('forgot'), password: OLD_PASSWORD };
  await signUpViaApi(page.request, account);

  // Another browser, signed in before the reset.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await loginViaApi(other, account);
  expect((await other.request.get('/api/user/me')).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    `If an account exists for ${account.email}, we have sent a link to choose a new password. It is valid for 30 minutes.`,
  );

  const mail = await waitForMail(account.email);
  expect(mail.subject).toBe('Choose a new password for Comics Shop');
  const link = /(http:\/\/\S+\/reset-password#token=[\w-]{43})/.exec(mail.text)?.[1];
  expect(link, 'the link in the e-mail').toBeTruthy();
  expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

  await page.goto(link!);
  // The token leaves the address bar as soon as the page has read it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  // A common password is refused at its field, and the link still works afterwards.
  await newPassword(page).fill('password');
  await repeat(page).fill('password');
  await page.getByRole('button', { name: 'Change password' }).click();
  const tooCommon = 'This password is too common. Choose one that is harder to guess.';
  await expect(page.getByText(tooCommon)).toBeVisible();
  await expect(newPassword(page)).toHaveAccessibleDescription(tooCommon);

  await newPassword(page).fill(NEW_PASSWORD);
  await repeat(page).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  expect((await waitForMail(account.email, 2)).subject).toBe('Your Comics Shop password was changed');

  // The old password is refused, the new one signs in.
  await logIn(page, OLD_PASSWORD);
  const popup = page.getByRole('dialog', { name: 'Error!' });
  await expect(popup).toContainText('Incorrect user or password');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await logIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/user$/);

  // The browser signed in before the reset is signed out: its next signed-in call answers 401,
  // and the app sends it to /login.
  expect((await other.request.get('/api/user/me')).status()).toBe(401);
  await other.goto('/user/users');
  await expect(other).toHaveURL(/\/login$/);

  // The used link, opened again, says it can no longer be used.
  await other.goto(link!);
  await newPassword(other).fill('a third good password');
  await repeat(other).fill('a third good password');
  await other.getByRole('button', { name: 'Change password' }).click();
  await expect(other.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  await otherContext.close();
});

test('an unknown address gets the same confirmation, and no e-mail', async ({ page }) => {
  await page.goto('/forgot-password');
  const unknown = uniqueEmail('nobody');
  await page.getByLabel('Email', { exact: true }).fill(unknown);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    `If an account exists for ${unknown}, we have sent a link to choose a new password. It is valid for 30 minutes.`,
  );
  // Long enough for a message to have arrived, had one been sent.
  await page.waitForTimeout(1_000);
  expect(await mailsTo(unknown)).toEqual([]);
});
