// The profile (docs/product.md §2 Profile view) at /user/users: the picture or initials, the name, and
// the label Email with the e-mail; reachable from the account menu.
import { accountMenu, DEMO_USER, loginViaApi } from './support/auth';
import { expect, test } from './support/fixtures';

test('the profile shows the name and the e-mail, and the account menu links to it', async ({ page }) => {
  const user = await loginViaApi(page, DEMO_USER);
  await page.goto('/user/home');

  await accountMenu(page, user.name).click();
  await page.getByRole('link', { name: 'Profile' }).click();

  await expect(page).toHaveURL(/\/user\/users$/);
  await expect(page).toHaveTitle(/^Profile/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: user.name, level: 1 })).toBeVisible();
  await expect(main.getByText('Email', { exact: true })).toBeVisible();
  await expect(main.getByText(user.email, { exact: true })).toBeVisible();
  await expect(main.getByText('Loading profile...')).toBeHidden();
});
