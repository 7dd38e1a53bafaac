// The order statements against a real database: a pending order is refused for an issue that
// became owned, including one granted by an order that completed while the insert waited on the
// one-pending-order-per-buyer index (PostgreSQL only: PGlite has a single connection); completing
// writes everything at once, and only once; failing keeps one compact record (the row, no lines).
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/databases';
import { createAccount, createTestDatabase, seededIssues } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema/outbox';
import { cartItems, orderItems, orders, purchases } from '../../db/schema/shop';
import { createCheckoutRepository, itemsDigest, type CheckoutRepository, type NewOrder } from './repository';

let database: DatabaseHandle;
let repository: CheckoutRepository;
let issueIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createCheckoutRepository(database.db);
  issueIds = (await seededIssues(database, 4)).map((issue) => issue.id);
});

async function newOrder(userId: number, ids: readonly number[], key = `k${Math.random()}`): Promise<NewOrder> {
  const priced = await repository.pricedIssues(userId, ids);
  return { userId, idempotencyKey: key, gateway: 'sandbox', paymentMethodId: 'pm_test', items: priced };
}

const ordersOf = (userId: number) => database.db.select().from(orders).where(eq(orders.userId, userId));
let charges = 0;
/** A charge's outcome; every charge has its own reference. */
const payment = () => ({
  reference: `ch_test_${++charges}`,
  card: { brand: 'visa', last4: '4242', funding: 'credit' },
  paidAt: new Date(),
});
const confirmation = (orderId: number, recipient: string) => ({
  recipient,
  subject: `Your comics order #${orderId}`,
  textBody: 'Thank you',
  orderId,
});

describe('createPending', () => {
  it('writes the order with its lines and total', async () => {
    const { id: userId } = await createAccount(database);
    const order = await newOrder(userId, issueIds.slice(0, 2));
    const row = await repository.createPending(order);
    if (typeof row === 'string') throw new Error(row);
    expect(row).toMatchObject({
      userId,
      status: 'pending',
      totalCents: order.items[0]!.priceCents + order.items[1]!.priceCents,
    });
    expect((await repository.orderLines(row.id)).map((line) => line.id).sort()).toEqual(issueIds.slice(0, 2).sort());
  });

  it('refuses, and withdraws the order, when an issue became owned after it was priced', async () => {
    const { id: userId } = await createAccount(database);
    const first = await repository.createPending(await newOrder(userId, [issueIds[0]!]));
    if (typeof first === 'string') throw new Error(first);
    const late = await newOrder(userId, issueIds.slice(0, 2)); // priced while nothing is owned
    expect(await repository.complete(first.id, payment(), null)).toMatchObject({ id: first.id, status: 'paid' });
    expect(await repository.createPending(late)).toBe('already_owned');
    expect((await ordersOf(userId)).map((order) => order.status)).toEqual(['paid']);
  });

  it('answers same_key for a recorded attempt and payment_in_progress for a second pending order', async () => {
    const { id: userId } = await createAccount(database);
    const order = await newOrder(userId, [issueIds[0]!], 'one-key');
    expect(typeof (await repository.createPending(order))).toBe('object');
    expect(await repository.createPending(order)).toBe('same_key');
    expect(await repository.createPending(await newOrder(userId, [issueIds[1]!]))).toBe('payment_in_progress');
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'sees an order that completed while its insert waited on the one-pending-order index',
    async () => {
      const { id: userId } = await createAccount(database);
      const first = await repository.createPending(await newOrder(userId, [issueIds[2]!]));
      if (typeof first === 'string') throw new Error(first);
      const late = await newOrder(userId, [issueIds[2]!]);
      let createdMeanwhile: Promise<unknown> | null = null;
      // The first order completes in a transaction held open while the second is inserted: the
      // insert waits for it on the unique index, then goes on with a snapshot from before it.
      await database.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, first.id));
        await tx.insert(purchases).values({ userId, issueId: issueIds[2]!, orderId: first.id });
        createdMeanwhile = repository.createPending(late);
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      expect(await createdMeanwhile).toBe('already_owned');
      expect((await ordersOf(userId)).map((order) => order.status)).toEqual(['paid']);
    },
  );
});

describe('complete', () => {
  it('marks paid, grants, empties those cart lines and queues the confirmation, once', async () => {
    const { id: userId, email } = await createAccount(database);
    await database.db.insert(cartItems).values(issueIds.slice(0, 3).map((issueId) => ({ userId, issueId })));
    const row = await repository.createPending(await newOrder(userId, issueIds.slice(0, 2)));
    if (typeof row === 'string') throw new Error(row);

    const charge = payment();
    const completed = await repository.complete(row.id, charge, confirmation(row.id, email));
    expect(await repository.complete(row.id, charge, confirmation(row.id, email))).toBeNull();

    // The row the statement answered is the row as stored.
    expect(completed).toEqual(await repository.findById(row.id));
    expect(completed).toMatchObject({
      status: 'paid',
      paymentReference: charge.reference,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardFunding: 'credit',
    });
    const granted = await database.db.select().from(purchases).where(eq(purchases.userId, userId));
    expect(granted.map((purchase) => purchase.issueId).sort()).toEqual(issueIds.slice(0, 2).sort());
    expect(granted.every((purchase) => purchase.orderId === row.id)).toBe(true);
    const cart = await database.db.select().from(cartItems).where(eq(cartItems.userId, userId));
    expect(cart.map((line) => line.issueId)).toEqual([issueIds[2]]);
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, row.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: email, status: 'pending', subject: `Your comics order #${row.id}` });
  });

  it('turns a failed order paid when the charge did go through, and queues nothing without a buyer', async () => {
    const { id: userId } = await createAccount(database);
    const row = await repository.createPending(await newOrder(userId, [issueIds[3]!]));
    if (typeof row === 'string') throw new Error(row);
    const failure = { code: 'payment_intent_authentication_failure', message: 'Not confirmed.', keepLines: true };
    expect(await repository.fail(row.id, failure)).toBe(true);
    expect(await repository.complete(row.id, payment(), null)).toMatchObject({ status: 'paid' });
    expect(await repository.findById(row.id)).toMatchObject({
      status: 'paid',
      failureMessage: null,
      failureCode: null,
    });
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, row.id))).toEqual([]);
    const owned = await database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.issueId, issueIds[3]!)));
    expect(owned).toHaveLength(1);
  });
});

describe('fail', () => {
  const linesOf = (orderId: number) => database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

  it("keeps one compact record: the row with the gateway's code, the count and digest of its issues, no lines", async () => {
    const { id: userId } = await createAccount(database);
    const ids = issueIds.slice(0, 3);
    const row = await repository.createPending(await newOrder(userId, ids));
    if (typeof row === 'string') throw new Error(row);
    expect(row).toMatchObject({ itemCount: 3, itemsDigest: itemsDigest([...ids].reverse()) });
    expect(await linesOf(row.id)).toHaveLength(3);

    const failure = { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    expect(await repository.fail(row.id, failure)).toBe(true);
    expect(await repository.findById(row.id)).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
      itemCount: 3,
      itemsDigest: itemsDigest(ids),
      totalCents: row.totalCents,
    });
    expect(await linesOf(row.id)).toEqual([]);
    // Failing again changes nothing.
    expect(await repository.fail(row.id, { code: 'card_declined', message: 'Declined.' })).toBe(false);
    expect(await repository.findById(row.id)).toMatchObject({ failureCode: 'insufficient_funds' });
  });

  it('keeps the lines when asked to (a payment the buyer may still confirm), and never fails a paid order', async () => {
    const { id: userId } = await createAccount(database);
    const kept = await repository.createPending(await newOrder(userId, issueIds.slice(0, 2)));
    if (typeof kept === 'string') throw new Error(kept);
    expect(await repository.fail(kept.id, { code: 'card_declined', message: 'Declined.', keepLines: true })).toBe(true);
    expect(await repository.findById(kept.id)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(await linesOf(kept.id)).toHaveLength(2);

    const paid = await repository.createPending(await newOrder(userId, issueIds.slice(2, 3)));
    if (typeof paid === 'string') throw new Error(paid);
    expect(await repository.complete(paid.id, payment(), null)).toMatchObject({ status: 'paid' });
    expect(await repository.fail(paid.id, { code: 'card_declined', message: 'Declined.' })).toBe(false);
    expect(await repository.findById(paid.id)).toMatchObject({ status: 'paid', failureCode: null });
    expect(await linesOf(paid.id)).toHaveLength(1);
  });

  it('keeps the lines of an order written before digests were (a retry is recognised by them)', async () => {
    const { id: userId } = await createAccount(database);
    const row = await repository.createPending(await newOrder(userId, issueIds.slice(0, 1)));
    if (typeof row === 'string') throw new Error(row);
    await database.db.update(orders).set({ itemCount: null, itemsDigest: null }).where(eq(orders.id, row.id));
    expect(await repository.fail(row.id, { code: 'card_declined', message: 'Declined.' })).toBe(true);
    expect(await repository.findById(row.id)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(await linesOf(row.id)).toHaveLength(1);
  });
});
