// Orders in the database. An order is written as pending before any money moves; completing
// it (paid, issues granted, cart lines gone, confirmation queued) is one statement, so a crash
// leaves either a pending order for the reconciler or a finished one, never half. Both are
// single statements with data-modifying CTEs: checkout is the busiest write path, and each round
// trip and commit saved is throughput (docs/benchmarks.md). A failed order keeps a compact
// record (its count and items' digest, not its lines), so declined attempts cost little room.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CardSummary } from '@comics/shared/schemas/shop';
import { queryRows, type Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { orderItems, orders, purchases } from '../../db/schema/shop';
import { users } from '../../db/schema/users';
import { sqlStateOf, violatedConstraintOf } from '../../platform/http/database-errors';
import { enqueueEmail, outboxValues, type OutboxMessage } from '../mail/outbox';

export type OrderRow = typeof orders.$inferSelect;

/** An issue as checkout prices and shows it. */
export interface PricedIssue {
  id: number;
  volumeId: number;
  volumeName: string;
  issueNumber: number;
  name: string | null;
  image: string;
  priceCents: number;
}

export interface NewOrder {
  userId: number;
  idempotencyKey: string;
  gateway: string;
  paymentMethodId: string;
  items: readonly PricedIssue[];
  /** The key of the instance taking the order (db/instance-lock.ts); null when not known. */
  ownerInstance?: number | null;
}

/** Why a pending order could not be written. */
export type OrderConflict = 'same_key' | 'payment_in_progress' | 'already_owned';

const pricedColumns = {
  id: issues.id,
  volumeId: issues.volumeId,
  volumeName: volumes.name,
  issueNumber: issues.issueNumber,
  name: issues.name,
  image: issues.image,
  priceCents: issues.priceCents,
};

const placeholder = sql.placeholder;

/**
 * What an attempt was for, in a few bytes: the SHA-256 of its sorted issue ids. A retry of a
 * failed attempt (whose lines are gone) is recognised by it.
 */
export function itemsDigest(issueIds: readonly number[]): string {
  const sorted = [...new Set(issueIds)].sort((a, b) => a - b);
  return createHash('sha256').update(sorted.join(',')).digest('hex');
}

/** What these lines cost together, in cents. */
export const totalCentsOf = (items: readonly Pick<PricedIssue, 'priceCents'>[]) =>
  items.reduce((sum, item) => sum + item.priceCents, 0);

/** How a pending order failed. */
export interface OrderFailure {
  /** The gateway's decline code, or ours ('not_charged', 'abandoned'). */
  code: string;
  /** What the buyer is told. */
  message: string;
  /**
   * Keep the lines: the charge could still succeed later (Stripe lets the buyer's browser
   * confirm a 3-D Secure payment again), and a success must still grant what was paid for.
   */
  keepLines?: boolean;
}

export function createCheckoutRepository(db: Database) {
  // The statements every checkout runs are built once: a checkout only fills in its values.
  const pricedIssuesQuery = db
    .select({
      ...pricedColumns,
      owned: sql<boolean>`exists (select 1 from ${purchases} where ${purchases.userId} = ${placeholder('userId')} and ${purchases.issueId} = ${issues.id})`,
      // The same on every row (evaluated once): whether the buyer owns anything, i.e. has a paid
      // order whose comics were not taken back. Read from the purchases' key (it leads with the
      // user): a query on paid orders would scan every paid order of the shop.
      established: sql<boolean>`exists (select 1 from ${purchases} where ${purchases.userId} = ${placeholder('userId')})`,
    })
    .from(issues)
    .innerJoin(volumes, eq(volumes.id, issues.volumeId))
    .where(sql`${issues.id} = any(${placeholder('issueIds')}::int[])`)
    .prepare('checkout_priced_issues');

  const ownedQuery = db
    .select({ issueId: purchases.issueId })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, placeholder('userId')),
        sql`${purchases.issueId} = any(${placeholder('issueIds')}::int[])`,
      ),
    )
    .prepare('checkout_owned_issues');

  const created = db.$with('created').as(
    db
      .insert(orders)
      .values({
        userId: placeholder('userId'),
        idempotencyKey: placeholder('idempotencyKey'),
        gateway: placeholder('gateway'),
        paymentMethodId: placeholder('paymentMethodId'),
        ownerInstance: placeholder('ownerInstance'),
        totalCents: placeholder('totalCents'),
        itemCount: placeholder('itemCount'),
        itemsDigest: placeholder('itemsDigest'),
      })
      .returning(),
  );
  const lines = db.$with('lines').as(
    db.insert(orderItems).select(
      sql`select created.id, item.issue_id, item.price_cents
          from created, unnest(${placeholder('issueIds')}::int[], ${placeholder('pricesCents')}::int[]) as item(issue_id, price_cents)`,
    ),
  );
  const insertPendingQuery = db.with(created, lines).select().from(created).prepare('checkout_insert_pending');

  // Marks the order paid and answers its row as the statement left it (nothing when another
  // completion came first); the CTEs beside it grant the issues, uncart them and queue the mail.
  const paid = db.$with('paid').as(
    db
      .update(orders)
      .set({
        status: 'paid',
        paymentReference: sql`${placeholder('reference')}`,
        cardBrand: sql`${placeholder('cardBrand')}`,
        cardLast4: sql`${placeholder('cardLast4')}`,
        cardFunding: sql`${placeholder('cardFunding')}`,
        failureMessage: null,
        failureCode: null,
        paidAt: sql`${placeholder('paidAt')}::timestamptz`,
      })
      .where(and(eq(orders.id, placeholder('orderId')), inArray(orders.status, ['pending', 'failed'])))
      .returning(),
  );
  const granted = db.$with('granted', {}).as(
    sql`insert into purchases (user_id, issue_id, order_id, purchased_at)
        select paid.user_id, line.issue_id, paid.id, ${placeholder('paidAt')}::timestamptz
        from paid join order_items line on line.order_id = paid.id
        on conflict do nothing`,
  );
  const uncarted = db.$with('uncarted', {}).as(
    sql`delete from cart_items item using paid, order_items line
        where line.order_id = paid.id and item.user_id = paid.user_id and item.issue_id = line.issue_id`,
  );
  const queued = db.$with('queued', {}).as(
    sql`insert into email_outbox (recipient, subject, text_body, html_body, order_id, next_attempt_at)
        select ${placeholder('recipient')}::text, ${placeholder('subject')}::text, ${placeholder('textBody')}::text,
               ${placeholder('htmlBody')}::text, paid.id, ${placeholder('nextAttemptAt')}::timestamptz
        from paid`,
  );
  const completion = (withMail: boolean) =>
    (withMail ? db.with(paid, granted, uncarted, queued) : db.with(paid, granted, uncarted))
      .select()
      .from(paid)
      .prepare(withMail ? 'checkout_complete_and_mail' : 'checkout_complete');
  const completeQuery = completion(false);
  const completeAndMailQuery = completion(true);

  /** Deletes a pending order nothing was charged for, with its lines (never a paid or failed one). */
  async function withdraw(orderId: number): Promise<void> {
    await db.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  }

  return {
    /**
     * The issues with the server's current prices, whether the buyer owns each (unknown ids are
     * absent), and on every row whether the buyer owns any issue (has paid before).
     */
    pricedIssues(
      userId: number,
      issueIds: readonly number[],
    ): Promise<Array<PricedIssue & { owned: boolean; established: boolean }>> {
      return pricedIssuesQuery.execute({ userId, issueIds });
    },

    async findByKey(idempotencyKey: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async findById(orderId: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row ?? null;
    },

    async findByReference(reference: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      return row ?? null;
    },

    /**
     * The buyer's paid orders, newest first (at most `limit`), each with its lines at the prices
     * charged: two statements, whatever the number of orders.
     */
    async paidOrdersOf(userId: number, limit: number): Promise<Array<{ order: OrderRow; lines: PricedIssue[] }>> {
      const paid = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt), desc(orders.id))
        .limit(limit);
      if (paid.length === 0) return [];
      const lines = await db
        .select({ orderId: orderItems.orderId, ...pricedColumns, priceCents: orderItems.priceCents })
        .from(orderItems)
        .innerJoin(issues, eq(issues.id, orderItems.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(
          inArray(
            orderItems.orderId,
            paid.map((order) => order.id),
          ),
        )
        .orderBy(asc(volumes.name), asc(issues.issueNumber), asc(issues.id));
      return paid.map((order) => ({
        order,
        lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
      }));
    },

    /** The order's lines with the prices charged, as checkout shows them. */
    orderLines(orderId: number): Promise<PricedIssue[]> {
      return db
        .select({ ...pricedColumns, priceCents: orderItems.priceCents })
        .from(orderItems)
        .innerJoin(issues, eq(issues.id, orderItems.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(volumes.name), asc(issues.issueNumber));
    },

    /**
     * Writes the pending order and its lines, or says why not: the same attempt is already
     * recorded, another payment of this buyer is in flight (one pending order per buyer, kept by
     * a unique index), or an issue became owned meanwhile. That last check runs after the insert,
     * as a statement of its own: an order of this buyer that completed while the insert waited
     * on the unique index is invisible to the insert's snapshot but not to the next statement's.
     * A refused order is deleted (nothing was charged for it yet).
     */
    async createPending(order: NewOrder): Promise<OrderRow | OrderConflict> {
      let row: OrderRow;
      const issueIds = order.items.map((item) => item.id);
      try {
        const [inserted] = await insertPendingQuery.execute({
          userId: order.userId,
          idempotencyKey: order.idempotencyKey,
          gateway: order.gateway,
          paymentMethodId: order.paymentMethodId,
          ownerInstance: order.ownerInstance ?? null,
          totalCents: totalCentsOf(order.items),
          itemCount: issueIds.length,
          itemsDigest: itemsDigest(issueIds),
          issueIds,
          pricesCents: order.items.map((item) => item.priceCents),
        });
        row = inserted!;
      } catch (error) {
        if (sqlStateOf(error) !== '23505') throw error;
        return violatedConstraintOf(error) === 'orders_one_pending_per_user' ? 'payment_in_progress' : 'same_key';
      }
      const owned = await ownedQuery.execute({ userId: order.userId, issueIds });
      if (owned.length === 0) return row;
      await withdraw(row.id);
      return 'already_owned';
    },

    withdraw,

    /** Records the gateway's reference of a charge still in flight (3-D Secure). */
    async setReference(orderId: number, reference: string): Promise<void> {
      await db.update(orders).set({ paymentReference: reference }).where(eq(orders.id, orderId));
    },

    /**
     * Marks the order paid, grants its issues, removes them from the cart and queues its
     * confirmation, all in one statement. A charge that succeeded wins over an earlier 'failed'
     * verdict (the money was taken). Answers the paid order as the statement left it, or null when
     * it was already paid (by a racing request or the reconciler): then nothing is written.
     */
    async complete(
      orderId: number,
      payment: { reference: string; card: CardSummary | null; paidAt: Date },
      confirmation: OutboxMessage | null,
    ): Promise<OrderRow | null> {
      const values = {
        orderId,
        reference: payment.reference,
        cardBrand: payment.card?.brand ?? null,
        cardLast4: payment.card?.last4 ?? null,
        cardFunding: payment.card?.funding ?? null,
        paidAt: payment.paidAt,
      };
      const [row] = confirmation
        ? await completeAndMailQuery.execute({ ...outboxValues(confirmation), ...values })
        : await completeQuery.execute(values);
      return row ?? null;
    },

    /**
     * Marks a pending order failed (never a paid one) and, in the same statement, drops its lines
     * unless told to keep them: the order row keeps the count and digest written with it. An order
     * written before digests existed keeps its lines (a retry is recognised by them). Answers
     * whether this call failed the order.
     */
    async fail(orderId: number, failure: OrderFailure): Promise<boolean> {
      const [row] = await queryRows<{ failed: number }>(
        db,
        sql`with failed as (
              update ${orders}
              set status = 'failed', failure_code = ${failure.code}, failure_message = ${failure.message}
              where id = ${orderId} and status = 'pending'
              returning id, items_digest
            ), dropped as (
              delete from ${orderItems} line using failed
              where line.order_id = failed.id and failed.items_digest is not null and ${!failure.keepLines}::boolean
            )
            select count(*)::int as failed from failed`,
      );
      return (row?.failed ?? 0) > 0;
    },

    /** Pending orders created at or before `before`, oldest first. */
    pendingSince(before: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, before)))
        .orderBy(asc(orders.createdAt))
        .limit(limit);
    },

    queueEmail: (message: OutboxMessage) => enqueueEmail(db, message),

    async buyer(userId: number): Promise<{ email: string; username: string } | null> {
      const [row] = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The latest paid order of each account with one of these e-mails (any case). */
    async lastPaidOrders(emails: readonly string[]): Promise<OrderRow[]> {
      const lowered = emails.map((email) => email.toLowerCase());
      return db
        .selectDistinctOn([orders.userId], { order: orders })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.status, 'paid'), inArray(sql`lower(${users.email})`, lowered)))
        .orderBy(orders.userId, desc(orders.paidAt))
        .then((rows) => rows.map((row) => row.order));
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
