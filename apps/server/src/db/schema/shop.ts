// What users keep and buy: cart lines, favourites, orders and the purchased library.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { issues } from './catalog';
import { users } from './users';

const userRef = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const issueRef = () =>
  integer()
    .notNull()
    .references(() => issues.id, { onDelete: 'cascade' });

export const cartItems = pgTable(
  'cart_items',
  {
    userId: userRef(),
    issueId: issueRef(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.issueId] })],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: userRef(),
    issueId: issueRef(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.issueId] })],
);

export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'failed']);

/**
 * The failure codes that are no decline: the ones the shop gives an order it gave up on (the
 * reconciler: a charge that never reached the gateway, a 3-D Secure payment never confirmed),
 * and Stripe's for a payment cancelled rather than refused. Every other code is the gateway's
 * answer to the card, a decline.
 */
export const NON_DECLINE_FAILURE_CODES = ['not_charged', 'abandoned', 'payment_intent_canceled'] as const;

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    status: orderStatusEnum().notNull().default('pending'),
    totalCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    /** Client-supplied key so a retried checkout never charges twice. */
    idempotencyKey: text().unique(),
    /** The gateway's id for the charge (Stripe PaymentIntent or sandbox id). */
    paymentReference: text().unique(),
    /** Which gateway took (or was asked to take) the payment: 'sandbox' or 'stripe'. */
    gateway: text().notNull().default('sandbox'),
    /** The payment method the buyer chose (Stripe's pm_…, or the sandbox's): never a card number. */
    paymentMethodId: text(),
    cardBrand: text(),
    cardLast4: text(),
    cardFunding: text(),
    failureMessage: text(),
    /**
     * Why a failed order failed: the gateway's decline code ('card_declined', 'insufficient_funds',
     * …) or ours ('not_charged', 'abandoned'). A failed order keeps no lines (a compact record).
     */
    failureCode: text(),
    /** How many issues the attempt was for (kept when a failed order's lines are dropped). */
    itemCount: integer(),
    /** SHA-256 of the attempt's sorted issue ids: a retry of a failed attempt is recognised without its lines. */
    itemsDigest: text(),
    /** When an administrator took the order's comics back from the buyer (null: never). */
    takenBackAt: timestamp({ withTimezone: true }),
    /**
     * The key of the app instance that took the order (db/instance-lock.ts): while that instance
     * runs it holds an advisory lock on the key, so the reconciler can tell a pending order whose
     * instance died before charging from one still being charged.
     */
    ownerInstance: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId),
    check('orders_total_cents_check', sql`${t.totalCents} >= 0`),
    // One payment in flight per buyer: a second checkout racing the first is refused by the
    // database, so the same comics can never be charged twice by two different attempts.
    uniqueIndex('orders_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The admin's orders list, newest first, and the dashboard's revenue by day.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The dashboard's declined payments by day.
    index('orders_failed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
    index('orders_paid_moment_idx')
      .on(sql`coalesce(${t.paidAt}, ${t.createdAt})`)
      .where(sql`${t.status} = 'paid'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    issueId: integer()
      .notNull()
      .references(() => issues.id),
    /** The price charged, frozen at checkout. */
    priceCents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.issueId] })],
);

/** 'My comics': one row per issue a user owns, whichever order bought it. */
export const purchases = pgTable(
  'purchases',
  {
    userId: userRef(),
    issueId: integer()
      .notNull()
      .references(() => issues.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    purchasedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.issueId] })],
);
