// Paying: taking the buyer's card for the server's prices, once per attempt. The order is written
// as pending before the gateway is asked to charge it (once per order key), so whatever happens
// next, settling.ts knows what to settle. Declined payments are braked (decline-brakes.ts): a
// buyer, or a client IP's fresh accounts, with too many declines is refused before anything is
// written or charged. A retry of an attempt (the same Idempotency-Key) answers its first result.
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type ErrorCode } from '@comics/shared/error-codes';
import { acceptableTotals, centsToDollars, formatDollars } from '@comics/shared/money';
import type { CheckoutAnswer, PaidOrder } from '@comics/shared/schemas/shop';
import type { InstanceLiveness } from '../../db/instance-lock';
import { HttpError, providerCode } from '../../platform/http/errors';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type { Caller } from '../auth/access';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from '../payments/gateway';
import type { DeclineBrakes, Payer } from './decline-brakes';
import { itemsDigest, totalCentsOf, type CheckoutRepository, type OrderRow, type PricedIssue } from './repository';
import type { CheckoutLog, Settling } from './settling';
import { paidAnswerOf } from './wire';

export interface PayingDependencies {
  repository: CheckoutRepository;
  gateway: PaymentGateway | null;
  brakes: DeclineBrakes;
  log: CheckoutLog;
  /** Where the paid items' covers are fetched from. */
  media: MediaAddresses;
  /** How long a retried request waits for the first attempt to settle before answering 409. */
  settleWaitMs?: number;
  /** Test-only fault point: runs after the gateway charged and before the order completes. */
  afterCharge?: (orderId: number) => void | Promise<void>;
  /** Names the instance taking the order, so the reconciler knows whose death leaves it orphaned. */
  liveness?: Pick<InstanceLiveness, 'key'>;
}

/** What the buyer sends: the cart's issue ids, the payment method, the total seen (in cents). */
export interface CheckoutBody {
  carrito: number[];
  id: string;
  price: number;
}

const conflict = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  new HttpError(409, code, message, fields);
const alreadyOwned = () =>
  conflict(ERROR_CODES.alreadyOwned, 'You already own some of these comics: remove them from your cart.', {
    carrito: 'Holds comics you already own',
  });
const inProgress = () =>
  conflict(
    ERROR_CODES.checkoutInProgress,
    'Another payment of yours is being processed. Please wait a moment and try again.',
  );
/** 402 with the card provider's reason (its decline code), or ours when the shop gave up itself. */
const paymentFailed = (code: string, message: string) => new HttpError(402, providerCode(code), message);

const sameItems = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** Whether `priceCents` is a total the buyer may have seen for these lines (exact, or the spec client's floor). */
const totalMatches = (lines: readonly PricedIssue[], priceCents: number) =>
  acceptableTotals(lines.map((line) => centsToDollars(line.priceCents))).includes(priceCents);

export function createPaying(deps: PayingDependencies, settling: Pick<Settling, 'complete' | 'fail'>) {
  const { repository, gateway, brakes, log, media } = deps;
  const settleWaitMs = deps.settleWaitMs ?? 15_000;

  /** The answer a settled order gives (every retry of the attempt gets the same one). */
  async function answerFor(order: OrderRow, lines?: readonly PricedIssue[]): Promise<PaidOrder> {
    if (order.status === 'paid') return paidAnswerOf(order, lines ?? (await repository.orderLines(order.id)), media);
    if (order.status === 'failed') {
      throw paymentFailed(
        order.failureCode ?? ERROR_CODES.paymentFailed,
        order.failureMessage ?? 'The payment failed.',
      );
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
      ) && totalMatches(lines, priceCents)
    );
  }

  /** A retry, or a racing duplicate, of an attempt already recorded under this key. */
  async function replay(order: OrderRow, issueIds: readonly number[], priceCents: number): Promise<PaidOrder> {
    if (!(await sameAttempt(order, issueIds, priceCents))) {
      throw conflict(
        ERROR_CODES.idempotencyKeyReused,
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

  /** The gateway's answer to charging the pending order; 503 payment_pending when it cannot be known. */
  async function charge(
    gateway: PaymentGateway,
    order: OrderRow,
    caller: Caller,
    paymentMethodId: string,
  ): Promise<ChargeResult> {
    try {
      return await gateway.charge({
        amountCents: order.totalCents,
        currency: 'usd',
        paymentMethodId,
        idempotencyKey: order.idempotencyKey!,
        orderId: order.id,
        userId: caller.id,
        description: `Comics Shop order #${order.id}`,
        receiptEmail: caller.email,
      });
    } catch (error) {
      // Whether money moved is unknown: the order stays pending for the reconciler, which
      // counts a decline if that is what it finds.
      if (!(error instanceof GatewayUnavailableError)) throw error;
      log.warn({ orderId: order.id, err: error.message }, 'payment gateway unavailable');
      throw new HttpError(
        503,
        ERROR_CODES.paymentPending,
        'We could not reach the card provider. Your payment will be checked and completed or cancelled within minutes; you will not be charged twice.',
      );
    }
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
      body: CheckoutBody,
      attemptKey: string | undefined,
      ip: string,
    ): Promise<CheckoutAnswer> {
      // Scoped to the buyer: another account's key can neither collide nor be probed.
      const idempotencyKey = `u${caller.id}:${attemptKey ?? randomUUID()}`;
      const issueIds = [...new Set(body.carrito)];
      if (!gateway) {
        throw new HttpError(503, ERROR_CODES.paymentsUnavailable, 'Card payments are not available right now.');
      }

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
          new HttpError(404, ERROR_CODES.issueNotFound, `No comic with id ${unknown.join(', ')}.`, {
            carrito: 'Holds comics that do not exist',
          }),
        );
      }
      if (lines.some((line) => line.owned)) return refuse(alreadyOwned());
      if (!totalMatches(lines, body.price)) {
        const totalCents = totalCentsOf(lines);
        return refuse(
          conflict(
            ERROR_CODES.priceMismatch,
            `The total of your cart is now ${formatDollars(centsToDollars(totalCents))}. Please check your cart and pay again.`,
            { price: `Must be ${totalCents}` },
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
        const result = await charge(gateway, created, caller, body.id);
        await deps.afterCharge?.(created.id);

        if (result.status === 'failed') {
          // Counted by this reservation, unless Stripe's webhook failed the order (and counted it) first.
          declined = await settling.fail(created, result);
          throw paymentFailed(result.code, result.message);
        }
        if (result.status === 'requires_action') {
          // Not a decline yet: should the bank refuse, Stripe's webhook counts it.
          await repository.setReference(created.id, result.reference);
          return { status: 'requires_action', orderId: created.id, clientSecret: result.clientSecret };
        }
        return answerFor(await settling.complete(created, result, { lines, buyer: caller }), lines);
      } finally {
        await (declined ? reservation.declined() : reservation.notDeclined());
      }
    },
  };
}
