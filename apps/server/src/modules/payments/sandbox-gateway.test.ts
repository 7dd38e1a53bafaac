// The sandbox gateway on a real database: each of Stripe's test cards charged, the ledger's
// one-row-per-key under concurrency, ownership of payment methods, the minimum amount, expiry
// judged at charge time, and lookup for the reconciler.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { sandboxCharges } from '../../db/schema/payments';
import { GatewayUnavailableError, type ChargeRequest } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import { createSandboxRepository } from './sandbox-repository';
import { HttpError } from '../../platform/http/errors';

let database: DatabaseHandle;
let gateway: SandboxGateway;
let buyer: number;
let otherBuyer: number;
let orderCounter = 0;
/** The clock the gateway reads; tests move it. */
let clock = new Date('2030-06-15T12:00:00Z');

const card = (number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2032,
  cvc: number.startsWith('3') ? '1234' : '123',
  ...extra,
});

const chargeOf = (paymentMethodId: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 1299,
  currency: 'usd',
  paymentMethodId,
  idempotencyKey: `u${buyer}:${randomUUID()}`,
  orderId: ++orderCounter,
  userId: buyer,
  description: `Comics Shop order #${orderCounter}`,
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  gateway = new SandboxGateway(createSandboxRepository(database.db), { now: () => clock });
  buyer = (await createAccount(database)).id;
  otherBuyer = (await createAccount(database)).id;
});

describe('charging Stripe test cards', () => {
  const expectations: Array<[string, string, object]> = [
    [
      '4242424242424242',
      'visa credit',
      { status: 'succeeded', card: { brand: 'visa', last4: '4242', funding: 'credit' } },
    ],
    [
      '5555555555554444',
      'mastercard credit',
      { status: 'succeeded', card: { brand: 'mastercard', last4: '4444', funding: 'credit' } },
    ],
    [
      '4000056655665556',
      'visa debit',
      { status: 'succeeded', card: { brand: 'visa', last4: '5556', funding: 'debit' } },
    ],
    ['378282246310005', 'amex', { status: 'succeeded', card: { brand: 'amex', last4: '0005', funding: 'credit' } }],
    [
      '4000000000000002',
      'generic decline',
      { status: 'failed', code: 'card_declined', message: 'Your card was declined.' },
    ],
    [
      '4000000000009995',
      'insufficient funds',
      { status: 'failed', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    ['4000000000000069', 'expired card', { status: 'failed', code: 'expired_card', message: 'Your card has expired.' }],
    [
      '4000000000000127',
      'incorrect CVC',
      { status: 'failed', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    ],
    [
      '4000000000000119',
      'processing error',
      {
        status: 'failed',
        code: 'processing_error',
        message: 'An error occurred while processing your card. Try again in a little bit.',
      },
    ],
    // Luhn-valid but not a test number: declined, as Stripe's test mode declines real cards.
    [
      '4111111111111111',
      'any other number',
      { status: 'failed', code: 'card_declined', message: 'Your card was declined.' },
    ],
  ];

  it.each(expectations)('%s (%s)', async (number, _label, expected) => {
    const method = await gateway.createPaymentMethod(buyer, card(number));
    expect(method.id).toMatch(/^pm_sandbox_[0-9a-f]{24}$/);
    const result = await gateway.charge(chargeOf(method.id));
    expect(result).toEqual({ ...expected, reference: expect.stringMatching(/^ch_sandbox_[0-9a-f]{24}$/) });
    const [row] = await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, result.reference!));
    expect(row).toMatchObject({
      paymentMethodId: method.id,
      amountCents: 1299,
      currency: 'usd',
      status: result.status,
    });
  });

  it('answers the brand of the number in the payment method, never the number', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('5555 5555 5555 4444'));
    expect(method).toEqual({ id: expect.any(String), card: { brand: 'mastercard', last4: '4444', funding: 'credit' } });
  });
});

describe('idempotency', () => {
  it('20 concurrent charges with one key write one ledger row and all answer alike', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4242424242424242'));
    const request = chargeOf(method.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => gateway.charge({ ...request })));
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(results[0]).toEqual({ status: 'succeeded', reference: rows[0]!.id, card: expect.any(Object) });
    for (const result of results) expect(result).toEqual(results[0]);
  });

  it('a retry answers the first result even when the card would now be refused', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4242424242424242', { exp_month: 7, exp_year: 2030 }));
    const request = chargeOf(method.id);
    const first = await gateway.charge(request);
    expect(first.status).toBe('succeeded');
    clock = new Date('2030-08-01T00:00:00Z');
    try {
      expect(await gateway.charge(request)).toEqual(first);
      // A new charge on the now-expired card is refused.
      expect(await gateway.charge(chargeOf(method.id))).toMatchObject({ status: 'failed', code: 'expired_card' });
    } finally {
      clock = new Date('2030-06-15T12:00:00Z');
    }
  });

  it('a failed charge is answered again on retry, not charged anew', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4000000000000002'));
    const request = chargeOf(method.id);
    const first = await gateway.charge(request);
    expect(await gateway.charge(request)).toEqual(first);
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key reused for another amount as an unknown outcome, not a failure', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4242424242424242'));
    const request = chargeOf(method.id);
    await gateway.charge(request);
    await expect(gateway.charge({ ...request, amountCents: 5000 })).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});

describe('refusals before any charge', () => {
  it("refuses another user's payment method as one that does not exist", async () => {
    const method = await gateway.createPaymentMethod(otherBuyer, card('4242424242424242'));
    const request = chargeOf(method.id);
    expect(await gateway.charge(request)).toEqual({
      status: 'failed',
      reference: null,
      code: 'payment_method_not_found',
      message: 'This payment method does not exist.',
    });
    expect(await gateway.charge(chargeOf('pm_sandbox_nothing'))).toMatchObject({ code: 'payment_method_not_found' });
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(0);
    // Its owner can still use it.
    expect(await gateway.charge(chargeOf(method.id, { userId: otherBuyer }))).toMatchObject({ status: 'succeeded' });
  });

  it("answers Stripe's minimum below 50 cents, and charges 50", async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4242424242424242'));
    expect(await gateway.charge(chargeOf(method.id, { amountCents: 49 }))).toEqual({
      status: 'failed',
      reference: null,
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    expect(await gateway.charge(chargeOf(method.id, { amountCents: 50 }))).toMatchObject({ status: 'succeeded' });
  });
});

describe('expiry against the clock', () => {
  it('accepts a card through the end of its expiry month, two-digit years as 20YY', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4242424242424242', { exp_month: 6, exp_year: 30 }));
    expect(await gateway.charge(chargeOf(method.id))).toMatchObject({ status: 'succeeded' });
  });

  it('refuses to issue a payment method for a card past its expiry month', async () => {
    const attempt = gateway.createPaymentMethod(buyer, card('4242424242424242', { exp_month: 5, exp_year: 2030 }));
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      fields: { exp_month: "Your card's expiration date is in the past." },
    });
  });
});

describe('lookup', () => {
  it('answers what became of a charge by key or reference, and null for one never made', async () => {
    const method = await gateway.createPaymentMethod(buyer, card('4000000000009995'));
    const request = chargeOf(method.id);
    const lookup = { idempotencyKey: request.idempotencyKey, orderId: request.orderId, reference: null };
    expect(await gateway.lookup(lookup)).toBeNull();
    const result = await gateway.charge(request);
    expect(await gateway.lookup(lookup)).toEqual(result);
    expect(await gateway.lookup({ ...lookup, idempotencyKey: 'other-key', reference: result.reference })).toEqual(
      result,
    );
    const paid = await gateway.createPaymentMethod(buyer, card('4242424242424242'));
    const paidRequest = chargeOf(paid.id);
    const paidResult = await gateway.charge(paidRequest);
    expect(
      await gateway.lookup({
        idempotencyKey: paidRequest.idempotencyKey,
        orderId: paidRequest.orderId,
        reference: null,
      }),
    ).toEqual(paidResult);
  });
});
