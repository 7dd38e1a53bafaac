// The route gates (docs/product.md §2, §4): guests are sent to /login from the user and dashboard groups;
// a USER is sent to /user from the dashboard and from public pages; a stored identity whose
// server session has ended is dropped on the next start.
import { accountMenu, DEMO_ADMIN, DEMO_USER, loginViaApi, logoutViaApi, storedKeys } from './support/auth';
import { expect, test } from './support/fixtures';

for (const path of ['/user/shop', '/user/users', '/dashboard/admin', '/admin']) {
  test(`a guest opening ${path} lands on /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  });
}

test('a USER opening the dashboard or a public page lands in the user area', async ({ page }) => {
  const user = await loginViaApi(page, DEMO_USER);

  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/user$/);
  await expect(accountMenu(page, user.name)).toBeVisible();
  // /user is the header and the favourites (docs/product.md §2).
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${user.name}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'YOUR FAVORITE COMICS' })).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/user$/);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/user$/);
});

test('a stored identity whose session has ended is dropped on the next start', async ({ page }) => {
  // The administrator: any demo account would do (right passwords spend no budget).
  await loginViaApi(page, DEMO_ADMIN);
  // The server forgets the session (as after a logout elsewhere); the browser still thinks it
  // is signed in.
  await logoutViaApi(page);
  expect(await storedKeys(page)).toMatchObject({ MY_AUTH: 'true' });

  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedKeys(page)).not.toHaveProperty('MY_AUTH');
});
