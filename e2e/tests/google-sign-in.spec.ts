// 'Log in with Google' through the bundled development OpenID provider (it stands in for Google
// when none is configured): a fresh e-mail creates an account and lands signed in; the demo
// administrator's e-mail is refused on the provider's page; cancelling comes back to the login
// page with the 'Error!' popup.
import { accountMenu, storedKeys, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';

test('Google sign-in with the development provider creates an account and signs in', async ({ page }) => {
  const email = uniqueEmail('google');
  const name = uniqueUsername('Googler');

  await page.goto('/login');
  await expect(page.getByText('Development sign-in: no Google account needed')).toBeVisible();
  await page.getByRole('button', { name: 'Log in with Google' }).click();

  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/user$/);
  await expect(accountMenu(page, name)).toBeVisible();
  const stored = await storedKeys(page);
  expect(stored).toMatchObject({ user: name, email, ROL: '"USER"', MY_AUTH: 'true' });
  expect(stored).not.toHaveProperty('token');

  // The cookie session is real: the profile reads it from the server.
  await page.goto('/user/users');
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
});

test("the development sign-in refuses the demo administrator's e-mail and signs nobody in", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Name', { exact: true }).fill('Intruder');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toContainText(
    'This e-mail belongs to an administrator. The development sign-in never signs in to administrator accounts',
  );
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('admin@example.com');
  // No session cookie was set: the shop still sees a guest.
  const me = await page.request.get('/api/user/me');
  expect(me.status()).toBe(401);
  await page.goto('/login');
  expect(await storedKeys(page)).not.toHaveProperty('MY_AUTH');
});

test('cancelling the Google sign-in comes back to the login page with a popup', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await expect(page).toHaveURL(/\/oidc\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  const popup = page.getByRole('dialog', { name: 'Error!' });
  await expect(popup).toContainText('Sign-in was cancelled.');
  // The error code is removed from the address.
  await expect(page).toHaveURL(/\/login$/);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  expect(await storedKeys(page)).not.toHaveProperty('MY_AUTH');
});
