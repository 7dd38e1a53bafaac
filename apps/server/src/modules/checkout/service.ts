// Checkout: a buyer is charged exactly once, for the server's prices, and always gets what was
// paid for. The order is written as pending before the charge; the gateway charges once per
// order key; a successful charge completes the order in one statement (paid, issues granted,
// cart lines removed, confirmation queued). Whatever is left pending by a crash or a gateway
// outage is settled by `reconcile` from what the gateway says happened. Declined payments are
// braked (decline-brakes.ts): a buyer, or a client IP's fresh accounts, with too many declines
// is refused before anything is written or charged.
import { randomUUID } from 'node:crypto';
import { centsToDollars } from '@comics/shared/money';
import {
  acceptableTotals,
  type CardSummary,
  type CheckoutAnswer,
  type CustomerOrder,
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
import { NON_DECLINE_FAILURE_CODES } from '../../db/schema/shop';
import type { DeclineBrakes, Payer } from './decline-brakes';
import { itemsDigest, type CheckoutRepository, type OrderFailure, type OrderRow, type PricedIssue } from './repository';

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
  /** The budgets of declined payments (per buyer, per IP) checked before every charge. */
  brakes: DeclineBrakes;
  /** The confirmation e-mail, queued by the statement that completes the order. */
  confirmation: (facts: PaidOrderFacts) => OutboxMessage;
  /** After a paid order's commit: caches to drop, the mail worker to wake. */
  afterPaid: (order: OrderRow) => void;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
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

/** How many of a buyer's orders /user/orders lists: years of buying for anyone but a reseller. */
export const ORDERS_LISTED = 200;

function cardOf(order: OrderRow): CardSummary {
  return { brand: order.cardBrand ?? 'unknown', last4: order.cardLast4 ?? '', funding: order.cardFunding ?? 'unknown' };
}

const sameItems = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** A failure the card provider answered (not one the shop gave up on itself): a decline. */
const isDecline = (code: string) => !(NON_DECLINE_FAILURE_CODES as readonly string[]).includes(code);

export function createCheckoutService(deps: CheckoutDependencies) {
  const { repository, gateway, brakes, log } = deps;
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
    if (lines.length === 0) {
      // Only a declined attempt's compact record has no lines: its charge is not supposed to succeed.
      log.error(
        { orderId: order.id, userId: order.userId, itemCount: order.itemCount },
        'a charge succeeded for a failed order whose lines were dropped: grant its issues by hand or refund it',
      );
    }
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

  /** Acts on the gateway's answer for a pending order the reconciler found. */
  async function settle(order: OrderRow, result: ChargeResult) {
    if (result.status === 'succeeded') return complete(order, result);
    if (result.status === 'failed') await failLater(order, result);
    else await repository.setReference(order.id, result.reference);
    return (await repository.findById(order.id))!;
  }

  /** The answer a settled order gives (every retry of the attempt gets the same one). */
  async function answerFor(order: OrderRow, lines?: readonly PricedIssue[]): Promise<PaidOrder> {
    if (order.status === 'paid') return paidAnswer(order, lines ?? (await repository.orderLines(order.id)));
    if (order.status === 'failed') {
      throw paymentFailed(order.failureCode ?? 'payment_failed', order.failureMessage ?? 'The payment failed.');
    }
    throw inProgress();
  }

  /** Whether an attempt recorded as `order` was for these issues and this total. */
  async function sameAttempt(order: OrderRow, issueIds: readonly number[], priceCents: number): Promise<boolean> {
    if (order.itemsDigest !== null) {
      // The spec's client's rounded-down total is the exact one or a cent short of it.
      const total = priceCents === order.totalCents || priceCents === order.totalCents - 1;
      return total && order.itemsDigest === itemsDigest(issueIds);
    }
    // Written before digests: recognised by its lines.
    const lines = await repository.orderLines(order.id);
    return (
      sameItems(
        lines.map((line) => line.id),
        issueIds,
      ) && acceptableTotals(lines.map((line) => centsToDollars(line.priceCents))).includes(priceCents)
    );
  }

  /** A retry, or a racing duplicate, of an attempt already recorded under this key. */
  async function replay(order: OrderRow, issueIds: readonly number[], priceCents: number): Promise<PaidOrder> {
    if (!(await sameAttempt(order, issueIds, priceCents))) {
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
    return answerFor(current);
  }

  return {
    /**
     * Charges the caller for `carrito` at the server's prices. `price` must be the total the
     * buyer saw (else 409 price_mismatch); `attemptKey` (the Idempotency-Key header) makes
     * every retry of one attempt answer the first result without charging again. `ip` is the
     * client's, for the per-IP budget of declines.
     */
    async checkout(
      caller: Caller,
      body: { carrito: number[]; id: string; price: number },
      attemptKey: string | undefined,
      ip: string,
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

      // A spent budget refuses before anything is written or charged. Attempts of one buyer are
      // serialised by the one-pending-order rule below, so checking here and reserving after it
      // cannot let a buyer's burst slip through; the reservation bounds the per-IP budget.
      const payer: Payer = { buyerId: caller.id, ip, established: lines[0]?.established ?? false };
      const braked = await brakes.check(payer);
      if (braked) return refuse(braked);

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

      const reservation = await brakes.reserve(payer);
      if (reservation instanceof HttpError) {
        // Another attempt spent the budget since the check: this one leaves nothing behind.
        await repository.withdraw(created.id);
        throw reservation;
      }
      // The reservation stays counted only when this attempt ended in a decline.
      let declined = false;
      try {
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
          // Whether money moved is unknown: the order stays pending for the reconciler, which
          // counts a decline if that is what it finds.
          if (!(error instanceof GatewayUnavailableError)) throw error;
          log.warn({ orderId: created.id, err: error.message }, 'payment gateway unavailable');
          throw new HttpError(
            503,
            'payment_pending',
            'We could not reach the card provider. Your payment will be checked and completed or cancelled within minutes; you will not be charged twice.',
          );
        }
        await deps.afterCharge?.(created.id);

        if (result.status === 'failed') {
          // Counted by this reservation, unless Stripe's webhook failed the order (and counted it) first.
          declined = await fail(created, result);
          throw paymentFailed(result.code, result.message);
        }
        if (result.status === 'requires_action') {
          // Not a decline yet: should the bank refuse, Stripe's webhook counts it.
          await repository.setReference(created.id, result.reference);
          return { status: 'requires_action', orderId: created.id, clientSecret: result.clientSecret };
        }
        return answerFor(await complete(created, result, { lines, buyer: caller }), lines);
      } finally {
        await (declined ? reservation.declined() : reservation.notDeclined());
      }
    },

    /** Where one of the caller's orders stands (the payment screen asks after 3-D Secure). */
    /** The buyer's paid orders as receipts, newest first (the latest ORDERS_LISTED). */
    async paidOrders(userId: number): Promise<CustomerOrder[]> {
      return (await repository.paidOrdersOf(userId, ORDERS_LISTED)).map(({ order, lines }) => ({
        orderId: order.id,
        paidAt: (order.paidAt ?? order.createdAt).toISOString(),
        total: centsToDollars(order.totalCents),
        card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
        takenBack: order.takenBackAt !== null,
        lines: lines.map((line) => cartItemOf(line, media)),
      }));
    },

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
      /** On failed events: Stripe's decline code and words. */
      code?: string;
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
        if (buyer) await repository.queueEmail(deps.confirmation({ order, lines, buyer }));
        deps.afterPaid(order);
      }
      return orders.length;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
