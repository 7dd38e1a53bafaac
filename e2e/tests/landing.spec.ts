// The landing page (docs/product.md §2): headline, 'Go Shop', links Home / Login / Sign Up, and three
// promo comics that open /cardDetail/773, /cardDetail/1174 and /cardDetail/796.
import { fetchComic, PROMO_IDS } from './support/api';
import { expect, test } from './support/fixtures';
import { comicCards, expectImageLoaded } from './support/screens';

test('shows the headline, Go Shop and the links Home, Login and Sign Up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/comic/i);

  const nav = page.getByRole('navigation', { name: 'Main' });
  const home = nav.getByRole('link', { name: 'Home', exact: true });
  const login = nav.getByRole('link', { name: 'Login' });
  const signUp = nav.getByRole('link', { name: 'Sign Up' });
  const goShop = page.getByRole('link', { name: 'Go Shop' });
  await expect(home).toHaveAttribute('href', '/home');
  await expect(login).toHaveAttribute('href', '/login');
  await expect(signUp).toHaveAttribute('href', '/singup');
  await expect(goShop).toHaveAttribute('href', '/home');

  await goShop.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(comicCards(page)).toHaveCount(12);

  await page.goBack();
  await home.click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(comicCards(page)).toHaveCount(12);

  await page.goBack();
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await page.goBack();
  await signUp.click();
  await expect(page).toHaveURL(/\/singup$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign Up' })).toBeVisible();
});

test('the three promo comics link to and open their pages', async ({ page, request }) => {
  await page.goto('/');
  for (const id of PROMO_IDS) {
    const comic = await fetchComic(request, id);
    const promo = page.getByRole('link', { name: `${comic.name}: see the comic` });
    await expect(promo).toHaveAttribute('href', `/cardDetail/${id}`);
    // The cover is decorative (alt=""): the comic's name labels the link, so no role finds it.
    await expectImageLoaded(promo.locator('img'));

    await promo.click();
    await expect(page).toHaveURL(new RegExp(`/cardDetail/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(comic.name);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  }
});
