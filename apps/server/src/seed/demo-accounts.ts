// The demo shop's two accounts, documented in the README so anyone can try both roles. Their
// passwords are published, so a production shop never gets them unless DEMO_ACCOUNTS=true
// says so (see seed/on-start.ts). Created only when missing: a changed password or role
// survives restarts. `npm run remove-demo-accounts` takes them out again.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@comics/shared/constants';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema/users';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_ACCOUNTS: readonly { email: string; password: string; username: string; role: Role }[] = [
  { email: 'admin@example.com', password: 'admin123', username: 'Demo Admin', role: 'ADMIN' },
  { email: 'user@example.com', password: 'user1234', username: 'Demo Reader', role: 'USER' },
];

/** Answers how many accounts it created (0 when they were all there already). */
export async function seedDemoAccounts(db: Database): Promise<number> {
  const existing = new Set((await db.select({ email: users.email }).from(users)).map((u) => u.email.toLowerCase()));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.email));
  if (missing.length === 0) return 0;
  const rows = await Promise.all(
    missing.map(async ({ password, ...account }) => ({
      ...account,
      origin: 'demo' as const,
      passwordHash: await hashPassword(password),
    })),
  );
  const created = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
  return created.length;
}

/**
 * Deletes the demo accounts (their sessions, cart and favourites go with them). One that has
 * orders is kept for the books, but deactivated, with no password and no session left.
 */
export async function removeDemoAccounts(db: Database): Promise<{ deleted: string[]; deactivated: string[] }> {
  const demo = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.origin, 'demo'),
        inArray(
          sql`lower(${users.email})`,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      ),
    );
  const result = { deleted: [] as string[], deactivated: [] as string[] };
  for (const account of demo) {
    try {
      await db.delete(users).where(eq(users.id, account.id));
      result.deleted.push(account.email);
    } catch {
      // Referenced by orders: sessions cascade only on delete, so they are ended by hand.
      await db.transaction(async (tx) => {
        await tx.update(users).set({ active: false, passwordHash: null }).where(eq(users.id, account.id));
        await tx.delete(sessions).where(eq(sessions.userId, account.id));
      });
      result.deactivated.push(account.email);
    }
  }
  return result;
}
