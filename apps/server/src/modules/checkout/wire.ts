// Checkout's wire shapes (docs/product.md §7 POST /shop/checkout, GET /shop/orders): totals in
// dollars and the card as the buyer knows it, made from the repository's rows here and nowhere else.
import { centsToDollars } from '@comics/shared/money';
import type { CardSummary, CustomerOrder, OrderStatus, PaidOrder } from '@comics/shared/schemas/shop';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { cartItemOf } from '../cart/wire';
import type { OrderRow, PricedIssue } from './repository';

export const PAYMENT_SUCCESSFUL = 'PAYMENT SUCCESSFUL!';

function cardOf(order: OrderRow): CardSummary {
  return { brand: order.cardBrand ?? 'unknown', last4: order.cardLast4 ?? '', funding: order.cardFunding ?? 'unknown' };
}

/** The answer of a paid attempt (every retry of it gets the same one). */
export function paidAnswerOf(order: OrderRow, lines: readonly PricedIssue[], media: MediaAddresses): PaidOrder {
  return {
    status: 'paid',
    orderId: order.id,
    total: centsToDollars(order.totalCents),
    items: lines.map((line) => cartItemOf(line, media)),
    card: cardOf(order),
    message: PAYMENT_SUCCESSFUL,
  };
}

/** A paid order as the buyer's receipts list it. */
export function customerOrderOf(order: OrderRow, lines: readonly PricedIssue[], media: MediaAddresses): CustomerOrder {
  return {
    orderId: order.id,
    paidAt: (order.paidAt ?? order.createdAt).toISOString(),
    total: centsToDollars(order.totalCents),
    card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    takenBack: order.takenBackAt !== null,
    lines: lines.map((line) => cartItemOf(line, media)),
  };
}

export function orderStatusOf(order: OrderRow): OrderStatus {
  return {
    orderId: order.id,
    status: order.status,
    total: centsToDollars(order.totalCents),
    failureMessage: order.failureMessage,
  };
}
