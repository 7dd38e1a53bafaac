// The brake on card testing, as a customer meets it (docs/product.md §8: payment failure shows
// 'Error!' with the server's words): a new customer whose card is declined five times is refused
// the sixth payment with a plain sentence in the same popup, the spinner stopped, the cart kept.
import { expect, test } from './support/fixtures';
import { addToCartViaApi, cartLink, findSmallComic, signInAsNewCustomer, typeCard } from './support/shop';

test('after five declined payments, paying is paused: the sixth says so in the Error! popup', async ({
  page,
  request,
}) => {
  const customer = await signInAsNewCustomer(page);
  const { issues } = await findSmallComic(request);
  await addToCartViaApi(page, customer.id, [issues[0]!.id]);
  await page.goto('/user/shop/checkout');

  const payNow = page.getByRole('button', { name: 'Pay Now' });
  const error = page.getByRole('dialog', { name: 'Error!' });
  const spinner = page.getByText('Processing your payment…');
  await typeCard(page, '4000 0000 0000 0002');
  for (let attempt = 1; attempt <= 5; attempt++) {
    // A decline keeps the card typed; each press is a new attempt.
    await payNow.click();
    await expect(error).toBeVisible();
    await expect(error).toContainText('Your card was declined.');
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(error).toBeHidden();
  }

  await payNow.click();
  await expect(error).toBeVisible();
  await expect(error).toContainText('Too many declined payments. For your safety, paying is paused for 15 minutes.');
  await expect(spinner).toBeHidden();
  await expect(payNow).toBeEnabled();
  await error.getByRole('button', { name: 'Close' }).click();

  // Nothing was bought, and the cart is as it was.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.goto('/user/purchases');
  await expect(page.getByText('You have not bought any comics yet')).toBeVisible();
});
