// The built server serves the shop: /home shows a page of comic cards from the API.
import { expect, test } from '@playwright/test';

test('home shows comic cards from the catalogue', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/home');
  const cards = page.getByTestId('comic-card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole('img')).toBeVisible();
  expect(errors).toEqual([]);
});
