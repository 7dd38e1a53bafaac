// Checkout, the module's public face: a buyer is charged exactly once, for the server's prices,
// and always gets what was paid for. Paying (paying.ts) writes the order as pending, brakes card
// testers and asks the gateway to charge once per order key; settling (settling.ts) completes or
// fails the order on the gateway's word, in one statement each; reconciliation (reconciliation.ts)
// settles what a crash or an outage left pending. Here too: the buyer's receipts and an order's status.
import type { CustomerOrder, OrderStatus } from '@comics/shared/schemas/shop';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { HttpError } from '../../platform/http/errors';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../platform/http/media-addresses';
import { createPaying, type PayingDependencies } from './paying';
import { createReconciliation, type ReconciliationDependencies } from './reconciliation';
import { createSettling, type SettlingDependencies } from './settling';
import { customerOrderOf, orderStatusOf } from './wire';

export type CheckoutDependencies = SettlingDependencies &
  ReconciliationDependencies &
  Omit<PayingDependencies, 'media'> & {
    /** Where the paid items' covers are fetched from; default the shop's own /media. */
    media?: MediaAddresses;
  };

/** How many of a buyer's orders /user/orders lists: years of buying for anyone but a reseller. */
export const ORDERS_LISTED = 200;

export function createCheckoutService(deps: CheckoutDependencies) {
  const { repository } = deps;
  const media = deps.media ?? SAME_ORIGIN_MEDIA;
  const settling = createSettling(deps);
  const paying = createPaying({ ...deps, media }, settling);

  return {
    checkout: paying.checkout,

    /** The buyer's paid orders as receipts, newest first (the latest ORDERS_LISTED). */
    async paidOrders(userId: number): Promise<CustomerOrder[]> {
      const paid = await repository.paidOrdersOf(userId, ORDERS_LISTED);
      return paid.map(({ order, lines }) => customerOrderOf(order, lines, media));
    },

    /** Where one of the caller's orders stands (the payment screen asks after 3-D Secure). */
    async orderStatus(userId: number, orderId: number): Promise<OrderStatus> {
      const order = await repository.findById(orderId);
      if (!order || order.userId !== userId) throw new HttpError(404, ERROR_CODES.orderNotFound, 'No such order.');
      return orderStatusOf(order);
    },

    reconcile: createReconciliation(deps, settling),
    onPaymentIntent: settling.onPaymentIntent,
    resendConfirmations: settling.resendConfirmations,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
