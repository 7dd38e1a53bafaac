// App passwords (issue 27): named secrets a user makes for a reading app ('KOReader on my Kobo'),
// which open only the reading apps' routes (OPDS feeds, pages) with HTTP Basic. The secret is shown
// once and only its SHA-256 is kept, so a leaked table opens nothing.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const appPasswords = pgTable(
  'app_passwords',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the user calls it, trimmed: 1 to 60 characters. */
    name: text().notNull(),
    /** SHA-256 of the secret (base64url); unique, so a request finds its password by one index look-up. */
    secretHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a reading app last signed in with it, to the minute (null: never). */
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // An account's list, newest first.
    index('app_passwords_user_id_idx').on(t.userId, t.createdAt),
    check('app_passwords_name_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);
