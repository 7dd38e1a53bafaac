// Star ratings and texts that users leave on issues: one per user and issue, which saving again
// updates (created_at stays the first posting; updated_at orders the lists, newest first).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { issues, volumes } from './catalog';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    volumeId: integer()
      .notNull()
      .references(() => volumes.id, { onDelete: 'cascade' }),
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_user_issue_key').on(t.userId, t.issueId),
    // An issue's reviews newest first, and the moderators' list of all of them.
    index('reviews_issue_id_updated_at_idx').on(t.issueId, t.updatedAt),
    index('reviews_updated_at_idx').on(t.updatedAt),
    index('reviews_volume_id_idx').on(t.volumeId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
