// The built-in gateway for development, tests and demos: it behaves as Stripe's test mode does
// with Stripe's published test cards, offline. Payment methods are issued by
// POST /api/payments/sandbox/payment-methods (the stand-in for Stripe.js), keep only what may
// be known of a card, and belong to the user who created them. Charges go to a ledger keyed by
// idempotency key, so a retried charge answers the first result instead of charging again.
import { randomBytes } from 'node:crypto';
import type { CardSummary, SandboxCardBody, SandboxPaymentMethod } from '@comics/shared/schemas/shop';
import { validationFailed } from '../../platform/http/errors';
import {
  AMOUNT_TOO_SMALL_MESSAGE,
  GatewayUnavailableError,
  MINIMUM_CHARGE_CENTS,
  PAYMENT_METHOD_NOT_FOUND,
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './gateway';
import type { SandboxChargeRow, SandboxPaymentMethodRow, SandboxRepository } from './sandbox-repository';
import { CARD_FAILURE_MESSAGES, checkCard, isExpired, type CardOutcome } from './test-cards';

export interface SandboxGatewayOptions {
  /** The clock expiry is judged by (tests move it). */
  now?: () => Date;
}

const cardOf = (method: SandboxPaymentMethodRow): CardSummary => ({
  brand: method.brand,
  last4: method.last4,
  funding: method.funding,
});

function resultOf(charge: SandboxChargeRow, method: SandboxPaymentMethodRow): ChargeResult {
  if (charge.status === 'succeeded') return { status: 'succeeded', reference: charge.id, card: cardOf(method) };
  return {
    status: 'failed',
    reference: charge.id,
    code: charge.failureCode ?? 'card_declined',
    message: charge.failureMessage ?? CARD_FAILURE_MESSAGES.card_declined,
  };
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  private readonly now: () => Date;

  constructor(
    private readonly repository: SandboxRepository,
    options: SandboxGatewayOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Stripe.js's createPaymentMethod: checks the card, keeps its verdict, forgets its number. */
  async createPaymentMethod(userId: number, body: SandboxCardBody): Promise<SandboxPaymentMethod> {
    const checked = checkCard(body, this.now());
    if (!checked.ok) throw validationFailed(checked.fields);
    const { brand, last4, funding, expMonth, expYear, outcome } = checked.card;
    const id = `pm_sandbox_${randomBytes(12).toString('hex')}`;
    await this.repository.insertPaymentMethod({ id, userId, brand, last4, funding, expMonth, expYear, outcome });
    return { id, card: { brand, last4, funding } };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const method = await this.repository.findPaymentMethod(request.paymentMethodId);
    // Someone else's payment method is as unknown to this buyer as one that never existed.
    if (!method || method.userId !== request.userId) {
      return { status: 'failed', reference: null, ...PAYMENT_METHOD_NOT_FOUND };
    }
    if (request.amountCents < MINIMUM_CHARGE_CENTS) {
      return { status: 'failed', reference: null, code: 'amount_too_small', message: AMOUNT_TOO_SMALL_MESSAGE };
    }

    const outcome = this.outcomeOf(method);
    const inserted = await this.repository.insertChargeOnce({
      id: `ch_sandbox_${randomBytes(12).toString('hex')}`,
      idempotencyKey: request.idempotencyKey,
      paymentMethodId: method.id,
      amountCents: request.amountCents,
      currency: request.currency,
      status: outcome === 'succeeded' ? 'succeeded' : 'failed',
      failureCode: outcome === 'succeeded' ? null : outcome,
      failureMessage: outcome === 'succeeded' ? null : CARD_FAILURE_MESSAGES[outcome],
    });
    // Lost the race to an earlier charge with this key: its result is the answer.
    const charge = inserted ?? (await this.repository.findChargeByKey(request.idempotencyKey));
    if (!charge) throw new Error('sandbox charge vanished after its insert conflicted');
    if (
      charge.paymentMethodId !== request.paymentMethodId ||
      charge.amountCents !== request.amountCents ||
      charge.currency !== request.currency
    ) {
      // As Stripe refuses a key reused with other parameters. What the first charge did is
      // for lookup to tell, so the order must not be marked failed on this answer.
      throw new GatewayUnavailableError('sandbox', 'This idempotency key was already used for a different charge.');
    }
    return resultOf(charge, method);
  }

  async lookup({ idempotencyKey, reference }: ChargeLookup): Promise<ChargeResult | null> {
    const charge =
      (await this.repository.findChargeByKey(idempotencyKey)) ??
      (reference ? await this.repository.findCharge(reference) : null);
    if (!charge) return null;
    const method = await this.repository.findPaymentMethod(charge.paymentMethodId);
    if (!method) throw new Error(`sandbox charge ${charge.id} has no payment method`);
    return resultOf(charge, method);
  }

  /** A card past its expiry month is refused, whatever its number would have done. */
  private outcomeOf(method: SandboxPaymentMethodRow): CardOutcome {
    if (isExpired(method.expMonth, method.expYear, this.now())) return 'expired_card';
    return method.outcome as CardOutcome;
  }
}
