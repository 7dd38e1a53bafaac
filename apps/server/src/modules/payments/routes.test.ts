// Payments API on a real database: the payment screen's configuration, the sandbox's card
// checks with Stripe.js's messages, the per-user budget against card testing, and that no card
// number reaches the logs or the database. Then the same app in Stripe mode: no sandbox route,
// Stripe.js allowed by the page's policy, the webhook guarded by its signature.
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { bearer, buildTestApp, createAccount, loginToken, sessionCookie, type TestApp } from '../../../test/helpers';
import { sandboxCharges, sandboxPaymentMethods } from '../../db/schema/payments';
import { createPaymentGateway } from './create-payment-gateway';
import type { SandboxGateway } from './sandbox-gateway';

let t: TestApp;
const logLines: string[] = [];
let token: string;
let buyerId: number;

const YEAR = new Date().getUTCFullYear();
const SECRET_NUMBERS = ['4242424242424242', '4000000000009995', '4111111111111111', '4242424242424241'];

const createCard = (body: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/payment-methods',
    payload: body as object,
    headers,
    remoteAddress: '10.0.0.1',
  });
const card = (overrides: Record<string, unknown> = {}) => ({
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: YEAR + 2,
  cvc: '123',
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_IP: '1000' }, { write: (l) => logLines.push(l) });
});

// A buyer per test: each has a budget of 20 cards, which the tests here would exhaust together.
beforeEach(async () => {
  const account = await createAccount(t.database);
  buyerId = account.id;
  token = await loginToken(t.app, account.email, account.password);
});

describe('GET /api/payments/config', () => {
  it('says the sandbox takes payments', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gateway: 'sandbox' });
  });

  it("answers 'none' when nobody may take payments, and serves no card route", async () => {
    const shop = await buildTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://comics.example',
      OIDC_DEV_PROVIDER: 'false',
    });
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ gateway: 'none' });
    expect(shop.app.routeTable).not.toContain('POST /api/payments/sandbox/payment-methods');
    expect(await createPaymentGateway({ paymentGateway: 'none' } as never, shop.database.db)).toBeNull();
  });
});

describe('POST /api/payments/sandbox/payment-methods', () => {
  it('answers a payment method with what may be known of the card', async () => {
    const res = await createCard(card());
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      id: expect.stringMatching(/^pm_sandbox_/),
      card: { brand: 'visa', last4: '4242', funding: 'credit' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Issued to this buyer: the app's own gateway charges it for them.
    const gateway = (await createPaymentGateway(
      { paymentGateway: 'sandbox' } as never,
      t.database.db,
    )) as SandboxGateway;
    const charge = {
      amountCents: 399,
      currency: 'usd' as const,
      paymentMethodId: answer.id,
      idempotencyKey: randomUUID(),
      orderId: 1,
      description: 'test',
    };
    expect(await gateway.charge({ ...charge, userId: buyerId })).toMatchObject({ status: 'succeeded' });
  });

  it('accepts a session cookie from the shop itself', async () => {
    const res = await createCard(card({ number: '5555555555554444' }), sessionCookie(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().card).toEqual({ brand: 'mastercard', last4: '4444', funding: 'credit' });
  });

  it('refuses a guest', async () => {
    const res = await createCard(card(), {});
    expect(res.statusCode).toBe(401);
  });

  const refusals: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['a number failing Luhn', { number: '4242424242424241' }, { number: 'Your card number is invalid.' }],
    ['letters in the number', { number: '4242-4242-4242-4242' }, { number: 'Your card number is invalid.' }],
    ['a short number', { number: '424242424242' }, { number: 'Your card number is incomplete.' }],
    ['an empty number', { number: '' }, { number: 'Your card number is incomplete.' }],
    ['a number over 19 digits', { number: '42424242424242424242' }, { number: 'Your card number is invalid.' }],
    ['month 13', { exp_month: 13 }, { exp_month: "Your card's expiration month is invalid." }],
    ['month 0', { exp_month: 0 }, { exp_month: "Your card's expiration month is invalid." }],
    ['a past year', { exp_year: YEAR - 1 }, { exp_year: "Your card's expiration date is in the past." }],
    [
      'a past two-digit year',
      { exp_year: (YEAR - 1) % 100 },
      { exp_year: "Your card's expiration date is in the past." },
    ],
    ['a year too far ahead', { exp_year: YEAR + 60 }, { exp_year: "Your card's expiration year is invalid." }],
    ['a two-digit CVC', { cvc: '12' }, { cvc: "Your card's security code is incomplete." }],
    [
      'a three-digit CVC on Amex',
      { number: '378282246310005', cvc: '123' },
      { cvc: "Your card's security code is incomplete." },
    ],
    ['a four-digit CVC on Visa', { cvc: '1234' }, { cvc: "Your card's security code is invalid." }],
    ['letters in the CVC', { cvc: '12a' }, { cvc: "Your card's security code is invalid." }],
    [
      'several problems at once',
      { number: '4242424242424241', exp_month: 13, cvc: '' },
      {
        number: 'Your card number is invalid.',
        exp_month: "Your card's expiration month is invalid.",
        cvc: "Your card's security code is incomplete.",
      },
    ],
  ];

  it.each(refusals)('refuses %s with 400 naming the field', async (_label, overrides, fields) => {
    const res = await createCard(card(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.validationFailed, fields });
    expect(Object.keys(res.json().fields)).toEqual(Object.keys(fields));
    expect(res.body, 'the answer repeats no card number').not.toMatch(/\d{12,}/);
  });

  it('accepts a four-digit CVC on Amex and a two-digit year', async () => {
    const res = await createCard(card({ number: '3782 822463 10005', cvc: '1234', exp_year: (YEAR + 1) % 100 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().card).toEqual({ brand: 'amex', last4: '0005', funding: 'credit' });
  });

  it('answers the brand of any network from its prefix', async () => {
    const brands: Array<[string, string]> = [
      ['6011111111111117', 'discover'],
      ['2223003122003222', 'mastercard'],
      ['3566002020360505', 'unknown'],
    ];
    for (const [number, brand] of brands) {
      const res = await createCard(card({ number }));
      expect(res.json().card.brand, number).toBe(brand);
    }
  });

  it('limits one user to 20 cards per 10 minutes, whatever their IP', async () => {
    const account = await createAccount(t.database);
    const tester = await loginToken(t.app, account.email, account.password);
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/payment-methods',
        payload: card({ number: i % 2 ? '4242424242424241' : '4242424242424242' }),
        headers: bearer(tester),
        remoteAddress: `10.1.0.${i}`,
      });
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: card(),
      headers: bearer(tester),
      remoteAddress: '10.1.1.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: ERROR_CODES.rateLimited,
      error: expect.stringMatching(/^Too many cards tried\. Try again in \d+ seconds\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    // Someone else is not held back by it.
    expect((await createCard(card())).statusCode).toBe(200);
  });
});

describe('card numbers', () => {
  it('never reach the logs, whatever the request', async () => {
    const requests = [
      card({ number: '4000000000009995' }),
      card({ number: '4111111111111111', exp_month: 13 }),
      card({ number: '4242424242424241' }),
      // Wrong types and sizes, failing the schema rather than the card checks.
      { number: 4242424242424242, exp_month: 1, exp_year: YEAR + 1, cvc: '123' },
      card({ number: `4242424242424242${'0'.repeat(40)}` }),
      { ...card(), number: '4242424242424242', unexpected: { number: '4242424242424242', cvc: '987' } },
    ];
    for (const body of requests) await createCard(body);
    // Malformed JSON: the parser's message must not carry the text it choked on into the logs.
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: '{"number":"4242424242424242", exp_month: 1}',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/payment-methods',
      payload: 'x{"number":"4242424242424242"}',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    const log = logLines.join('');
    expect(logLines.filter((line) => line.includes('/api/payments/sandbox/payment-methods')).length).toBeGreaterThan(
      requests.length,
    );
    for (const number of SECRET_NUMBERS) expect(log).not.toContain(number);
    expect(log).not.toContain('4242 4242 4242 4242');
    expect(log).not.toContain('4242424242');
  });

  it('are not in the sandbox tables, only brand, last4, funding and expiry', async () => {
    const methods = await t.database.db.select().from(sandboxPaymentMethods);
    const charges = await t.database.db.select().from(sandboxCharges);
    expect(methods.length).toBeGreaterThan(5);
    expect(charges.length).toBeGreaterThan(0);
    const stored = JSON.stringify([methods, charges]);
    for (const number of SECRET_NUMBERS) expect(stored).not.toContain(number);
    // Outside the random ids, no run of 12 or more digits: not a number, nor most of one.
    const values = [...methods, ...charges].flatMap(({ id: _id, ...row }) =>
      Object.entries(row)
        .filter(([column]) => column !== 'paymentMethodId' && column !== 'idempotencyKey')
        .map(([, value]) => String(value instanceof Date ? '' : value)),
    );
    expect(values.filter((value) => /\d{12,}/.test(value))).toEqual([]);
    expect(Object.keys(methods[0]!).sort()).toEqual(
      ['brand', 'createdAt', 'expMonth', 'expYear', 'funding', 'id', 'last4', 'outcome', 'userId'].sort(),
    );
  });
});

describe('in Stripe mode', () => {
  const webhookSecret = 'whsec_test_secret';
  let stripeShop: TestApp;

  beforeAll(async () => {
    stripeShop = await buildTestApp({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_456',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      // Nothing listens there: this app must not need Stripe to answer these requests.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });

  it('gives the publishable key, serves no sandbox route, and lets Stripe.js into the page', async () => {
    const res = await stripeShop.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_456' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(stripeShop.app.routeTable).not.toContain('POST /api/payments/sandbox/payment-methods');
    expect(stripeShop.app.routeTable).toContain('POST /api/payments/stripe/webhook');
    // The sandbox shop's page allows no third-party script.
    const sandboxCsp = (await t.app.inject({ method: 'GET', url: '/api/payments/config' })).headers[
      'content-security-policy'
    ] as string;
    expect(sandboxCsp).toContain("script-src 'self';");
    expect(sandboxCsp).not.toContain('stripe');
  });

  const webhook = (payload: string, headers: Record<string, string>) =>
    stripeShop.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    });

  it('takes a signed event from Stripe, which sends no Origin and no cookie', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', data: { object: {} } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await webhook(payload, { 'stripe-signature': signature });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('refuses an event without a valid signature', async () => {
    const payload = JSON.stringify({ id: 'evt_3', object: 'event', type: 'customer.created', data: { object: {} } });
    const res = await webhook(payload, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.invalidSignature);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await webhook(payload, { 'stripe-signature': forged })).statusCode).toBe(400);
  });
});
