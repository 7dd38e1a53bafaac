// The brakes on card testing, on a real database with the sandbox gateway: a buyer's sixth
// decline within 15 minutes is refused before anything is written or charged; only declines
// count (not a payment, not a stale price, not a retry of an attempt already recorded, not an
// order the shop gave up on itself); fresh accounts behind an IP that produced many declines are
// refused while a customer who has paid before keeps paying from it; declines learnt later
// (Stripe's webhook, the reconciler) count too; two instances on one Redis count together; a
// declined attempt keeps one compact record; checkout takes at most a full cart.
import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { MAX_CART_LINES } from '@comics/shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, testConfig, type TestApp } from '../../../test/helpers';
import { chargeableIssues, sandboxPaymentMethod, totalCentsOf } from '../../../test/shop';
import { buildApp } from '../../app';
import { sandboxCharges } from '../../db/schema/payments';
import { orderItems, orders } from '../../db/schema/shop';
import { createInProcessAttemptCounter } from '../../platform/limits/attempt-counter';
import { tryAgainLater } from '../../platform/http/errors';
import { createSessionStore } from '../auth/sessions';
import { createSandboxRepository } from '../payments/sandbox-repository';
import { SandboxGateway } from '../payments/sandbox-gateway';
import { createDeclineBrakes, DECLINES_PER_BUYER, type DeclineBrakes } from './decline-brakes';
import { createCheckoutRepository } from './repository';
import { createCheckoutService } from './service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DECLINED = '4000000000000002';
const INSUFFICIENT_FUNDS = '4000000000009995';

let t: TestApp;
let issuePool: Awaited<ReturnType<typeof chargeableIssues>>;

beforeAll(async () => {
  t = await buildTestApp();
  issuePool = await chargeableIssues(t.database, 400);
});

/** Issues nobody in this file has used yet. */
const freshIssues = (count: number) => issuePool.take(count);
const centsOf = totalCentsOf;

let nextAddress = 0;
/** An address of its own for each test: per-IP budgets do not leak between tests. */
const freshIp = () => `198.51.100.${++nextAddress}`;

/** A new USER with a session (valid on every app on this database). */
async function buyer() {
  const account = await createAccount(t.database);
  const { token } = await createSessionStore({ db: t.database.db }).create(account.id, 'USER');
  return { ...account, headers: bearer(token) };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

const paymentMethod = (who: Buyer, number?: string) => sandboxPaymentMethod(t.app, who.headers, number);

interface Attempt {
  items: Array<{ id: number; priceCents: number }>;
  paymentMethod: string;
  ip: string;
  key?: string;
  app?: FastifyInstance;
  /** The total sent, in cents; by default the right one. */
  price?: number;
}

/** One press of Pay Now; a fresh Idempotency-Key unless one is given. */
function pay(who: Buyer, attempt: Attempt) {
  return (attempt.app ?? t.app).inject({
    method: 'POST',
    url: '/api/shop/checkout',
    remoteAddress: attempt.ip,
    headers: { ...who.headers, 'idempotency-key': attempt.key ?? `attempt-${randomBytes(8).toString('hex')}` },
    payload: {
      carrito: attempt.items.map((item) => item.id),
      id: attempt.paymentMethod,
      price: attempt.price ?? centsOf(attempt.items),
    },
  });
}

/** `count` declined attempts, each answered 402. */
async function decline(who: Buyer, count: number, at: Omit<Attempt, 'items' | 'paymentMethod'>, card = DECLINED) {
  const method = await paymentMethod(who, card);
  const items = freshIssues(1);
  for (let i = 0; i < count; i++) {
    const res = await pay(who, { ...at, items, paymentMethod: method });
    expect(res.statusCode, res.body).toBe(402);
  }
}

/** A paid order for the buyer (from an address of its own). */
async function payOnce(who: Buyer, app?: FastifyInstance) {
  const res = await pay(who, {
    items: freshIssues(1),
    paymentMethod: await paymentMethod(who),
    ip: freshIp(),
    ...(app ? { app } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const chargesOf = (paymentMethodId: string) =>
  t.database.db.select().from(sandboxCharges).where(eq(sandboxCharges.paymentMethodId, paymentMethodId));
const linesOf = (orderId: number) => t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

const pausedFor15Minutes = 'Too many declined payments. For your safety, paying is paused for 15 minutes.';

/** The refusal: 429, Retry-After within the 15 minutes, the plain sentence. */
function expectPaused(res: Awaited<ReturnType<typeof pay>>, message = pausedFor15Minutes) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.json()).toEqual({ code: ERROR_CODES.tooManyDeclines, error: message });
}

describe('a buyer with five declines in 15 minutes', () => {
  it('is refused the sixth attempt with 429, Retry-After and a plain sentence: no order written, no charge made', async () => {
    expect(DECLINES_PER_BUYER).toBe(5);
    const who = await buyer();
    const ip = freshIp();
    await decline(who, 5, { ip });
    expect(await ordersOf(who.id)).toHaveLength(5);

    // Even with a good card and a new attempt key.
    const good = await paymentMethod(who);
    const res = await pay(who, { items: freshIssues(1), paymentMethod: good, ip });
    expectPaused(res);
    expect(await ordersOf(who.id)).toHaveLength(5);
    expect(await chargesOf(good)).toEqual([]);
    // From another address too: the budget is the buyer's.
    expectPaused(await pay(who, { items: freshIssues(1), paymentMethod: good, ip: freshIp() }));
    expect(await ordersOf(who.id)).toHaveLength(5);
  });

  it('counts only declines: a payment and a stale price do not spend the budget', async () => {
    const who = await buyer();
    const ip = freshIp();
    await decline(who, DECLINES_PER_BUYER - 1, { ip });
    const good = await paymentMethod(who);
    for (let i = 0; i < 3; i++) {
      const items = freshIssues(1);
      const res = await pay(who, { items, paymentMethod: good, ip, price: centsOf(items) + 100 });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe(ERROR_CODES.priceMismatch);
    }
    for (let i = 0; i < 2; i++) {
      const res = await pay(who, { items: freshIssues(1), paymentMethod: good, ip });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The fifth decline is still answered as a decline; only then is paying paused.
    await decline(who, 1, { ip });
    expectPaused(await pay(who, { items: freshIssues(1), paymentMethod: good, ip }));
  });

  it('counts a retried Idempotency-Key once, and still answers it the same 402 once paying is paused', async () => {
    const who = await buyer();
    const ip = freshIp();
    const method = await paymentMethod(who, DECLINED);
    const items = freshIssues(2);
    const first = await pay(who, { items, paymentMethod: method, ip, key: 'retried-decline-0001' });
    expect(first.statusCode).toBe(402);
    for (let i = 0; i < 6; i++) {
      const retry = await pay(who, { items, paymentMethod: method, ip, key: 'retried-decline-0001' });
      expect(retry.statusCode).toBe(402);
      expect(retry.json()).toEqual(first.json());
    }
    await decline(who, DECLINES_PER_BUYER - 1, { ip });
    expectPaused(await pay(who, { items, paymentMethod: method, ip }));

    // The recorded attempt, its lines gone, is recognised by its issues (in any order) and total.
    const again = await pay(who, {
      items: [...items].reverse(),
      paymentMethod: method,
      ip,
      key: 'retried-decline-0001',
    });
    expect(again.statusCode, again.body).toBe(402);
    expect(again.json()).toEqual(first.json());
    expect(await chargesOf(method)).toHaveLength(1);
    expect(await ordersOf(who.id)).toHaveLength(DECLINES_PER_BUYER);
  });
});

describe('a declined attempt', () => {
  it('keeps one compact record: the order row with the decline code, count and digest, and no lines', async () => {
    const who = await buyer();
    const ip = freshIp();
    const method = await paymentMethod(who, INSUFFICIENT_FUNDS);
    const items = freshIssues(3);
    const res = await pay(who, { items, paymentMethod: method, ip, key: 'compact-record-0001' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'insufficient_funds',
      error: 'Your card has insufficient funds.',
    });

    const [order, ...others] = await ordersOf(who.id);
    expect(others).toEqual([]);
    const sortedIds = items.map((item) => item.id).sort((a, b) => a - b);
    expect(order).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
      itemCount: 3,
      itemsDigest: createHash('sha256').update(sortedIds.join(',')).digest('hex'),
      totalCents: centsOf(items),
    });
    expect(await linesOf(order!.id)).toEqual([]);

    // A retry is recognised without the lines; the key with another cart is refused as before.
    const retry = await pay(who, { items, paymentMethod: method, ip, key: 'compact-record-0001' });
    expect(retry.statusCode).toBe(402);
    expect(retry.json()).toEqual(res.json());
    const otherCart = await pay(who, { items: items.slice(1), paymentMethod: method, ip, key: 'compact-record-0001' });
    expect(otherCart.statusCode).toBe(409);
    expect(otherCart.json().code).toBe(ERROR_CODES.idempotencyKeyReused);
    expect(await chargesOf(method)).toHaveLength(1);
  });
});

describe('a budget spent between the check and the charge', () => {
  it('refuses the attempt without a charge, and withdraws the order it had written', async () => {
    const who = await buyer();
    const method = await paymentMethod(who);
    // Another instance's decline spends the budget while this attempt writes its order.
    const spentMeanwhile: DeclineBrakes = {
      check: async () => null,
      reserve: async () => tryAgainLater(429, 'too_many_declines', pausedFor15Minutes, 900),
      declinedLater: async () => undefined,
    };
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const checkout = createCheckoutService({
      repository: createCheckoutRepository(t.database.db),
      gateway: new SandboxGateway(createSandboxRepository(t.database.db)),
      brakes: spentMeanwhile,
      confirmation: () => {
        throw new Error('nothing is paid here');
      },
      afterPaid: () => undefined,
      log: quiet,
    });
    const items = freshIssues(2);
    const caller: Parameters<typeof checkout.checkout>[0] = {
      id: who.id,
      email: who.email,
      username: who.username,
      role: 'USER',
      picture: null,
      session: 'a-session',
    };
    const attempt = checkout.checkout(
      caller,
      { carrito: items.map((item) => item.id), id: method, price: centsOf(items) },
      'spent-meanwhile-0001',
      freshIp(),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 429, code: ERROR_CODES.tooManyDeclines });
    expect(await ordersOf(who.id)).toEqual([]);
    expect(await chargesOf(method)).toEqual([]);
  });
});

describe('the per-IP budget', () => {
  it('refuses fresh accounts behind an IP with ten declines; a customer who has paid before still pays from it', async () => {
    const ip = freshIp();
    // A crowd of first purchases at the same moment from one address: payments in flight are no declines.
    const crowd = await Promise.all(Array.from({ length: 15 }, () => buyer()));
    const methods = await Promise.all(crowd.map((who) => paymentMethod(who)));
    const paid = await Promise.all(
      crowd.map((who, i) => pay(who, { items: freshIssues(1), paymentMethod: methods[i]!, ip })),
    );
    expect(paid.map((res) => res.statusCode)).toEqual(crowd.map(() => 200));

    const customer = await buyer();
    await payOnce(customer);
    // An established customer's declines are theirs alone: not counted against the address.
    await decline(customer, DECLINES_PER_BUYER - 1, { ip });
    // Throwaway accounts, each within its own budget: nine declines from the address so far.
    const [first, second] = [await buyer(), await buyer()];
    await decline(first, DECLINES_PER_BUYER, { ip });
    await decline(second, DECLINES_PER_BUYER - 1, { ip });
    const early = await buyer();
    const allowed = await pay(early, { items: freshIssues(1), paymentMethod: await paymentMethod(early), ip });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The tenth.
    await decline(second, 1, { ip });

    const fresh = await buyer();
    const method = await paymentMethod(fresh);
    const items = freshIssues(1);
    expectPaused(
      await pay(fresh, { items, paymentMethod: method, ip }),
      'Too many declined payments were made from your network. For your safety, paying is paused for 15 minutes.',
    );
    expect(await ordersOf(fresh.id)).toEqual([]);
    expect(await chargesOf(method)).toEqual([]);

    // The established customer behind the same address is not braked by the neighbours' declines.
    const theirs = await pay(customer, { items: freshIssues(1), paymentMethod: await paymentMethod(customer), ip });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // The fresh account pays from elsewhere: the refusal was the address's, not theirs.
    const elsewhere = await pay(fresh, { items, paymentMethod: method, ip: freshIp() });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('declines learnt after the attempt answered', () => {
  it('from the reconciler count against the buyer; an order the shop gave up on itself does not', async () => {
    const who = await buyer();
    const ip = freshIp();
    const method = await paymentMethod(who, DECLINED);
    // The instance dies between the decline and recording it: the order stays pending.
    const crashing = await buildApp({
      config: testConfig(),
      database: t.database,
      faults: {
        afterCharge: () => {
          throw new Error('injected crash after the charge');
        },
      },
    });
    const crashed = await pay(who, { items: freshIssues(2), paymentMethod: method, ip, app: crashing });
    expect(crashed.statusCode).toBe(500);
    await crashing.close();
    // An order the gateway never saw, given up on after an hour: compacted, not a decline.
    const owner = await buyer();
    const abandoned = freshIssues(2);
    const [uncharged] = await t.database.db
      .insert(orders)
      .values({
        userId: owner.id,
        totalCents: centsOf(abandoned),
        idempotencyKey: `never-charged-${randomBytes(4).toString('hex')}`,
        itemCount: 2,
        itemsDigest: 'digest',
        createdAt: new Date(Date.now() - 60 * 60_000),
      })
      .returning();
    await t.database.db
      .insert(orderItems)
      .values(abandoned.map((item) => ({ orderId: uncharged!.id, issueId: item.id, priceCents: item.priceCents })));

    // The next start settles both before it serves.
    const restarted = await buildApp({ config: testConfig(), database: t.database });
    try {
      await restarted.ready();
      const [declined] = await ordersOf(who.id);
      expect(declined).toMatchObject({ status: 'failed', failureCode: 'card_declined', itemCount: 2 });
      expect(await linesOf(declined!.id)).toEqual([]);
      const [givenUp] = await ordersOf(owner.id);
      expect(givenUp).toMatchObject({ status: 'failed', failureCode: 'not_charged', itemCount: 2 });
      expect(await linesOf(givenUp!.id)).toEqual([]);

      // The reconciled decline was the first of five.
      await decline(who, DECLINES_PER_BUYER - 1, { ip, app: restarted });
      expectPaused(
        await pay(who, { items: freshIssues(1), paymentMethod: await paymentMethod(who), ip, app: restarted }),
      );
      // The owner of the given-up order has their whole budget.
      await decline(owner, DECLINES_PER_BUYER, { ip: freshIp(), app: restarted });
    } finally {
      await restarted.close();
    }
  });

  it("from Stripe's webhook count against the buyer, and a 3-D Secure order keeps its lines", async () => {
    const who = await buyer();
    const brakes = createDeclineBrakes(createInProcessAttemptCounter(), { log: { warn: () => undefined } });
    const repository = createCheckoutRepository(t.database.db);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const checkout = createCheckoutService({
      repository,
      gateway: null,
      brakes,
      confirmation: () => {
        throw new Error('nothing is paid here');
      },
      afterPaid: () => undefined,
      log: quiet,
    });
    const payer = { buyerId: who.id, ip: freshIp(), established: false };
    const pendingOrder = async (reference: string | null) => {
      const items = freshIssues(2);
      const created = await repository.createPending({
        userId: who.id,
        idempotencyKey: `webhook-${randomBytes(4).toString('hex')}`,
        gateway: 'stripe',
        paymentMethodId: 'pm_card_visa',
        items: await repository.pricedIssues(
          who.id,
          items.map((item) => item.id),
        ),
      });
      if (typeof created === 'string') throw new Error(created);
      if (reference) await repository.setReference(created.id, reference);
      return created;
    };

    for (let i = 0; i < DECLINES_PER_BUYER; i++) {
      expect(await brakes.check(payer)).toBeNull();
      // Declined at confirmation: Stripe's event arrives, found by the order id of its metadata.
      const order = await pendingOrder(null);
      await checkout.onPaymentIntent({
        reference: `pi_declined_${i}`,
        orderId: order.id,
        status: 'failed',
        code: 'do_not_honor',
        message: 'Your card was declined.',
      });
      expect((await repository.findById(order.id))!).toMatchObject({ status: 'failed', failureCode: 'do_not_honor' });
      expect(await linesOf(order.id)).toEqual([]);
      // The same event again changes and counts nothing.
      await checkout.onPaymentIntent({ reference: `pi_declined_${i}`, orderId: order.id, status: 'failed' });
    }
    const braked = await brakes.check(payer);
    expect(braked).toMatchObject({ statusCode: 429, code: ERROR_CODES.tooManyDeclines, message: pausedFor15Minutes });

    // The bank refused a 3-D Secure confirmation: the buyer's browser may still confirm that
    // payment, so its lines stay for the issues to be granted should it succeed.
    const secured = await pendingOrder('pi_3ds_1');
    await checkout.onPaymentIntent({
      reference: 'pi_3ds_1',
      orderId: secured.id,
      status: 'failed',
      code: 'payment_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method.',
    });
    expect(await repository.findById(secured.id)).toMatchObject({
      status: 'failed',
      failureCode: 'payment_intent_authentication_failure',
    });
    expect(await linesOf(secured.id)).toHaveLength(2);
  });
});

describe('two instances on one Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // Keys of this run only: other test files share the Redis.
    const shared = { REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:` };
    a = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'a' }), database: t.database });
    b = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'b' }), database: t.database });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("count a buyer's declines together: after three on one and two on the other, both refuse", async () => {
    const who = await buyer();
    const ip = freshIp();
    await decline(who, 3, { ip, app: a });
    await decline(who, 2, { ip, app: b });
    const good = await paymentMethod(who);
    for (const app of [a, b]) expectPaused(await pay(who, { items: freshIssues(1), paymentMethod: good, ip, app }));
    expect(await chargesOf(good)).toEqual([]);
  });

  it("count an address's declines together", async () => {
    const ip = freshIp();
    await decline(await buyer(), 5, { ip, app: a });
    await decline(await buyer(), 5, { ip, app: b });
    const fresh = await buyer();
    const res = await pay(fresh, { items: freshIssues(1), paymentMethod: await paymentMethod(fresh), ip, app: a });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/from your network/);
  });
});

describe('the checkout body', () => {
  it(`takes at most a full cart (${MAX_CART_LINES} issues), naming the field`, async () => {
    const who = await buyer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/checkout',
      headers: who.headers,
      payload: { carrito: freshIssues(MAX_CART_LINES + 1).map((item) => item.id), id: 'pm_x', price: 100 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ carrito: `At most ${MAX_CART_LINES} issues at once` });
  });
});
