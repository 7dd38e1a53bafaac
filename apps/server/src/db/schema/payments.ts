// The sandbox gateway's own records: the payment methods it issued (what kind of test card,
// never the number) and its ledger of charges, keyed by idempotency key so a retried charge
// answers the first result instead of charging again, as Stripe does.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  /** pm_sandbox_…: what the client sends to checkout as `id`. */
  id: text().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  brand: text().notNull(),
  last4: text().notNull(),
  funding: text().notNull(),
  expMonth: integer().notNull(),
  expYear: integer().notNull(),
  /** What charging this card does, decided from Stripe's published test numbers. */
  outcome: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** ch_sandbox_…: the order's payment reference. */
    id: text().primaryKey(),
    idempotencyKey: text().notNull().unique(),
    paymentMethodId: text()
      .notNull()
      .references(() => sandboxPaymentMethods.id),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** 'succeeded' or 'failed'. */
    status: text().notNull(),
    failureCode: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_charges_payment_method_idx').on(t.paymentMethodId)],
);
