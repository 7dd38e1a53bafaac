// Accounts and their server-side sessions.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['USER', 'ADMIN']);

/**
 * How an account came to be. The development sign-in may only ever sign in to accounts it
 * created itself ('development'), so it can never be turned against a real account.
 */
export const accountOriginEnum = pgEnum('account_origin', ['signup', 'google', 'development', 'admin', 'demo']);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    username: text().notNull(),
    /** scrypt hash; null for accounts that only sign in with Google. */
    passwordHash: text(),
    role: roleEnum().notNull().default('USER'),
    active: boolean().notNull().default(true),
    googleSubject: text().unique(),
    origin: accountOriginEnum().notNull().default('signup'),
    /** When an identity provider vouched for the e-mail; null: nobody proved the owner has it. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    pictureUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last sign-in or signed-in request, to the hour (written with the session's sliding expiry). */
    lastSeenAt: timestamp({ withTimezone: true }),
    /**
     * When the password was last set by a reset (null: never): what was signed for the account
     * before it (known-device cookies) no longer counts.
     */
    passwordChangedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque token: a leaked table cannot be replayed. */
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Links of 'Forgot password?': single use, valid 30 minutes. Only the SHA-256 of the link's token
 * is kept, so a leaked table opens no account.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the link was used: it never opens again. */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
