// Orders you can find: a customer's paid orders on /user/orders (date, lines, total, card brand
// and last 4 digits), each with a printable receipt, which the confirmation e-mail links to.
import { formatDollars, sumDollars } from '@comics/shared/money';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { addToCartViaApi, findSmallComic, payCartViaApi, signInAsNewCustomer } from './support/shop';

test('the confirmation e-mail links to the order’s receipt; /user/orders lists it; the receipt prints alone', async ({
  page,
  request,
}) => {
  const customer = await signInAsNewCustomer(page);
  const { comic, issues } = await findSmallComic(request);
  const bought = issues.slice(0, 2);
  await payCartViaApi(
    page,
    await addToCartViaApi(
      page,
      customer.id,
      bought.map((issue) => issue.id),
    ),
  );

  const mail = await waitForMail(customer.email);
  const receiptUrl = /https?:\/\/\S+\/user\/orders\/(\d+)/.exec(mail.text)!;
  expect(receiptUrl, mail.text).not.toBeNull();
  const orderId = receiptUrl[1]!;

  await page.goto(new URL(receiptUrl[0]).pathname);
  const receipt = page.getByRole('article', { name: `Order #${orderId}` });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('with VISA •••• 4242');
  const rows = receipt.getByRole('table', { name: `The issues of order #${orderId}` }).getByRole('row');
  await expect(rows).toHaveCount(bought.length + 2);
  for (const issue of bought) await expect(receipt).toContainText(`${comic.name} #${issue.issue_number}`);
  const total = sumDollars(bought.map((issue) => issue.price));
  await expect(rows.last()).toContainText(`Total${formatDollars(total)}`);
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.screenshot({ path: '/tmp/receipt-light.png' });

  // Printed: the receipt alone, without the bar or its buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The account menu leads to every order.
  await page
    .getByRole('button', { name: /Account|Buyer/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  const order = page.getByRole('region', { name: `Order #${orderId}` });
  await expect(order).toContainText(`Total ${formatDollars(total)}`);
  await expect(order).toContainText('paid with VISA •••• 4242');
  await order.getByRole('link', { name: `Receipt of order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/orders/${orderId}$`));

  // Another customer's order number is no receipt of theirs.
  await page.goto('/user/orders/999999');
  await expect(page.getByRole('heading', { name: 'Receipt not found' })).toBeVisible();
});
