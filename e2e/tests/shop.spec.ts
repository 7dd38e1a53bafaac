// The buying path (docs/product.md §2 Cart, Payment, Purchases, Favourites; §4): favourites, the
// issue modal's cart buttons, removal with its confirmation, 'BUY ALL COMICS!', paying with the
// sandbox's test cards, the badge and 'My comics'. Each test signs up its own customer.
import type { Page } from '@playwright/test';

import { formatDollars, sumDollars } from '@comics/shared/money';
import type { Issue } from './support/api';
import { expect, test } from './support/fixtures';
import { issueButtons } from './support/screens';
import { addToCartViaApi, cartLink, findSmallComic, signInAsNewCustomer, typeCard } from './support/shop';

function issueButton(page: Page, issue: Issue) {
  return issueButtons(page).filter({ hasText: new RegExp(`^#${issue.issue_number}\\b`) });
}

/** The favourite cards of /user/fav, named by series and issue ('Night Watch #3 Name, open details'). */
function favouriteButtons(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /, open details$/ });
}

/** Opens an issue's modal on its comic's page (already open) and answers the dialog. */
async function openIssue(page: Page, issue: Issue) {
  await issueButton(page, issue).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(new RegExp(`#${issue.issue_number}$`));
  return dialog;
}

async function closeIssue(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
}

const rowsOf = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test("a favourite issue reads 'remuve_Fav' in its modal and shows on /user/fav", async ({ page, request }) => {
  await signInAsNewCustomer(page);
  const { comic, issues } = await findSmallComic(request);
  const issue = issues[0]!;

  await page.goto(`/user/cardDetail/${comic.id}`);
  const dialog = await openIssue(page, issue);
  await dialog.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(dialog.getByRole('button', { name: 'remuve_Fav' })).toBeVisible();
  await closeIssue(page);

  await page.goto('/user/fav');
  await expect(page.getByRole('heading', { level: 1, name: 'YOUR FAVORITE COMICS' })).toBeVisible();
  const card = favouriteButtons(page).filter({ hasText: `${comic.name} #${issue.issue_number}` });
  await expect(card).toHaveCount(1);
  await expect(favouriteButtons(page)).toHaveCount(1);

  // The card opens the same modal, where the favourite can be taken off again.
  await card.click();
  const favourite = page.getByRole('dialog');
  await expect(favourite.getByRole('heading', { name: issue.name ?? comic.name, exact: true })).toBeVisible();
  await favourite.getByRole('button', { name: 'remuve_Fav' }).click();
  await expect(favourite.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
  await closeIssue(page);
  await expect(favouriteButtons(page)).toHaveCount(0);
  await expect(page.getByText('No favourites yet')).toBeVisible();
});

test("buys a whole comic: two issues, one removed, 'BUY ALL COMICS!', paid with 4242 4242 4242 4242", async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page);
  const { comic, issues } = await findSmallComic(request);
  const [first, second] = issues as [Issue, Issue];

  await page.goto(`/user/cardDetail/${comic.id}`);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  for (const issue of [first, second]) {
    const dialog = await openIssue(page, issue);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
    await closeIssue(page);
  }
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');

  // Remove the first one, after the confirmation.
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/user\/shop$/);
  await expect(rowsOf(page, 'Shopping Bag')).toHaveCount(2);
  // A line says which series it is: 'Series #N', then the issue's own title.
  const firstLabel = `${comic.name} #${first.issue_number}${first.name ? `: ${first.name}` : ''}`;
  await expect(rowsOf(page, 'Shopping Bag').first()).toContainText(`${comic.name} #${first.issue_number}`);
  await page.getByRole('button', { name: `Remove ${firstLabel} from the cart` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${firstLabel} from the Cart?` });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowsOf(page, 'Shopping Bag')).toHaveCount(1);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  // Every other issue of the comic, in one go.
  await page.goto(`/user/cardDetail/${comic.id}`);
  await page.getByRole('button', { name: 'BUY ALL COMICS!' }).click();
  await expect(page.getByText(`${issues.length - 1} issues added to your cart.`)).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${issues.length} items`);

  await cartLink(page).click();
  await expect(rowsOf(page, 'Shopping Bag')).toHaveCount(issues.length);
  const total = sumDollars(issues.map((issue) => issue.price));
  await page.getByRole('link', { name: `Checkout ${formatDollars(total)}` }).click();
  await expect(page).toHaveURL(/\/user\/shop\/checkout$/);

  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeDisabled();
  await typeCard(page, '4242 4242 4242 4242');
  await payNow.click();
  const success = page.getByRole('dialog', { name: 'PAYMENT SUCCESSFUL!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`Paid ${formatDollars(total)}`);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate(() => localStorage.getItem('carrito'))).toBeNull();

  await success.getByRole('link', { name: 'Go to My comics' }).click();
  await expect(page).toHaveURL(/\/user\/purchases$/);
  const bought = rowsOf(page, 'My comics');
  await expect(bought).toHaveCount(issues.length);
  for (const issue of issues) {
    await expect(bought.filter({ hasText: `#${issue.issue_number}` }).first()).toContainText(
      formatDollars(issue.price),
    );
  }
  await expect(bought.first()).toContainText('Digital');

  // An issue bought is owned: its modal no longer sells it.
  await page.goto(`/user/cardDetail/${comic.id}`);
  const owned = await openIssue(page, first);
  await expect(owned.getByText('Owned', { exact: true })).toBeVisible();
  await expect(owned.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test("a declined card (4000 0000 0000 0002) shows 'Error!' and keeps the cart", async ({ page, request }) => {
  await signInAsNewCustomer(page);
  const { comic, issues } = await findSmallComic(request);
  const issue = issues[0]!;

  // 'Buy now' puts the issue in the cart and goes there.
  await page.goto(`/user/cardDetail/${comic.id}`);
  const dialog = await openIssue(page, issue);
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/user\/shop$/);
  await expect(rowsOf(page, 'Shopping Bag')).toHaveCount(1);

  await page.getByRole('link', { name: `Checkout ${formatDollars(issue.price)}` }).click();
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const error = page.getByRole('dialog', { name: 'Error!' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Your card was declined.');
  await expect(page.getByText('Processing your payment…')).toBeHidden();
  // It says what to do next, and 'Try another card' empties the card field and goes back to it.
  await expect(error).toContainText('Try another card, or ask your bank why this one was refused.');
  await error.getByRole('button', { name: 'Try another card' }).click();
  await expect(error).toBeHidden();
  const number = page.getByLabel('Card number');
  await expect(number).toHaveValue('');
  await expect(number).toBeFocused();

  // A finished number moves on to the expiry date; Enter with it missing says so, and stays there.
  await number.pressSequentially('4242424242424242');
  await expect(page.getByLabel('Expiration date (MM / YY)')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText("Your card's expiration date is incomplete.")).toBeVisible();
  await expect(page.getByLabel('Expiration date (MM / YY)')).toBeFocused();

  // Nothing was bought: the cart is as it was, and Pay Now can be pressed again.
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await page.getByLabel('Expiration date (MM / YY)').pressSequentially('1234');
  await expect(page.getByLabel('Security code (CVC)')).toBeFocused();
  await page.getByLabel('Security code (CVC)').pressSequentially('123');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(rowsOf(page, 'Shopping Bag')).toHaveCount(1);
  await page.goto('/user/purchases');
  await expect(page.getByText('You have not bought any comics yet')).toBeVisible();
});

test("the card field shows Stripe's messages under it, and Pay Now waits for a valid card", async ({
  page,
  request,
}) => {
  const customer = await signInAsNewCustomer(page);
  await page.goto('/user/shop');
  await expect(page.getByText('Your Cart is Empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/user/home');

  const { issues } = await findSmallComic(request);
  await addToCartViaApi(page, customer.id, [issues[0]!.id]);
  await page.goto('/user/shop/checkout');
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  const number = page.getByLabel('Card number');
  await number.pressSequentially('4242424242424241');
  await expect(number).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  await number.press('Backspace');
  await number.pressSequentially('2');
  await expect(page.getByText('Your card number is invalid.')).toBeHidden();
  await page.getByLabel('Expiration date (MM / YY)').pressSequentially('0120');
  await expect(page.getByText("Your card's expiration year is in the past.")).toBeVisible();
  await page.getByLabel('Expiration date (MM / YY)').fill('');
  await page.getByLabel('Expiration date (MM / YY)').pressSequentially('1234');
  await page.getByLabel('Security code (CVC)').pressSequentially('12');
  await page.getByLabel('Card number').focus();
  await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(payNow).toBeDisabled();
  await page.getByLabel('Security code (CVC)').pressSequentially('3');
  await expect(payNow).toBeEnabled();
});
