// Settling: what becomes of an order once the card provider has spoken, whoever brings the word
// (the paying request, Stripe's webhook, reconciliation.ts). A charge that went through completes
// the order in one statement (paid, issues granted, cart lines removed, confirmation queued), so a
// crash leaves it pending or done, never half; a refusal fails it, and a decline learnt after its
// attempt answered counts against the buyer here. An administrator's resend of a confirmation too.
import type { CardSummary } from '@comics/shared/schemas/shop';
import { NON_DECLINE_FAILURE_CODES } from '../../db/schema/shop';
import type { OrderConfirmationInput } from '../mail/order-confirmation';
import type { OutboxMessage } from '../mail/outbox';
import type { PaymentIntentEvent } from '../payments/gateway';
import type { DeclineBrakes } from './decline-brakes';
import type { CheckoutRepository, OrderFailure, OrderRow, PricedIssue } from './repository';

/** What the confirmation e-mail says of a paid order (all but the shop's address). */
export type Receipt = Omit<OrderConfirmationInput, 'shopUrl'>;

export interface Buyer {
  email: string;
  username: string;
}

export interface CheckoutLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export interface SettlingDependencies {
  repository: CheckoutRepository;
  /** The budgets of declined payments: a decline learnt late is counted in the buyer's. */
  brakes: Pick<DeclineBrakes, 'declinedLater'>;
  /** The confirmation e-mail, queued by the statement that completes the order. */
  confirmation: (receipt: Receipt) => OutboxMessage;
  /** After a paid order's commit: caches to drop, the mail worker to wake. */
  afterPaid: (order: OrderRow) => void;
  log: CheckoutLog;
  now?: () => Date;
}

/** A charge that went through, as the gateway reports it. */
export interface Payment {
  reference: string;
  card: CardSummary | null;
}

/** A failure the card provider answered (not one the shop gave up on itself): a decline. */
const isDecline = (code: string) => !(NON_DECLINE_FAILURE_CODES as readonly string[]).includes(code);

function receiptOf(
  order: Pick<OrderRow, 'id' | 'totalCents'>,
  paidAt: Date,
  card: { brand: string | null; last4: string | null },
  lines: readonly PricedIssue[],
  buyer: Buyer,
): Receipt {
  return {
    orderId: order.id,
    buyerName: buyer.username,
    buyerEmail: buyer.email,
    paidAt,
    items: lines,
    totalCents: order.totalCents,
    card: card.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
  };
}

export function createSettling(deps: SettlingDependencies) {
  const { repository, brakes, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Completes a charged order (its lines and buyer are read here unless the caller has them):
   * answers the order as its completion left it, or as it stands when another completion came first.
   */
  async function complete(
    order: OrderRow,
    payment: Payment,
    known?: { lines: readonly PricedIssue[]; buyer: Buyer },
  ): Promise<OrderRow> {
    const lines = known?.lines ?? (await repository.orderLines(order.id));
    if (lines.length === 0) {
      // Only a declined attempt's compact record has no lines: its charge is not supposed to succeed.
      log.error(
        { orderId: order.id, userId: order.userId, itemCount: order.itemCount },
        'a charge succeeded for a failed order whose lines were dropped: grant its issues by hand or refund it',
      );
    }
    const buyer = known?.buyer ?? (await repository.buyer(order.userId));
    const paidAt = now();
    const card = { brand: payment.card?.brand ?? null, last4: payment.card?.last4 ?? null };
    const paid = await repository.complete(
      order.id,
      { ...payment, paidAt },
      buyer ? deps.confirmation(receiptOf(order, paidAt, card, lines, buyer)) : null,
    );
    if (!paid) return (await repository.findById(order.id))!;
    log.info({ orderId: order.id, userId: order.userId, totalCents: order.totalCents }, 'order paid');
    deps.afterPaid(paid);
    return paid;
  }

  /**
   * Fails a pending order; answers whether this call did. Its lines go (a compact record) unless
   * the buyer holds the payment's client secret: Stripe lets that browser confirm it again, and
   * a success must then grant the issues. A payment the shop cancelled ('abandoned') is final.
   */
  async function fail(order: OrderRow, failure: Omit<OrderFailure, 'keepLines'>): Promise<boolean> {
    const keepLines = order.paymentReference !== null && failure.code !== 'abandoned';
    const failed = await repository.fail(order.id, { code: failure.code, message: failure.message, keepLines });
    if (failed) log.info({ orderId: order.id, code: failure.code }, 'payment failed');
    return failed;
  }

  /** Fails an order on news that came after its attempt answered: a decline counts against the buyer here. */
  async function failLater(order: OrderRow, failure: Omit<OrderFailure, 'keepLines'>): Promise<void> {
    if ((await fail(order, failure)) && isDecline(failure.code)) await brakes.declinedLater(order.userId);
  }

  return {
    complete,
    fail,
    failLater,

    /** The gateway's word on a charge (Stripe's webhook): completes or fails its order. */
    async onPaymentIntent(event: PaymentIntentEvent): Promise<void> {
      const order =
        (await repository.findByReference(event.reference)) ??
        (event.orderId ? await repository.findById(event.orderId) : null);
      if (!order) {
        log.warn({ reference: event.reference }, 'payment event for an unknown order');
        return;
      }
      if (event.status === 'succeeded') await complete(order, { reference: event.reference, card: event.card ?? null });
      else {
        await failLater(order, {
          code: event.code ?? 'card_declined',
          message: event.message ?? 'The payment failed.',
        });
      }
    },

    /** Queues the confirmation of each buyer's latest paid order again (the admin's resend). */
    async resendConfirmations(emails: readonly string[]): Promise<number> {
      const orders = await repository.lastPaidOrders(emails);
      for (const order of orders) {
        const buyer = await repository.buyer(order.userId);
        const lines = await repository.orderLines(order.id);
        const card = { brand: order.cardBrand, last4: order.cardLast4 };
        if (buyer)
          await repository.queueEmail(deps.confirmation(receiptOf(order, order.paidAt ?? now(), card, lines, buyer)));
        deps.afterPaid(order);
      }
      return orders.length;
    },
  };
}

export type Settling = ReturnType<typeof createSettling>;
