// Server-side sessions. The client holds an opaque random token; the database holds only its
// SHA-256, so a leaked sessions table cannot be replayed. Expiry slides: every use pushes it
// SESSION_DAYS ahead, but never past an absolute lifetime from sign-in that depends on the role
// (a stolen administrator's session is worth more, so it lives shorter). Revoking one session
// (logout) or all of a user's (role change, deactivation) takes effect on the next request.
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
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Sliding every request would write on every read; once an hour is fresh enough. */
const SLIDE_AFTER_MS = HOUR_MS;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Absolute lifetime from sign-in per role, in hours. */
  maxHours?: Record<Role, number>;
}

export const DEFAULT_SESSION_MAX_HOURS: Record<Role, number> = { USER: SESSION_DAYS * 24, ADMIN: 12 };

export function createSessionStore(db: Database, options: SessionOptions = {}) {
  const now = options.now ?? (() => new Date());
  const maxHours = options.maxHours ?? DEFAULT_SESSION_MAX_HOURS;
  const endOf = (createdAt: Date, role: Role) => createdAt.getTime() + maxHours[role] * HOUR_MS;
  /** SESSION_DAYS from `at`, but never past the session's absolute end. */
  const expiryFrom = (at: Date, createdAt: Date, role: Role) =>
    new Date(Math.min(at.getTime() + SESSION_DAYS * DAY_MS, endOf(createdAt, role)));

  // Prepared once: it runs on every authenticated request.
  const resolveQuery = db
    .select({
      userId: sessions.userId,
      createdAt: sessions.createdAt,
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
    async create(userId: number, role: Role): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = expiryFrom(createdAt, createdAt, role);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt, expiresAt });
      return { token, expiresAt };
    },

    /**
     * The session's account while the session is valid and the account active, sliding the
     * expiry; null when unknown, expired or deactivated. One prepared query (a write at most
     * hourly): it runs on every authenticated request.
     */
    async resolve(token: string): Promise<SessionAccount | null> {
      const tokenHash = hashToken(token);
      const at = now();
      const [row] = await resolveQuery.execute({ tokenHash, now: at });
      if (!row) return null;
      const { createdAt, ...session } = row;
      // Also when the lifetime setting was shortened after the session was opened.
      if (endOf(createdAt, session.role) <= at.getTime()) return null;
      const expiresAt = expiryFrom(at, createdAt, session.role);
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
