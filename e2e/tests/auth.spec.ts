// Signing up and logging in through the real forms (docs/product.md §2 Login and Sign-up, §4, §8): a new
// account logs in and lands in the user area; a wrong password opens the 'Error!' popup; an
// administrator lands on the dashboard.
import type { Page } from '@playwright/test';

import type { AdminStats } from '@comics/shared/schemas/admin';

import { formatDollars } from '@comics/shared/money';
import { accountMenu, DEMO_ADMIN, DEMO_USER, storedKeys, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';

function loginForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Log in', exact: true }),
  };
}

async function logInThroughForm(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await expect(form.submit).toBeEnabled();
  await form.submit.click();
}

test('a visitor signs up through the form, then logs in and lands in the user area', async ({ page }) => {
  const username = uniqueUsername();
  const email = uniqueEmail('signup');
  const password = 'secret-123';

  await page.goto('/singup');
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  const submit = dialog.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('verify your password').fill('secret-12');
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('verify your password').fill(password);
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeHidden();
  await submit.click();

  await expect(page.getByText('Registered user successfully')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/user$/);
  await expect(accountMenu(page, username)).toBeVisible();

  // The identity is stored under the spec's keys, and the session token is not.
  const stored = await storedKeys(page);
  expect(stored).toMatchObject({ user: username, ROL: '"USER"', email, MY_AUTH: 'true' });
  expect(stored).not.toHaveProperty('token');
});

test('signing up with a registered e-mail says so under the Email field and keeps the form', async ({ page }) => {
  await page.goto('/singup');
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Username').fill(uniqueUsername());
  await dialog.getByLabel('Email').fill(DEMO_USER.email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-123');
  await dialog.getByLabel('verify your password').fill('secret-123');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  const email = dialog.getByLabel('Email');
  await expect(dialog.getByText('This email is already registered')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('This email is already registered');
  await expect(email).toHaveValue(DEMO_USER.email);
  await expect(page).toHaveURL(/\/singup$/);
});

test('the login form checks as you type and stays disabled until it is valid', async ({ page }) => {
  await page.goto('/login');
  const form = loginForm(page);
  await expect(form.submit).toBeDisabled();
  await expect(page.getByText('El email es requerido')).toBeHidden();

  await form.email.fill('ada');
  await expect(page.getByText('correo no valido')).toBeVisible();
  await form.email.fill('');
  await expect(page.getByText('El email es requerido')).toBeVisible();

  // The password is checked only once the e-mail is valid.
  await form.password.fill('x');
  await form.password.fill('');
  await expect(page.getByText('contraseña es requerida')).toBeHidden();
  await form.email.fill('ada@example.com');
  await expect(page.getByText('contraseña es requerida')).toBeVisible();
  await expect(form.submit).toBeDisabled();

  await form.password.fill('anything');
  await expect(form.submit).toBeEnabled();
});

test("a wrong password opens the 'Error!' popup, which closes", async ({ page }) => {
  await page.goto('/login');
  await logInThroughForm(page, DEMO_USER.email, 'not-the-password');

  const popup = page.getByRole('dialog', { name: 'Error!' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Incorrect user or password');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).not.toHaveProperty('MY_AUTH');
});

test('an administrator logs in and lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  // The figures the page itself was answered: tests running alongside sign up accounts, so a
  // second read could already count one more.
  const statsAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/stats');
  await logInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The spec's four cards, with the shop's real figures instead of its hard-coded ones.
  const stats = (await (await statsAnswer).json()) as AdminStats;
  const figures = page.getByRole('list', { name: 'Shop figures' });
  const cards: Array<[string, string]> = [
    ['Daily Users', String(stats.dailyUsers)],
    ['Users Register', String(stats.usersRegistered)],
    ['Comics Selling', String(stats.comicsSelling)],
    ['Earning', formatDollars(stats.earning)],
  ];
  for (const [label, value] of cards) {
    const card = figures.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    await expect(card.getByText(value.replace(/\B(?=(\d{3})+(?!\d))/g, ','), { exact: true })).toBeVisible();
  }
  expect(stats.usersRegistered, 'the demo accounts at least').toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: 'Recent Orders' })).toBeVisible();

  const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const link of ['Dashboard', 'Users', 'Reviews', 'Orders', 'Upload Comic', 'Logout']) {
    await expect(dashboardNav.getByRole('link', { name: link })).toBeVisible();
  }
  expect(await storedKeys(page)).toMatchObject({ ROL: '"ADMIN"', MY_AUTH: 'true' });
});
