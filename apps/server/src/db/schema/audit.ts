// What administrators did (who, what, when), for the dashboard's audit log. Written by the
// server in the statement's own request, never edited; kept when the admin's account goes.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** One of AUDIT_ACTIONS (packages/shared/src/schemas/admin.ts). */
    action: text().notNull(),
    /** What was acted on, e.g. 'user 12'. */
    target: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc())],
);
