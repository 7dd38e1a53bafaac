// Checkout: a buyer is charged exactly once, for the server's prices, and always gets what was
// paid for. The order is written as pending before the charge; the gateway charges once per
// order key; a successful charge completes the order in one statement (paid, issues granted,
// cart lines removed, confirmation queued). Whatever is left pending by a crash or a gateway
// outage is settled by `reconcile` from what the gateway says happened.
import { randomUUID } from 'node:crypto';
import { centsToDollars } from '@comics/shared/money';
import {
  acceptableTotals,
  type CardSummary,
  type CheckoutAnswer,
  type OrderStatus,
  type PaidOrder,
} from '@comics/shared/schemas/shop';
import type { InstanceLiveness } from '../../db/instance-lock';
import { HttpError } from '../../lib/errors';
import { SAME_ORIGIN_MEDIA, type MediaAddresses } from '../../lib/media-addresses';
import type { Caller } from '../auth/access';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from '../payments/gateway';
import { cartItemOf } from '../cart/wire';
import type { OutboxMessage } from '../mail/outbox';
import type { CheckoutRepository, OrderRow, PricedIssue } from './repository';

export const PAYMENT_SUCCESSFUL = 'PAYMENT SUCCESSFUL!';
/** A charge that never reached the gateway is given up after this long. */
const ABANDON_UNCHARGED_MS = 10 * 60_000;
/**
 * …or after this long once the instance that took the order is known to have died: time for a
 * charge its request sent just before dying to reach the gateway and show in its records.
 */
const ABANDON_ORPHANED_MS = 60_000;
/** A 3-D Secure confirmation the buyer never finished is cancelled after this long. */
const ABANDON_ACTION_MS = 60 * 60_000;

/** What the confirmation e-mail needs to know of a paid order. */
export interface PaidOrderFacts {
  order: OrderRow;
  lines: readonly PricedIssue[];
  buyer: { email: string; username: string };
}

export interface CheckoutDependencies {
  repository: CheckoutRepository;
  /** Null when the shop takes no payments (production without a configured gateway). */
  gateway: PaymentGateway | null;
  /** The confirmation e-mail, queued by the statement that completes the order. */
  confirmation: (facts: PaidOrderFacts) => OutboxMessage;
  /** After a paid order's commit: caches to drop, the mail worker to wake. */
  afterPaid: (order: OrderRow) => void;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => Date;
  /** How long a retried request waits for the first attempt to settle before answering 409. */
  settleWaitMs?: number;
  /** Test-only fault point: runs after the gateway charged and before the order completes. */
  afterCharge?: (orderId: number) => void | Promise<void>;
  /** Where the paid items' covers are fetched from; default the shop's own /media. */
  media?: MediaAddresses;
  /** Which instances still run (db/instance-lock.ts); without it an uncharged order waits the full ten minutes. */
  liveness?: Pick<InstanceLiveness, 'key' | 'isAlive'>;
}

const conflict = (code: string, message: string, fields?: Record<string, string>) =>
  new HttpError(409, code, message, fields);
const alreadyOwned = () =>
  conflict('already_owned', 'You already own some of these comics: remove them from your cart.', {
    carrito: 'Holds comics you already own',
  });
const inProgress = () =>
  conflict('checkout_in_progress', 'Another payment of yours is being processed. Please wait a moment and try again.');
const paymentFailed = (code: string, message: string) => new HttpError(402, code, message);

function cardOf(order: OrderRow): CardSummary {
  return { brand: order.cardBrand ?? 'unknown', last4: order.cardLast4 ?? '', funding: order.cardFunding ?? 'unknown' };
}

const sameItems = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

export function createCheckoutService(deps: CheckoutDependencies) {
  const { repository, gateway, log } = deps;
  const now = deps.now ?? (() => new Date());
  const settleWaitMs = deps.settleWaitMs ?? 15_000;
  const media = deps.media ?? SAME_ORIGIN_MEDIA;

  function paidAnswer(order: OrderRow, lines: readonly PricedIssue[]): PaidOrder {
    return {
      status: 'paid',
      orderId: order.id,
      total: centsToDollars(order.totalCents),
      items: lines.map((line) => cartItemOf(line, media)),
      card: cardOf(order),
      message: PAYMENT_SUCCESSFUL,
    };
  }

  /** Completes a charged order; the facts are read here unless the caller has them. */
  async function complete(
    order: OrderRow,
    payment: { reference: string; card: CardSummary | null },
    known?: Omit<PaidOrderFacts, 'order'>,
  ): Promise<OrderRow> {
    const lines = known?.lines ?? (await repository.orderLines(order.id));
    const buyer = known?.buyer ?? (await repository.buyer(order.userId));
    const paidAt = now();
    // The row as the completing statement leaves it, so the confirmation can be written with it.
    const paid: OrderRow = {
      ...order,
      status: 'paid',
      paymentReference: payment.reference,
      cardBrand: payment.card?.brand ?? null,
      cardLast4: payment.card?.last4 ?? null,
      cardFunding: payment.card?.funding ?? null,
      failureMessage: null,
      paidAt,
    };
    const completed = await repository.complete(
      order.id,
      { ...payment, paidAt },
      buyer ? deps.confirmation({ order: paid, lines, buyer }) : null,
    );
    if (!completed) return (await repository.findById(order.id))!;
    log.info({ orderId: order.id, userId: order.userId, totalCents: order.totalCents }, 'order paid');
    deps.afterPaid(paid);
    return paid;
  }

  /** Acts on the gateway's answer for a pending order. */
  async function settle(order: OrderRow, result: ChargeResult, known?: Omit<PaidOrderFacts, 'order'>) {
    if (result.status === 'succeeded') return complete(order, result, known);
    if (result.status === 'failed') {
      await repository.fail(order.id, result.message);
      log.info({ orderId: order.id, code: result.code }, 'payment failed');
    } else {
      await repository.setReference(order.id, result.reference);
    }
    return (await repository.findById(order.id))!;
  }

  /** The answer a settled order gives (every retry of the attempt gets the same one). */
  async function answerFor(order: OrderRow, lines?: readonly PricedIssue[]): Promise<PaidOrder> {
    if (order.status === 'paid') return paidAnswer(order, lines ?? (await repository.orderLines(order.id)));
    if (order.status === 'failed') throw paymentFailed('payment_failed', order.failureMessage ?? 'The payment failed.');
    throw inProgress();
  }

  /** A retry, or a racing duplicate, of an attempt already recorded under this key. */
  async function replay(order: OrderRow, issueIds: readonly number[], priceCents: number): Promise<PaidOrder> {
    const lines = await repository.orderLines(order.id);
    const sameAttempt =
      sameItems(
        lines.map((line) => line.id),
        issueIds,
      ) && acceptableTotals(lines.map((line) => centsToDollars(line.priceCents))).includes(priceCents);
    if (!sameAttempt) {
      throw conflict(
        'idempotency_key_reused',
        'This payment attempt was already made for another cart. Please try again.',
      );
    }
    let current: OrderRow | null = order;
    for (const deadline = Date.now() + settleWaitMs; current?.status === 'pending' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      current = await repository.findById(order.id);
    }
    // Gone: the first attempt found an issue already owned and withdrew its order.
    if (!current) throw alreadyOwned();
    return answerFor(current, lines);
  }

  return {
    /**
     * Charges the caller for `carrito` at the server's prices. `price` must be the total the
     * buyer saw (else 409 price_mismatch); `attemptKey` (the Idempotency-Key header) makes
     * every retry of one attempt answer the first result without charging again.
     */
    async checkout(
      caller: Caller,
      body: { carrito: number[]; id: string; price: number },
      attemptKey: string | undefined,
    ): Promise<CheckoutAnswer> {
      // Scoped to the buyer: another account's key can neither collide nor be probed.
      const idempotencyKey = `u${caller.id}:${attemptKey ?? randomUUID()}`;
      const issueIds = [...new Set(body.carrito)];
      if (!gateway) throw new HttpError(503, 'payments_unavailable', 'Card payments are not available right now.');

      const lines = await repository.pricedIssues(caller.id, issueIds);
      // A refusal may be a retry of an attempt that already went through (its issues now owned):
      // looked up only then, so a first attempt costs no extra query.
      const refuse = async (error: HttpError): Promise<PaidOrder> => {
        const recorded = attemptKey ? await repository.findByKey(idempotencyKey) : null;
        if (recorded) return replay(recorded, issueIds, body.price);
        throw error;
      };
      const unknown = issueIds.filter((id) => !lines.some((line) => line.id === id));
      if (unknown.length > 0) {
        return refuse(
          new HttpError(404, 'issue_not_found', `No comic with id ${unknown.join(', ')}.`, {
            carrito: 'Holds comics that do not exist',
          }),
        );
      }
      if (lines.some((line) => line.owned)) return refuse(alreadyOwned());
      const prices = lines.map((line) => centsToDollars(line.priceCents));
      if (!acceptableTotals(prices).includes(body.price)) {
        const total = centsToDollars(lines.reduce((sum, line) => sum + line.priceCents, 0));
        return refuse(
          conflict(
            'price_mismatch',
            `The total of your cart is now $${total.toFixed(2)}. Please check your cart and pay again.`,
            { price: `Must be ${Math.round(total * 100)}` },
          ),
        );
      }

      const created = await repository.createPending({
        userId: caller.id,
        idempotencyKey,
        gateway: gateway.name,
        paymentMethodId: body.id,
        items: lines,
        ownerInstance: deps.liveness?.key ?? null,
      });
      if (created === 'same_key') return replay((await repository.findByKey(idempotencyKey))!, issueIds, body.price);
      if (created === 'payment_in_progress') throw inProgress();
      if (created === 'already_owned') throw alreadyOwned();

      let result: ChargeResult;
      try {
        result = await gateway.charge({
          amountCents: created.totalCents,
          currency: 'usd',
          paymentMethodId: body.id,
          idempotencyKey,
          orderId: created.id,
          userId: caller.id,
          description: `Comics Shop order #${created.id}`,
          receiptEmail: caller.email,
        });
      } catch (error) {
        // Whether money moved is unknown: the order stays pending for the reconciler.
        if (!(error instanceof GatewayUnavailableError)) throw error;
        log.warn({ orderId: created.id, err: error.message }, 'payment gateway unavailable');
        throw new HttpError(
          503,
          'payment_pending',
          'We could not reach the card provider. Your payment will be checked and completed or cancelled within minutes; you will not be charged twice.',
        );
      }
      await deps.afterCharge?.(created.id);

      const settled = await settle(created, result, { lines, buyer: caller });
      if (result.status === 'requires_action') {
        return { status: 'requires_action', orderId: created.id, clientSecret: result.clientSecret };
      }
      if (result.status === 'failed') throw paymentFailed(result.code, result.message);
      return answerFor(settled, lines);
    },

    /** Where one of the caller's orders stands (the payment screen asks after 3-D Secure). */
    async orderStatus(userId: number, orderId: number): Promise<OrderStatus> {
      const order = await repository.findById(orderId);
      if (!order || order.userId !== userId) throw new HttpError(404, 'order_not_found', 'No such order.');
      return {
        orderId: order.id,
        status: order.status,
        total: centsToDollars(order.totalCents),
        failureMessage: order.failureMessage,
      };
    },

    /**
     * Settles pending orders older than `minAgeMs` from what the gateway says: charged ones are
     * completed, refused ones failed, ones the gateway never saw given up after a while. Runs at
     * start-up and then periodically; any number of runs may overlap (each step is conditional).
     */
    async reconcile(minAgeMs = 0): Promise<{ completed: number; failed: number; left: number }> {
      /** Whether the instance that took the order has died (its request will never charge). */
      const orphaned = async (order: OrderRow) =>
        deps.liveness !== undefined &&
        order.ownerInstance !== null &&
        !(await deps.liveness.isAlive(order.ownerInstance));
      const counts = { completed: 0, failed: 0, left: 0 };
      if (!gateway) return counts;
      const at = now().getTime();
      const pending = await repository.pendingSince(new Date(at - minAgeMs), 100);
      for (const order of pending) {
        const age = at - order.createdAt.getTime();
        let result: ChargeResult | null;
        try {
          if (order.gateway !== gateway.name) throw new GatewayUnavailableError(gateway.name, 'another gateway');
          result = await gateway.lookup({
            idempotencyKey: order.idempotencyKey!,
            orderId: order.id,
            reference: order.paymentReference,
          });
        } catch (error) {
          if (!(error instanceof GatewayUnavailableError)) throw error;
          counts.left++;
          continue;
        }
        if (result === null && (age > ABANDON_UNCHARGED_MS || (age > ABANDON_ORPHANED_MS && (await orphaned(order))))) {
          result = { status: 'failed', reference: null, code: 'not_charged', message: 'The payment was not taken.' };
        } else if (result?.status === 'requires_action' && age > ABANDON_ACTION_MS) {
          // A refused cancel most likely means the buyer confirmed meanwhile: the next run looks again.
          const cancelled = await gateway.cancel?.(result.reference).then(
            () => true,
            () => false,
          );
          if (!cancelled) {
            counts.left++;
            continue;
          }
          result = {
            status: 'failed',
            reference: result.reference,
            code: 'abandoned',
            message: 'The payment was not confirmed.',
          };
        }
        if (result === null || result.status === 'requires_action') {
          counts.left++;
          continue;
        }
        const settled = await settle(order, result);
        if (settled.status === 'paid') counts.completed++;
        else counts.failed++;
      }
      if (pending.length > 0) log.info({ ...counts }, 'pending orders reconciled');
      return counts;
    },

    /** The gateway's word on a charge (Stripe's webhook): completes or fails its order. */
    async onPaymentIntent(event: {
      reference: string;
      orderId: number | null;
      status: 'succeeded' | 'failed';
      card?: CardSummary;
      message?: string;
    }): Promise<void> {
      const order =
        (await repository.findByReference(event.reference)) ??
        (event.orderId ? await repository.findById(event.orderId) : null);
      if (!order) {
        log.warn({ reference: event.reference }, 'payment event for an unknown order');
        return;
      }
      if (event.status === 'succeeded') await complete(order, { reference: event.reference, card: event.card ?? null });
      else await repository.fail(order.id, event.message ?? 'The payment failed.');
    },

    /** Queues the confirmation of each buyer's latest paid order again (the admin's resend). */
    async resendConfirmations(emails: readonly string[]): Promise<number> {
      const orders = await repository.lastPaidOrders(emails);
      for (const order of orders) {
        const buyer = await repository.buyer(order.userId);
        const lines = await repository.orderLines(order.id);
        if (buyer) await repository.queueEmail(deps.confirmation({ order, lines, buyer }));
        deps.afterPaid(order);
      }
      return orders.length;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
