// The e-mail a buyer gets once an order is paid: what was bought, for how much, with which card,
// where to read it, and its receipt. Pure, so the checkout can build it before the statement that completes the order.
// Comic and buyer names come from uploads and sign-ups: every one is escaped in the HTML part.
import { escapeHtml } from '../../platform/http/escape-html';
import { centsToDollars, formatDollars } from '@comics/shared/money';
import type { OutboxMessage } from './outbox';

export interface OrderConfirmationItem {
  volumeName: string;
  issueNumber: number;
  /** The issue's own title, when it has one. */
  name: string | null;
  priceCents: number;
}

export interface OrderConfirmationInput {
  orderId: number;
  buyerName: string;
  buyerEmail: string;
  paidAt: Date;
  items: readonly OrderConfirmationItem[];
  totalCents: number;
  card: { brand: string; last4: string } | null;
  /** The shop's public origin, without a trailing slash. */
  shopUrl: string;
}

const SHOP_NAME = 'Comics Shop';

// Stripe's brand codes, as a person would write them.
const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

function brandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

const price = (cents: number) => formatDollars(centsToDollars(cents));

const itemTitle = (item: OrderConfirmationItem) => `${item.volumeName} #${item.issueNumber}`;

/** '2025-03-04 15:06 UTC': the same for every reader, whatever the server's locale. */
const formatPaidAt = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function buildOrderConfirmation(input: OrderConfirmationInput): Required<OutboxMessage> {
  const purchasesUrl = `${input.shopUrl}/user/purchases`;
  const receiptUrl = `${input.shopUrl}/user/orders/${input.orderId}`;
  const cardLine = input.card ? `${brandName(input.card.brand)} ending in ${input.card.last4}` : null;
  const paidAt = formatPaidAt(input.paidAt);

  const text = [
    `Hello ${input.buyerName},`,
    '',
    `Thank you for your order #${input.orderId}, paid on ${paidAt}. Your comics:`,
    '',
    ...input.items.map(
      (item) => `  ${itemTitle(item)}${item.name ? ` — ${item.name}` : ''}   ${price(item.priceCents)}`,
    ),
    '',
    `Total: ${price(input.totalCents)}`,
    ...(cardLine ? [`Paid with ${cardLine}`] : []),
    '',
    `Read them any time in My comics: ${purchasesUrl}`,
    `Your receipt, to print or keep: ${receiptUrl}`,
    '',
    SHOP_NAME,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0;text-align:left';
  const amountCell = 'padding:4px 0;text-align:right;white-space:nowrap';
  const rows = input.items
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(itemTitle(item))}${item.name ? ` — ${escapeHtml(item.name)}` : ''}</td>` +
        `<td style="${amountCell}">${price(item.priceCents)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Your comics order #${input.orderId}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529">
<p>Hello ${escapeHtml(input.buyerName)},</p>
<p>Thank you for your order #${input.orderId}, paid on ${paidAt}. Your comics:</p>
<table style="border-collapse:collapse">
<thead><tr><th style="${cell}">Comic</th><th style="${amountCell}">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th style="${cell}">Total</th><th style="${amountCell}">${price(input.totalCents)}</th></tr></tfoot>
</table>
${cardLine ? `<p>Paid with ${escapeHtml(cardLine)}</p>\n` : ''}<p>Read them any time in <a href="${escapeHtml(purchasesUrl)}">My comics</a>.</p>
<p>Your <a href="${escapeHtml(receiptUrl)}">receipt</a>, to print or keep.</p>
<p>${SHOP_NAME}</p>
</body>
</html>
`;

  return {
    recipient: input.buyerEmail,
    subject: `Your comics order #${input.orderId}`,
    textBody: text,
    htmlBody: html,
    orderId: input.orderId,
  };
}
