// The administrators' queries: accounts (search, role and activation changes guarded so the shop
// always keeps an active administrator, creating or promoting one), the dashboard's figures, and
// orders with their lines and e-mails, and taking a paid order's comics back. Money stays in
// cents here; the wire converts.
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '@comics/shared/constants';
import type { AdminOrderStatus } from '@comics/shared/schemas/admin';
import { queryRows, sqlParams, type Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { emailOutbox } from '../../db/schema/outbox';
import { orderItems, orders, purchases, NON_DECLINE_FAILURE_CODES } from '../../db/schema/shop';
import { sessions, users } from '../../db/schema/users';

/** What an administrator sees of an account: never its password hash or sessions. */
const accountColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  active: users.active,
};
export interface AccountRow {
  id: number;
  email: string;
  username: string;
  role: Role;
  active: boolean;
}

export type AccountChange = { role: Role } | { active: boolean };
export type AccountChangeOutcome =
  { outcome: 'changed'; account: AccountRow } | { outcome: 'not_found' } | { outcome: 'last_admin' };

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  status: orders.status,
  totalCents: orders.totalCents,
  cardBrand: orders.cardBrand,
  cardLast4: orders.cardLast4,
  cardFunding: orders.cardFunding,
  failureMessage: orders.failureMessage,
  takenBackAt: orders.takenBackAt,
  buyerId: users.id,
  buyerEmail: users.email,
  buyerUsername: users.username,
  // Written with the order since it keeps no lines once failed; counted for orders from before then.
  issueCount: sql<number>`coalesce(${orders.itemCount}, (select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id}))`,
};
export interface OrderRow {
  id: number;
  createdAt: Date;
  paidAt: Date | null;
  status: AdminOrderStatus;
  totalCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  cardFunding: string | null;
  failureMessage: string | null;
  takenBackAt: Date | null;
  buyerId: number;
  buyerEmail: string;
  buyerUsername: string;
  issueCount: number;
}

/** What taking an order's comics back did: the buyer and the issues they no longer own, or why nothing. */
export type TakeBackOutcome =
  | { outcome: 'taken_back'; buyerId: number; issueIds: number[] }
  | { outcome: 'not_found' }
  | { outcome: 'not_paid' }
  | { outcome: 'already_taken_back' };

export interface OrderLineRow {
  id: number;
  image: string;
  volumeName: string;
  name: string | null;
  issueNumber: number;
  priceCents: number;
}

export interface OrderEmailRow {
  status: 'pending' | 'sent' | 'failed';
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
}

export interface UserFigures {
  dailyUsers: number;
  usersRegistered: number;
  newUsers: number;
}

/** One UTC day of paid orders: `day` as YYYY-MM-DD. */
export interface PaidDayRow {
  day: string;
  orders: number;
  revenueCents: number;
  issuesSold: number;
}

/** One UTC day of payments the card provider declined. */
export interface DeclinedDayRow {
  day: string;
  declined: number;
}

/** `text` inside a LIKE pattern, matched literally (its %, _ and \ are no wildcards). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** When an order's money came in: its payment, or its creation for a row paid before paid_at existed. */
const paidMoment = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;

/** A moment as a parameter of raw SQL: both drivers take the ISO text alike. */
const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export function createAdminRepository(db: Database) {
  const ordersWithBuyers = () => db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));

  return {
    /** A page of accounts by id, matching `search` in the e-mail or username (any case), and how many match. */
    async listAccounts(search: string | undefined, page: number, limit: number) {
      const pattern = search ? `%${likeLiteral(search)}%` : null;
      const where = pattern ? or(ilike(users.email, pattern), ilike(users.username, pattern)) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select(accountColumns)
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return { accounts: rows as AccountRow[], total: count?.total ?? 0 };
    },

    /**
     * Changes an account's role or activation and ends its sessions, in one transaction that
     * first locks every active administrator's row: two administrators demoting each other at
     * the same moment are serialised, and the second sees the first's change (PostgreSQL
     * re-checks a locked row that changed meanwhile), so the shop never loses its last one.
     */
    async changeAccount(targetId: number, change: AccountChange): Promise<AccountChangeOutcome> {
      return db.transaction(async (tx) => {
        const activeAdmins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
          .orderBy(asc(users.id))
          // Not FOR UPDATE: sign-ins (a session row's key-share lock) need not wait for this.
          .for('no key update');
        const removesAnAdmin = 'role' in change ? change.role !== 'ADMIN' : !change.active;
        const targetIsActiveAdmin = activeAdmins.some((admin) => admin.id === targetId);
        if (removesAnAdmin && targetIsActiveAdmin && activeAdmins.length <= 1) return { outcome: 'last_admin' };
        const [account] = await tx.update(users).set(change).where(eq(users.id, targetId)).returning(accountColumns);
        if (!account) return { outcome: 'not_found' };
        await tx.delete(sessions).where(eq(sessions.userId, targetId));
        return { outcome: 'changed', account: account as AccountRow };
      });
    },

    async findAccountByEmail(email: string): Promise<AccountRow | null> {
      const [account] = await db
        .select(accountColumns)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return (account as AccountRow | undefined) ?? null;
    },

    /** A new active ADMIN account, or null when the e-mail (in any letter case) is taken. */
    async createAdmin(values: { email: string; username: string; passwordHash: string }): Promise<AccountRow | null> {
      const [account] = await db
        .insert(users)
        .values({ ...values, role: 'ADMIN', active: true, origin: 'admin' })
        .onConflictDoNothing()
        .returning(accountColumns);
      return (account as AccountRow | undefined) ?? null;
    },

    /** Makes an account an active ADMIN (a new password when given) and ends its sessions. */
    async promoteToAdmin(id: number, passwordHash: string | undefined): Promise<AccountRow | null> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .update(users)
          .set({ role: 'ADMIN', active: true, ...(passwordHash ? { passwordHash } : {}) })
          .where(eq(users.id, id))
          .returning(accountColumns);
        await tx.delete(sessions).where(eq(sessions.userId, id));
        return (account as AccountRow | undefined) ?? null;
      });
    },

    /** The dashboard's account figures, in one pass over the accounts. */
    async userFigures(now: Date, periodStart: Date): Promise<UserFigures> {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const [figures] = await db
        .select({
          dailyUsers: sql<number>`(count(*) filter (where ${users.lastSeenAt} > ${moment(dayAgo)}))::int`,
          usersRegistered: sql<number>`count(*)::int`,
          newUsers: sql<number>`(count(*) filter (where ${users.createdAt} >= ${moment(periodStart)}))::int`,
        })
        .from(users);
      return figures ?? { dailyUsers: 0, usersRegistered: 0, newUsers: 0 };
    },

    /** Paid orders per UTC day from `periodStart`: only the days that had any. */
    paidDays(periodStart: Date): Promise<PaidDayRow[]> {
      return queryRows<PaidDayRow>(
        db,
        sql`
          select to_char(${paidMoment} at time zone 'UTC', 'YYYY-MM-DD') as day,
                 count(*)::int as orders,
                 sum(${orders.totalCents})::float8 as "revenueCents",
                 sum((select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id}))::int as "issuesSold"
          from ${orders}
          where ${orders.status} = 'paid' and ${paidMoment} >= ${moment(periodStart)}
          group by 1`,
      );
    },

    /**
     * Failed orders per UTC day from `periodStart` whose failure is the gateway's decline (not
     * one the shop gave up on itself, nor one from before failure codes were kept): only the days
     * that had any.
     */
    declinedDays(periodStart: Date): Promise<DeclinedDayRow[]> {
      return queryRows<DeclinedDayRow>(
        db,
        sql`
          select to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as declined
          from ${orders}
          where ${orders.status} = 'failed' and ${orders.createdAt} >= ${moment(periodStart)}
            and ${orders.failureCode} not in (${sqlParams(NON_DECLINE_FAILURE_CODES)})
          group by 1`,
      );
    },

    /** A page of orders, newest first, optionally of one status, and how many there are. */
    async listOrders(status: AdminOrderStatus | undefined, page: number, limit: number) {
      const where = status ? eq(orders.status, status) : undefined;
      const [rows, [count]] = await Promise.all([
        ordersWithBuyers()
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      ]);
      return { orders: rows as OrderRow[], total: count?.total ?? 0 };
    },

    /**
     * Takes back the comics a paid order granted: its purchases go (the buyer owns those issues
     * no more, and may buy them again), the order stays and records when. In one transaction on
     * the order's locked row, so two administrators taking the same order back are serialised
     * and the second finds it taken back. An issue the buyer owns through another order (bought
     * twice) is not this order's purchase and stays.
     */
    async takeBack(orderId: number, at: Date): Promise<TakeBackOutcome> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ buyerId: orders.userId, status: orders.status, takenBackAt: orders.takenBackAt })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order) return { outcome: 'not_found' };
        if (order.takenBackAt) return { outcome: 'already_taken_back' };
        if (order.status !== 'paid') return { outcome: 'not_paid' };
        // By the buyer first: the purchases' key leads with the user, so this reads only theirs.
        const removed = await tx
          .delete(purchases)
          .where(and(eq(purchases.userId, order.buyerId), eq(purchases.orderId, orderId)))
          .returning({ issueId: purchases.issueId });
        await tx.update(orders).set({ takenBackAt: at }).where(eq(orders.id, orderId));
        const issueIds = removed.map((row) => row.issueId).sort((a, b) => a - b);
        return { outcome: 'taken_back', buyerId: order.buyerId, issueIds };
      });
    },

    /** The newest orders, whatever their status. */
    async recentOrders(limit: number): Promise<OrderRow[]> {
      return (await ordersWithBuyers().orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit)) as OrderRow[];
    },

    /** One order with its lines at the prices charged and its e-mails; null when unknown. */
    async orderDetail(id: number): Promise<{ order: OrderRow; lines: OrderLineRow[]; emails: OrderEmailRow[] } | null> {
      const [[order], lines, emails] = await Promise.all([
        ordersWithBuyers().where(eq(orders.id, id)),
        db
          .select({
            id: issues.id,
            image: issues.image,
            volumeName: volumes.name,
            name: issues.name,
            issueNumber: issues.issueNumber,
            priceCents: orderItems.priceCents,
          })
          .from(orderItems)
          .innerJoin(issues, eq(issues.id, orderItems.issueId))
          .innerJoin(volumes, eq(volumes.id, issues.volumeId))
          .where(eq(orderItems.orderId, id))
          .orderBy(asc(volumes.name), asc(issues.issueNumber), asc(issues.id)),
        db
          .select({
            status: emailOutbox.status,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
            attempts: emailOutbox.attempts,
          })
          .from(emailOutbox)
          .where(eq(emailOutbox.orderId, id))
          .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
      ]);
      return order ? { order: order as OrderRow, lines, emails } : null;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
