// Series a user follows (issue 24): a favourite for a whole volume. Its new issues make the
// 'New for you' shelf and, while `notifyByEmail` holds, one e-mail each (an unsubscribe link in
// that e-mail clears it without signing in).
import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { volumes } from './catalog';
import { users } from './users';

export const seriesFollows = pgTable(
  'series_follows',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    volumeId: integer()
      .notNull()
      .references(() => volumes.id, { onDelete: 'cascade' }),
    /** Issues added after this are 'new' to the follower. */
    followedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifyByEmail: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.volumeId] }),
    // The followers of a series, when one of its issues is added.
    index('series_follows_volume_idx').on(t.volumeId),
  ],
);
