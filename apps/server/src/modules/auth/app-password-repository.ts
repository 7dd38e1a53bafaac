// App passwords in the database (app_passwords): an account's list, a new one within the limit,
// revoking one of one's own, and the look-up by the secret's hash that a Basic request makes when memory does not hold it.
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appPasswords } from '../../db/schema/app-passwords';
import { users } from '../../db/schema/users';

export type AppPasswordRow = Pick<typeof appPasswords.$inferSelect, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>;

/** An app password found by its secret's hash, with what the caller needs of its account. */
export interface AppPasswordOwner {
  id: number;
  lastUsedAt: Date | null;
  userId: number;
  active: boolean;
  role: (typeof users.$inferSelect)['role'];
  username: string;
  email: string;
  pictureUrl: string | null;
}

const listed = {
  id: appPasswords.id,
  name: appPasswords.name,
  createdAt: appPasswords.createdAt,
  lastUsedAt: appPasswords.lastUsedAt,
};

export function createAppPasswordRepository(db: Database) {
  // Prepared once: it runs whenever an app password is not in memory (app-passwords.ts).
  const byHashQuery = db
    .select({
      id: appPasswords.id,
      lastUsedAt: appPasswords.lastUsedAt,
      userId: users.id,
      active: users.active,
      role: users.role,
      username: users.username,
      email: users.email,
      pictureUrl: users.pictureUrl,
    })
    .from(appPasswords)
    .innerJoin(users, eq(users.id, appPasswords.userId))
    .where(eq(appPasswords.secretHash, sql.placeholder('secretHash')))
    .prepare('app_password_by_hash');

  return {
    /** The account's app passwords, newest first. */
    list(userId: number): Promise<AppPasswordRow[]> {
      return db
        .select(listed)
        .from(appPasswords)
        .where(eq(appPasswords.userId, userId))
        .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id));
    },

    /**
     * Adds one unless the account has `max` already (null then). The account's row is locked
     * for the count and the insert, so two creations at once cannot both take the last place.
     */
    async create(values: { userId: number; name: string; secretHash: string }, max: number) {
      return db.transaction(async (tx): Promise<AppPasswordRow | null> => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('no key update');
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(appPasswords)
          .where(eq(appPasswords.userId, values.userId));
        if (count >= max) return null;
        const [row] = await tx.insert(appPasswords).values(values).returning(listed);
        return row!;
      });
    },

    /** Deletes the account's app password `id`: its secret's hash, or null when the account has none of that id. */
    async revoke(userId: number, id: number): Promise<string | null> {
      const [deleted] = await db
        .delete(appPasswords)
        .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
        .returning({ secretHash: appPasswords.secretHash });
      return deleted?.secretHash ?? null;
    },

    async findByHash(secretHash: string): Promise<AppPasswordOwner | null> {
      const [row] = await byHashQuery.execute({ secretHash });
      return row ?? null;
    },

    /**
     * Records a use at `at` unless one was recorded after `since`: however many requests (and
     * instances) race here, the row is written once, and with it the account is seen (the
     * dashboard's active users count readers who only read in an app).
     */
    async markUsed(id: number, userId: number, at: Date, since: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(appPasswords)
          .set({ lastUsedAt: at })
          .where(and(eq(appPasswords.id, id), or(isNull(appPasswords.lastUsedAt), lte(appPasswords.lastUsedAt, since))))
          .returning({ id: appPasswords.id });
        if (marked.length > 0) await tx.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
      });
    },
  };
}

export type AppPasswordRepository = ReturnType<typeof createAppPasswordRepository>;
