// Any unknown path (docs/product.md §2) shows the not-found page with a Home button to /home.
import { expect, test } from './support/fixtures';
import { comicCards } from './support/screens';

test('an unknown path shows the not-found page with a Home button to /home', async ({ page }) => {
  for (const path of ['/comics/of/the/future', '/admin/nowhere', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
    await expect(page).toHaveTitle(/Page not found/);
    // The navbar stays, so the visitor can search or go elsewhere.
    await expect(page.getByPlaceholder('Search comic...')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'href',
      '/home',
    );
  }

  await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(comicCards(page)).toHaveCount(12);
});
