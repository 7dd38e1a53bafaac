// E-mail waiting to be sent: written in the same transaction as what caused it,
// delivered by a worker that retries, so a crash never loses or duplicates a message.
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './shop';

export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed']);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** The order a confirmation belongs to (null for other mail). */
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    status: emailStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The instance (its liveness key, db/instance-lock.ts) whose worker has claimed the row and is
     * sending it; null once sent, given back or put off for a retry. A claim of an instance that
     * is gone is given back at once instead of at the end of its lease.
     */
    claimedBy: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // An order's e-mails, for the admin's order detail (and the foreign key's deletes).
    index('email_outbox_order_idx').on(t.orderId),
  ],
);
