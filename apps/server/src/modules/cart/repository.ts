// The cart's and the purchased library's tables. Adding refuses what the user owns inside the
// insert itself (one statement, no read-then-write gap), and many issues go in one statement.
// A cart holds at most MAX_CART_LINES lines: an add runs in a transaction holding the user's
// row, so two adds at once cannot both take the last place.
import { MAX_CART_LINES } from '@comics/shared/constants';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { queryRows, sqlParams, type Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { cartItems, orderItems, purchases } from '../../db/schema/shop';

/** An issue in the cart, as the catalogue has it now (current price). */
export interface CartLineRow {
  id: number;
  volumeId: number;
  /** The series the issue belongs to: lines read 'Series #N'. */
  volumeName: string;
  issueNumber: number;
  name: string | null;
  image: string;
  priceCents: number;
}

/** An owned issue, with the price paid for it (not today's price). */
export interface PurchaseRow extends CartLineRow {
  orderId: number;
  purchasedAt: Date;
}

/** What adding one issue did: nothing (unknown, owned, already in the cart, or the cart full), or added it. */
export type AddOutcome = 'unknown' | 'owned' | 'present' | 'full' | 'added';

/** Holds the user's row to the end of the transaction: adds to one cart wait for each other. */
const holdCart = (tx: Pick<Database, 'execute'>, userId: number) =>
  tx.execute(sql`select 1 from users where id = ${userId} for no key update`);

const lineColumns = {
  id: issues.id,
  volumeId: issues.volumeId,
  volumeName: volumes.name,
  issueNumber: issues.issueNumber,
  name: issues.name,
  image: issues.image,
  priceCents: issues.priceCents,
};

export function createCartRepository(db: Database) {
  return {
    /** Oldest first; lines added together (a bulk add) by issue id. */
    async listLines(userId: number): Promise<CartLineRow[]> {
      return db
        .select(lineColumns)
        .from(cartItems)
        .innerJoin(issues, eq(issues.id, cartItems.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.issueId));
    },

    /** Adds the line unless the issue is unknown or owned, or the cart full; a line already there stays as it was. */
    async addLine(userId: number, issueId: number): Promise<AddOutcome> {
      return db.transaction(async (tx) => {
        await holdCart(tx, userId);
        // A data-modifying CTE runs whether or not the outer select reads it.
        const [row] = await queryRows<{ owned: boolean; present: boolean; full: boolean; added: boolean }>(
          tx,
          sql`with target as (
                select i.id,
                       exists (select 1 from purchases p where p.user_id = ${userId} and p.issue_id = i.id) as owned,
                       exists (select 1 from cart_items c where c.user_id = ${userId} and c.issue_id = i.id) as present
                from issues i where i.id = ${issueId}
              ), room as (
                select count(*) >= ${MAX_CART_LINES} as no_room from cart_items where user_id = ${userId}
              ), added as (
                insert into cart_items (user_id, issue_id)
                select ${userId}, id from target, room where not owned and not present and not no_room
                on conflict do nothing
                returning issue_id
              )
              select owned, present, no_room as full, exists (select 1 from added) as added from target, room`,
        );
        if (!row) return 'unknown';
        if (row.owned) return 'owned';
        if (row.added) return 'added';
        return row.present ? 'present' : 'full';
      });
    },

    /**
     * Adds every listed issue that exists, is not owned and not in the cart yet, in one statement;
     * none of them when that would take the cart past its maximum (`full`). Answers how many of
     * the ids name an issue and how many lines were added.
     */
    async addLines(
      userId: number,
      issueIds: readonly number[],
    ): Promise<{ known: number; added: number; full: boolean }> {
      return db.transaction(async (tx) => {
        await holdCart(tx, userId);
        const [row] = await queryRows<{ known: number; added: number; full: boolean }>(
          tx,
          sql`with known as (
                select i.id from issues i where i.id in (${sqlParams(issueIds)})
              ), wanted as (
                select k.id from known k
                where not exists (select 1 from purchases p where p.user_id = ${userId} and p.issue_id = k.id)
                  and not exists (select 1 from cart_items c where c.user_id = ${userId} and c.issue_id = k.id)
              ), room as (
                select (select count(*) from cart_items where user_id = ${userId})
                       + (select count(*) from wanted) > ${MAX_CART_LINES} as no_room
              ), added as (
                insert into cart_items (user_id, issue_id)
                select ${userId}, wanted.id from wanted, room where not room.no_room
                on conflict do nothing
                returning issue_id
              )
              select (select count(*) from known)::int as known, (select count(*) from added)::int as added,
                     room.no_room as full
              from room`,
        );
        return row ?? { known: 0, added: 0, full: false };
      });
    },

    /** Answers whether there was such a line. */
    async removeLine(userId: number, issueId: number): Promise<boolean> {
      const removed = await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.issueId, issueId)))
        .returning({ issueId: cartItems.issueId });
      return removed.length > 0;
    },

    /** Answers how many lines there were. */
    async removeAllLines(userId: number): Promise<number> {
      const removed = await db
        .delete(cartItems)
        .where(eq(cartItems.userId, userId))
        .returning({ issueId: cartItems.issueId });
      return removed.length;
    },

    /** Newest purchase first; the issues of one order by issue id. Price: what the order charged. */
    async listPurchases(userId: number): Promise<PurchaseRow[]> {
      return db
        .select({
          ...lineColumns,
          priceCents: orderItems.priceCents,
          orderId: purchases.orderId,
          purchasedAt: purchases.purchasedAt,
        })
        .from(purchases)
        .innerJoin(issues, eq(issues.id, purchases.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .innerJoin(
          orderItems,
          and(eq(orderItems.orderId, purchases.orderId), eq(orderItems.issueId, purchases.issueId)),
        )
        .where(eq(purchases.userId, userId))
        .orderBy(desc(purchases.purchasedAt), desc(purchases.orderId), asc(purchases.issueId));
    },

    async owns(userId: number, issueId: number): Promise<boolean> {
      const [row] = await db
        .select({ issueId: purchases.issueId })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.issueId, issueId)));
      return row !== undefined;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
