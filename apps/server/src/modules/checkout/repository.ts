// Orders in the database. An order is written as pending before any money moves; completing
// it (paid, issues granted, cart lines gone, confirmation queued) is one transaction, so a
// crash leaves either a pending order for the reconciler or a finished one, never half.
import { and, asc, desc, eq, inArray, lte, sql, TransactionRollbackError } from 'drizzle-orm';
import type { CardSummary } from '@comics/shared/schemas/shop';
import type { Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { cartItems, orderItems, orders, purchases } from '../../db/schema/shop';
import { users } from '../../db/schema/users';
import { sqlStateOf, violatedConstraintOf } from '../../lib/database-errors';

export type OrderRow = typeof orders.$inferSelect;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

export function createCheckoutRepository(db: Database) {
  const ownedAmong = (executor: Database | Transaction, userId: number, issueIds: readonly number[]) =>
    executor
      .select({ issueId: purchases.issueId })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), inArray(purchases.issueId, [...issueIds])))
      .then((rows) => rows.map((row) => row.issueId));

  return {
    /** The issues with the server's current prices, and whether the buyer owns each (unknown ids are absent). */
    pricedIssues(userId: number, issueIds: readonly number[]): Promise<Array<PricedIssue & { owned: boolean }>> {
      return db
        .select({
          ...pricedColumns,
          owned: sql<boolean>`exists (select 1 from ${purchases} where ${purchases.userId} = ${userId} and ${purchases.issueId} = ${issues.id})`,
        })
        .from(issues)
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(inArray(issues.id, [...issueIds]));
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
     * a unique index), or an issue became owned meanwhile (checked after the insert, inside the
     * transaction, so an order completing concurrently is seen).
     */
    async createPending(order: NewOrder): Promise<OrderRow | OrderConflict> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(orders)
            .values({
              userId: order.userId,
              idempotencyKey: order.idempotencyKey,
              gateway: order.gateway,
              paymentMethodId: order.paymentMethodId,
              totalCents: order.items.reduce((sum, item) => sum + item.priceCents, 0),
            })
            .returning();
          await tx
            .insert(orderItems)
            .values(order.items.map((item) => ({ orderId: row!.id, issueId: item.id, priceCents: item.priceCents })));
          const owned = await ownedAmong(
            tx,
            order.userId,
            order.items.map((item) => item.id),
          );
          if (owned.length > 0) tx.rollback();
          return row!;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return 'already_owned';
        if (sqlStateOf(error) !== '23505') throw error;
        return violatedConstraintOf(error) === 'orders_one_pending_per_user' ? 'payment_in_progress' : 'same_key';
      }
    },

    /** Records the gateway's reference of a charge still in flight (3-D Secure). */
    async setReference(orderId: number, reference: string): Promise<void> {
      await db.update(orders).set({ paymentReference: reference }).where(eq(orders.id, orderId));
    },

    /**
     * Marks the order paid, grants its issues, removes them from the cart, and lets `alsoDo`
     * queue what must happen with it (the confirmation e-mail), all in one transaction. A
     * charge that succeeded wins over an earlier 'failed' verdict (the money was taken). Answers
     * the paid order, or null when it was already paid (by a racing request or the reconciler).
     */
    async complete(
      orderId: number,
      payment: { reference: string; card: CardSummary | null; paidAt: Date },
      alsoDo: (tx: Transaction, order: OrderRow) => Promise<void>,
      knownIssueIds?: readonly number[],
    ): Promise<OrderRow | null> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({
            status: 'paid',
            paymentReference: payment.reference,
            cardBrand: payment.card?.brand ?? null,
            cardLast4: payment.card?.last4 ?? null,
            cardFunding: payment.card?.funding ?? null,
            failureMessage: null,
            paidAt: payment.paidAt,
          })
          .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'failed'])))
          .returning();
        if (!order) return null;
        const issueIds =
          knownIssueIds ??
          (
            await tx.select({ issueId: orderItems.issueId }).from(orderItems).where(eq(orderItems.orderId, orderId))
          ).map((line) => line.issueId);
        await tx
          .insert(purchases)
          .values(issueIds.map((issueId) => ({ userId: order.userId, issueId, orderId, purchasedAt: payment.paidAt })))
          .onConflictDoNothing();
        await tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId), inArray(cartItems.issueId, issueIds)));
        await alsoDo(tx, order);
        return order;
      });
    },

    /** Marks a pending order failed (never a paid one). */
    async fail(orderId: number, message: string): Promise<boolean> {
      const updated = await db
        .update(orders)
        .set({ status: 'failed', failureMessage: message })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      return updated.length > 0;
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

    inTransaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

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
