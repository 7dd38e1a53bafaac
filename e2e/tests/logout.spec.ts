// Exit (docs/product.md §2 navbar, §4): the session ends on the server and in the browser, the visitor is
// on /home, and the browser's Back button does not show the user page again.
import { accountMenu, DEMO_USER, loginViaApi, storedKeys } from './support/auth';
import { expect, test } from './support/fixtures';

test('Exit returns to /home, ends the session, and Back does not reveal the user page', async ({ page }) => {
  const user = await loginViaApi(page, DEMO_USER);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/user\/home$/);

  await accountMenu(page, user.name).click();
  await page.getByRole('button', { name: 'Exit' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page).not.toHaveURL(/\/user\//);
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Account' })).toBeVisible();
  // Everything but the theme is gone, and the server no longer knows the session.
  expect(await storedKeys(page)).toEqual({ theme: 'dark' });
  expect((await page.request.get('/api/user/me')).status()).toBe(401);

  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
});
