// Checkout on a real database with the sandbox gateway: one charge per attempt, the server's
// prices, each test card's failure, races between attempts, a crash between the charge and the
// order's completion settled by the reconciler, and the confirmation e-mail over real SMTP.
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars, formatDollars } from '@comics/shared/money';
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { CustomerOrder } from '@comics/shared/schemas/shop';
import { bearer, buildTestApp, createAccount, loginToken, testConfig, type TestApp } from '../../../test/helpers';
import { chargeableIssues, sandboxPaymentMethod, totalCentsOf, type PricedIssue } from '../../../test/shop';
import { buildApp } from '../../app';
import { holdInstanceLock } from '../../db/instance-lock';
import { emailOutbox } from '../../db/schema/outbox';
import { sandboxCharges } from '../../db/schema/payments';
import { cartItems, orders, purchases } from '../../db/schema/shop';

let t: TestApp;
let issuePool: Awaited<ReturnType<typeof chargeableIssues>>;
const received: Array<{ to: string; subject: string; text: string }> = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: mail.to ? [mail.to].flat()[0]!.text : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000', SMTP_URL: `smtp://127.0.0.1:${port}` });
  await t.app.ready();
  issuePool = await chargeableIssues(t.database, 200);
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** Issues nobody in this file has used yet. */
const freshIssues = (count: number) => issuePool.take(count);
const centsOf = totalCentsOf;

async function buyer() {
  const account = await createAccount(t.database);
  const token = await loginToken(t.app, account.email, account.password);
  return { ...account, headers: bearer(token) };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

const paymentMethod = (who: Buyer, number?: string) => sandboxPaymentMethod(t.app, who.headers, number);

async function fillCart(who: Buyer, items: Array<{ id: number }>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/cart/bulk',
    headers: who.headers,
    payload: { comics: items.map((item) => item.id), userId: who.id },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function pay(who: Buyer, body: { carrito: unknown[]; id: string; price: number }, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/checkout',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const ownedBy = (userId: number) =>
  t.database.db.select({ issueId: purchases.issueId }).from(purchases).where(eq(purchases.userId, userId));
const cartOf = (userId: number) =>
  t.database.db.select({ issueId: cartItems.issueId }).from(cartItems).where(eq(cartItems.userId, userId));
const chargesFor = async (userId: number) => {
  const keys = (await ordersOf(userId)).map((order) => order.idempotencyKey!);
  const all = await t.database.db.select().from(sandboxCharges);
  return all.filter((charge) => keys.includes(charge.idempotencyKey));
};

describe('POST /api/shop/checkout', () => {
  it('charges the server total once, grants the issues, empties the cart and queues the confirmation', async () => {
    const who = await buyer();
    const items = freshIssues(2);
    await fillCart(who, items);
    const pm = await paymentMethod(who);
    const res = await pay(
      who,
      { carrito: items.map((item) => ({ id: item.id, price: 0.01 })), id: pm, price: centsOf(items) },
      'attempt-success-1',
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      status: 'paid',
      total: centsToDollars(centsOf(items)),
      card: { brand: 'visa', last4: '4242', funding: 'credit' },
      message: 'PAYMENT SUCCESSFUL!',
    });
    expect(answer.items.map((item: { id: number }) => item.id).sort()).toEqual(items.map((item) => item.id).sort());

    const [order] = await ordersOf(who.id);
    expect(order).toMatchObject({ status: 'paid', totalCents: centsOf(items), cardLast4: '4242' });
    expect((await ownedBy(who.id)).map((row) => row.issueId).sort()).toEqual(items.map((item) => item.id).sort());
    expect(await cartOf(who.id)).toEqual([]);
    const charges = await chargesFor(who.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'succeeded', amountCents: centsOf(items) });
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order!.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe(who.email);

    // The compatibility call acknowledges what is paid, and only that.
    const acknowledged = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/cart',
      headers: who.headers,
      payload: { comic: items[0]!.id, userId: who.id, card: 'credit', status: 'Completo' },
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const purchased = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/${who.id}/comprado`,
      headers: who.headers,
    });
    expect(purchased.json()).toHaveLength(2);
  });

  it('sends the confirmation over SMTP with the issues and the total', async () => {
    const who = await buyer();
    const items = freshIssues(2);
    const res = await pay(who, {
      carrito: items.map((item) => item.id),
      id: await paymentMethod(who),
      price: centsOf(items),
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json<{ orderId: number }>().orderId;
    await expect.poll(() => received.find((mail) => mail.to === who.email), { timeout: 5000 }).toBeTruthy();
    const mail = received.find((message) => message.to === who.email)!;
    expect(mail.subject).toContain(`#${orderId}`);
    expect(mail.text).toContain(formatDollars(centsToDollars(centsOf(items))));
    for (const item of items) expect(mail.text).toContain(formatDollars(centsToDollars(item.priceCents)));
    expect(mail.text).toContain('4242');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000 0000 0000 0010', 'card_declined', 'Your card was declined.'],
  ])('refuses test card %s with its message, leaving the cart and granting nothing', async (number, code, message) => {
    const who = await buyer();
    const items = freshIssues(1);
    await fillCart(who, items);
    const res = await pay(who, {
      carrito: items.map((item) => item.id),
      id: await paymentMethod(who, number),
      price: centsOf(items),
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code, error: message });
    expect((await ordersOf(who.id))[0]).toMatchObject({ status: 'failed', failureMessage: message });
    expect(await ownedBy(who.id)).toEqual([]);
    expect(await cartOf(who.id)).toHaveLength(1);
  });

  it("refuses a total that is not the server's, naming the right one, and charges nothing", async () => {
    const who = await buyer();
    const items = freshIssues(2);
    const res = await pay(who, { carrito: items.map((item) => item.id), id: await paymentMethod(who), price: 1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.priceMismatch,
      fields: { price: `Must be ${centsOf(items)}` },
    });
    expect(res.json().error).toContain(formatDollars(centsToDollars(centsOf(items))));
    expect(await ordersOf(who.id)).toEqual([]);
  });

  it("takes the spec client's rounded-down total", async () => {
    const who = await buyer();
    const items = freshIssues(3);
    // The spec's client sums the prices in floating point and floors the cents.
    const floored = Math.floor(items.reduce((sum, item) => sum + centsToDollars(item.priceCents), 0) * 100);
    const res = await pay(who, { carrito: items.map((item) => item.id), id: await paymentMethod(who), price: floored });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(centsToDollars(centsOf(items)));
  });

  it('refuses an issue the buyer already owns, unknown issues and bad bodies', async () => {
    const who = await buyer();
    const items = freshIssues(1);
    const pm = await paymentMethod(who);
    expect((await pay(who, { carrito: [items[0]!.id], id: pm, price: centsOf(items) })).statusCode).toBe(200);
    const again = await pay(who, { carrito: [items[0]!.id], id: pm, price: centsOf(items) });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.alreadyOwned);

    const unknown = await pay(who, { carrito: [2_000_000_000], id: pm, price: 100 });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      { carrito: [], id: pm, price: 0 },
      { carrito: ['x'], id: pm, price: 1 },
      { carrito: [1], id: pm, price: 1.5 },
      { carrito: [1], price: 1 },
    ]) {
      const bad = await pay(who, body as never);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().fields).toBeDefined();
    }
    const badKey = await pay(who, { carrito: [1], id: pm, price: 1 }, 'short');
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json().fields)).toEqual(['idempotency-key']);
  });

  it("refuses another user's payment method", async () => {
    const who = await buyer();
    const other = await buyer();
    const items = freshIssues(1);
    const res = await pay(who, { carrito: [items[0]!.id], id: await paymentMethod(other), price: centsOf(items) });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().code).toBe('payment_method_not_found');
    expect(await ownedBy(who.id)).toEqual([]);
  });

  it('gives 20 concurrent requests with one Idempotency-Key one order, one charge and one answer', async () => {
    const who = await buyer();
    const items = freshIssues(2);
    const pm = await paymentMethod(who);
    const body = { carrito: items.map((item) => item.id), id: pm, price: centsOf(items) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(who, body, 'same-attempt-key-0001')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((res) => res.json().orderId)).size).toBe(1);
    expect(await ordersOf(who.id)).toHaveLength(1);
    expect(await chargesFor(who.id)).toHaveLength(1);
    // A retry later answers the same, and the key cannot be reused for another cart.
    const later = await pay(who, body, 'same-attempt-key-0001');
    expect(later.json().orderId).toBe(answers[0]!.json().orderId);
    const other = freshIssues(1);
    const reused = await pay(who, { carrito: [other[0]!.id], id: pm, price: centsOf(other) }, 'same-attempt-key-0001');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe(ERROR_CODES.idempotencyKeyReused);
  });

  it('answers a retried declined attempt with the same refusal, without charging again', async () => {
    const who = await buyer();
    const items = freshIssues(1);
    const body = { carrito: [items[0]!.id], id: await paymentMethod(who, '4000000000000002'), price: centsOf(items) };
    const first = await pay(who, body, 'declined-attempt-01');
    const second = await pay(who, body, 'declined-attempt-01');
    expect([first.statusCode, second.statusCode]).toEqual([402, 402]);
    expect(second.json().error).toBe('Your card was declined.');
    expect(await chargesFor(who.id)).toHaveLength(1);
  });

  it('lets one of several concurrent attempts for the same cart pay; the others are refused clearly', async () => {
    const who = await buyer();
    const items = freshIssues(2);
    const pm = await paymentMethod(who);
    const body = { carrito: items.map((item) => item.id), id: pm, price: centsOf(items) };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(who, body, `racing-attempt-${i}-key`)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(['checkout_in_progress', 'already_owned']).toContain(res.json().code);
    }
    const paid = (await ordersOf(who.id)).filter((order) => order.status === 'paid');
    expect(paid).toHaveLength(1);
    expect((await chargesFor(who.id)).filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
  });

  it('tells a buyer where their own order stands, and nobody else', async () => {
    const who = await buyer();
    const other = await buyer();
    const items = freshIssues(1);
    const res = await pay(who, { carrito: [items[0]!.id], id: await paymentMethod(who), price: centsOf(items) });
    const orderId = res.json<{ orderId: number }>().orderId;
    const own = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${orderId}`, headers: who.headers });
    expect(own.json()).toEqual({
      orderId,
      status: 'paid',
      total: centsToDollars(centsOf(items)),
      failureMessage: null,
    });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${orderId}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('a crash between the charge and the completion', () => {
  it('is completed by the reconciler on the next start: one paid order, one charge, issues granted', async () => {
    const who = await buyer();
    const items = freshIssues(2);
    await fillCart(who, items);
    const pm = await paymentMethod(who);
    const crashing = await buildApp({
      config: testConfig(),
      database: t.database,
      faults: {
        afterCharge: () => {
          throw new Error('injected crash after the charge');
        },
      },
    });
    const res = await crashing.inject({
      method: 'POST',
      url: '/api/shop/checkout',
      headers: who.headers,
      payload: { carrito: items.map((item) => item.id), id: pm, price: centsOf(items) },
    });
    expect(res.statusCode).toBe(500);
    await crashing.close();
    expect((await ordersOf(who.id))[0]!.status).toBe('pending');
    expect(await ownedBy(who.id)).toEqual([]);
    expect(await chargesFor(who.id)).toHaveLength(1);

    // The next start reconciles before it serves.
    const restarted = await buildApp({ config: testConfig(), database: t.database });
    await restarted.ready();
    await restarted.close();
    const after = await ordersOf(who.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).toBe('paid');
    expect((await ownedBy(who.id)).map((row) => row.issueId).sort()).toEqual(items.map((item) => item.id).sort());
    expect(await cartOf(who.id)).toEqual([]);
    expect(await chargesFor(who.id)).toHaveLength(1);
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, after[0]!.id));
    expect(mail).toHaveLength(1);
  });

  it('leaves an order the gateway never saw pending for a while, then gives it up without granting', async () => {
    const who = await buyer();
    const items = freshIssues(1);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: who.id,
        totalCents: centsOf(items),
        idempotencyKey: `u${who.id}:never-charged-1`,
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const restarted = await buildApp({ config: testConfig(), database: t.database });
    await restarted.ready();
    await restarted.close();
    expect((await ordersOf(who.id))[0]!.status).toBe('pending');
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(orders.id, order!.id));
    const later = await buildApp({ config: testConfig(), database: t.database });
    await later.ready();
    await later.close();
    expect((await ordersOf(who.id))[0]).toMatchObject({ status: 'failed' });
    expect(await ownedBy(who.id)).toEqual([]);
  });
  it('gives up at once an uncharged order whose instance died, after a minute; not one whose instance runs', async () => {
    const running = await holdInstanceLock(t.database);
    const died = await holdInstanceLock(t.database);
    await died.close();
    const uncharged = async (ownerInstance: number, ageMs: number) => {
      const who = await buyer();
      const [order] = await t.database.db
        .insert(orders)
        .values({
          userId: who.id,
          totalCents: centsOf(freshIssues(1)),
          idempotencyKey: `u${who.id}:orphaned`,
          ownerInstance,
          createdAt: new Date(Date.now() - ageMs),
        })
        .returning();
      return order!.id;
    };
    const orphaned = await uncharged(died.key, 2 * 60_000);
    const young = await uncharged(died.key, 5_000);
    const stillRunning = await uncharged(running.key, 2 * 60_000);

    const restarted = await buildApp({ config: testConfig(), database: t.database });
    await restarted.ready();
    await restarted.close();
    await running.close();
    const statusOf = async (id: number) =>
      (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await statusOf(orphaned)).toBe('failed');
    // A charge its request sent just before the instance died may still be on its way.
    expect(await statusOf(young)).toBe('pending');
    // On PGlite, one process's database, every other instance key is a run that ended.
    expect(await statusOf(stillRunning)).toBe(t.database.kind === 'postgres' ? 'pending' : 'failed');
  });
});

describe('GET /api/shop/orders', () => {
  it("answers the buyer's paid orders as receipts, newest first: lines at the prices charged, total, card", async () => {
    const who = await buyer();
    const [first, second, third] = freshIssues(3) as [PricedIssue, PricedIssue, PricedIssue];
    const older = await pay(who, {
      carrito: [first.id, second.id],
      id: await paymentMethod(who),
      price: centsOf([first, second]),
    });
    const declined = await pay(who, {
      carrito: [third.id],
      id: await paymentMethod(who, '4000000000000002'),
      price: centsOf([third]),
    });
    expect(declined.statusCode).toBe(402);
    const newer = await pay(who, { carrito: [third.id], id: await paymentMethod(who), price: centsOf([third]) });
    // Someone else's order is not among them.
    const other = await buyer();
    const [elsewhere] = freshIssues(1) as [PricedIssue];
    await pay(other, { carrito: [elsewhere.id], id: await paymentMethod(other), price: centsOf([elsewhere]) });

    const res = await t.app.inject({ method: 'GET', url: '/api/shop/orders', headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const receipts = res.json<CustomerOrder[]>();
    expect(receipts.map((order) => order.orderId)).toEqual([newer.json().orderId, older.json().orderId]);
    expect(receipts[1]).toMatchObject({
      total: centsToDollars(centsOf([first, second])),
      card: { brand: 'visa', last4: '4242' },
      takenBack: false,
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(receipts[1]!.lines.map((line) => [line.id, line.price])).toEqual(
      expect.arrayContaining([
        [first.id, centsToDollars(first.priceCents)],
        [second.id, centsToDollars(second.priceCents)],
      ]),
    );
    expect(receipts[1]!.lines.every((line) => line.volume_name.length > 0)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/orders' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/sendEmail', () => {
  it("queues the confirmation of the buyer's last paid order again", async () => {
    const who = await buyer();
    const items = freshIssues(1);
    const paid = await pay(who, { carrito: [items[0]!.id], id: await paymentMethod(who), price: centsOf(items) });
    const orderId = paid.json<{ orderId: number }>().orderId;
    const admin = await createAccount(t.database, { role: 'ADMIN' });
    const adminHeaders = bearer(await loginToken(t.app, admin.email, admin.password));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sendEmail',
      headers: adminHeaders,
      payload: { email: [who.email.toUpperCase()] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: 1 });
    const queued = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, orderId)));
    expect(queued).toHaveLength(2);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sendEmail',
      headers: adminHeaders,
      payload: { email: ['nobody@example.com'] },
    });
    expect(nobody.statusCode).toBe(404);
  });

  it("acknowledges a USER's call for their own confirmation without a second mail, and refuses any other list", async () => {
    const who = await buyer();
    const items = freshIssues(1);
    const paid = await pay(who, { carrito: [items[0]!.id], id: await paymentMethod(who), price: centsOf(items) });
    const orderId = paid.json<{ orderId: number }>().orderId;
    const sendAsBuyer = (email: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/sendEmail', headers: who.headers, payload: { email } });

    // What the spec's client calls right after paying: the order's mail is already queued.
    const own = await sendAsBuyer([who.email.toUpperCase()]);
    expect(own.statusCode, own.body).toBe(202);
    expect(own.json()).toEqual({ queued: 0 });
    const queued = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    expect(queued).toHaveLength(1);

    for (const list of [['nobody@example.com'], [who.email, 'nobody@example.com'], []]) {
      const refused = await sendAsBuyer(list);
      expect(refused.statusCode, JSON.stringify(list)).toBe(list.length === 0 ? 400 : 403);
    }
    const guest = await t.app.inject({ method: 'POST', url: '/api/admin/sendEmail', payload: { email: [who.email] } });
    expect(guest.statusCode).toBe(401);
  });
});
