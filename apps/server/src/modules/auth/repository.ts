// Accounts in the database for signing in: look-ups by e-mail (case-insensitive), Google
// subject and id; creation that reports a taken e-mail instead of throwing; linking updates.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appPasswords } from '../../db/schema/app-passwords';
import { sessions, users } from '../../db/schema/users';

export type Account = typeof users.$inferSelect;

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export function createAccountRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<Account | null> {
      const [account] = await db.select().from(users).where(byEmail(email));
      return account ?? null;
    },

    async findById(id: number): Promise<Account | null> {
      const [account] = await db.select().from(users).where(eq(users.id, id));
      return account ?? null;
    },

    async findByGoogleSubject(subject: string): Promise<Account | null> {
      const [account] = await db.select().from(users).where(eq(users.googleSubject, subject));
      return account ?? null;
    },

    /** The new account, or null when the e-mail (in any letter case) is taken. */
    async create(values: typeof users.$inferInsert): Promise<Account | null> {
      const [account] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return account ?? null;
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>): Promise<Account | null> {
      const [account] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return account ?? null;
    },

    /**
     * Hands an account to the owner of its e-mail, as Google vouched: linked to their Google
     * identity, the password whoever registered it chose cleared, and every session and app
     * password it had ended, in one transaction so none made meanwhile survives.
     */
    async takeOver(id: number, link: { googleSubject: string; pictureUrl: string | null }): Promise<Account | null> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .update(users)
          .set({ ...link, passwordHash: null, emailVerifiedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(appPasswords).where(eq(appPasswords.userId, id));
        return account ?? null;
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
