// The built server serves the shop: /home shows a page of comic cards from the API, with
// their generated covers, and a card opens its comic.
import { expect, test } from '@playwright/test';

test('home shows comic cards from the catalogue', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/home');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);

  const cover = cards.first().locator('img');
  await cover.scrollIntoViewIfNeeded();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const name = await cards.first().getByRole('link').innerText();
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/cardDetail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  expect(errors).toEqual([]);
});
