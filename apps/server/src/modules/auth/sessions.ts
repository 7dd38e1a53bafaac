// Server-side sessions. The client holds an opaque random token; the database holds only its
// SHA-256, so a leaked sessions table cannot be replayed. Expiry slides: every use pushes it
// SESSION_DAYS ahead. Revoking one session (logout) or all of a user's (role change,
// deactivation) takes effect on the next request.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Role } from '@comics/shared/constants';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/users';

/** The account a valid session belongs to: what every authenticated request needs to know. */
export interface SessionAccount {
  userId: number;
  role: Role;
  username: string;
  email: string;
  pictureUrl: string | null;
  expiresAt: Date;
  /** True when this request pushed the expiry forward (the cookie should follow). */
  renewed: boolean;
}

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding every request would write on every read; once an hour is fresh enough. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionStore(db: Database, now: () => Date = () => new Date()) {
  const expiryFrom = (date: Date) => new Date(date.getTime() + SESSION_DAYS * DAY_MS);

  // Prepared once: it runs on every authenticated request.
  const resolveQuery = db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      role: users.role,
      username: users.username,
      email: users.email,
      pictureUrl: users.pictureUrl,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .prepare('resolve_session');

  return {
    /** Opens a session and returns its token: shown to the client once, never stored. */
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = expiryFrom(now());
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /**
     * The session's account while the session is valid and the account active, sliding the
     * expiry; null when unknown, expired or deactivated. One prepared query (a write at most
     * hourly): it runs on every authenticated request.
     */
    async resolve(token: string): Promise<SessionAccount | null> {
      const tokenHash = hashToken(token);
      const [session] = await resolveQuery.execute({ tokenHash, now: now() });
      if (!session) return null;
      const expiresAt = expiryFrom(now());
      if (expiresAt.getTime() - session.expiresAt.getTime() < SLIDE_AFTER_MS) return { ...session, renewed: false };
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
      return { ...session, expiresAt, renewed: true };
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async revokeAllFor(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Housekeeping: expired rows are dead weight. */
    async deleteExpired(): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, now()))
        .returning({ tokenHash: sessions.tokenHash });
      return deleted.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
