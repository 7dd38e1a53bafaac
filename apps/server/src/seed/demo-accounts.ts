// The demo shop's two accounts, documented in the README so anyone can try both roles.
// Created only when missing: a changed password or role survives restarts.
import type { Role } from '@comics/shared/constants';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
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
    missing.map(async ({ password, ...account }) => ({ ...account, passwordHash: await hashPassword(password) })),
  );
  const created = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
  return created.length;
}
