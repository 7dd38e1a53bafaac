// A guest who starts to buy is sent to log in with a line saying why, and comes back to where they
// were with the issues in the cart: through the login form, and through sign-up (whose e-mail the
// login form then has filled in).
import type { Page } from '@playwright/test';

import type { CartItem } from '@comics/shared/schemas/shop';

import { signUpViaApi, uniqueEmail, uniqueUsername } from './support/auth';
import { expect, test } from './support/fixtures';
import { findSmallComic } from './support/shop';

async function cartOf(page: Page): Promise<number[]> {
  const me = (await (await page.request.get('/api/user/me')).json()) as { id: number };
  const cart = (await (await page.request.get(`/api/shop/cart/${me.id}/carrito`)).json()) as CartItem[];
  return cart.map((line) => line.id).sort((a, b) => a - b);
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test("a guest's 'Add to cart' logs in and comes back to the issue with it in the cart", async ({ page }) => {
  const { comic, issues } = await findSmallComic(page.request);
  const issue = issues[1]!;
  const account = { username: uniqueUsername(), email: uniqueEmail('return'), password: 'secret-123' };
  await signUpViaApi(page.request, account);

  await page.goto(`/cardDetail/${comic.id}?issue=${issue.id}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Add to cart (log in first)' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Log in to buy this issue.' })).toBeVisible();
  await logInThroughForm(page, account.email, account.password);

  // Back on the comic, the same issue open, now as the signed-in USER's page.
  await expect(page).toHaveURL(new RegExp(`/user/cardDetail/${comic.id}\\?issue=${issue.id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Added this issue to your cart.' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: /Remove from cart/i })).toBeVisible();
  expect(await cartOf(page)).toEqual([issue.id]);
});

test("a guest's 'BUY ALL COMICS!' signs up, logs in with the e-mail filled in, and finds every issue in the cart", async ({
  page,
}) => {
  const { comic, issues } = await findSmallComic(page.request);
  const email = uniqueEmail('signup-return');
  const password = 'Gilded-kraken-42';

  await page.goto(`/cardDetail/${comic.id}`);
  await page.getByRole('link', { name: 'BUY ALL COMICS!' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Log in to buy these ${issues.length} issues.` }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Sign Up' }).click();
  const signup = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(signup.getByText(`Sign up to buy these ${issues.length} issues.`)).toBeVisible();
  await signup.getByLabel('Username').fill(uniqueUsername());
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(password);
  await signup.getByLabel('verify your password').fill(password);
  await signup.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/user/cardDetail/${comic.id}$`));
  await expect(
    page.getByRole('status').filter({ hasText: `Added these ${issues.length} issues to your cart.` }),
  ).toBeVisible();
  expect(await cartOf(page)).toEqual(issues.map((issue) => issue.id).sort((a, b) => a - b));
});
