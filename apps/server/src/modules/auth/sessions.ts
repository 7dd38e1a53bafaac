// Server-side sessions. The client holds an opaque random token; the database holds only its
// SHA-256, so a leaked sessions table cannot be replayed. Expiry slides: every use pushes it
// SESSION_DAYS ahead, but never past an absolute lifetime from sign-in that depends on the role
// (a stolen administrator's session is worth more, so it lives shorter). Revoking one session
// (logout) or all of a user's (role change, deactivation) takes effect on the next request.
// Opening a session, and each (hourly at most) slide, also records when the account was last
// seen (users.last_seen_at, the dashboard's daily users), so no request pays a write for it.
// Resolved sessions are kept in memory for a few seconds, so a signed-in read costs no query;
// every write that ends or changes a session goes through this store (or `forgetUser`), which
// drops the cached copies at once and tells `onForget`, which forwards the fact to the other
// instances (their `forget` drops their copies). The short lifetime bounds what a lost message,
// or a write made outside the app (a script), can miss. What a session granted (page addresses)
// names it by its token's hash and asks `live`, from the same memory: it dies with the session.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Role } from '@comics/shared/constants';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import { CredentialCache, type ForgottenCredentials } from './credential-cache';

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
  /**
   * The SHA-256 of the session's token: names the session to what it granted (page addresses,
   * see `live`), and is no credential (the store hashes what it is given).
   */
  tokenHash: string;
}

/** What `live` tells of a session: whose it is, with what role, until when. */
export interface LiveSession {
  userId: number;
  role: Role;
  expiresAt: Date;
}

export const SESSION_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Sliding every request would write on every read; once an hour is fresh enough. */
const SLIDE_AFTER_MS = HOUR_MS;
/** How long a resolved session is trusted from memory, and how many are kept. */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 50_000;

/** The account fields of a session (not the cache's bookkeeping). */
function pickAccount({
  userId,
  role,
  username,
  email,
  pictureUrl,
  expiresAt,
}: Omit<SessionAccount, 'renewed' | 'tokenHash'>) {
  return { userId, role, username, email, pictureUrl, expiresAt };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  /** The shop's database. */
  db: Database;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Absolute lifetime from sign-in per role, in hours. */
  maxHours?: Record<Role, number>;
  /** Milliseconds a resolved session is served from memory; 0 turns the cache off. */
  cacheTtlMs?: number;
  /**
   * Told each session (by its token's hash) or user whose cached copies were dropped here, for
   * the other instances; a logout waits for it, so the session is refused everywhere once answered.
   */
  onForget?: (forgotten: ForgottenSessions) => Promise<void>;
  /**
   * Told each invalidation applied here, made here or on another instance: other credentials kept
   * in memory like sessions (app passwords) follow the same messages.
   */
  alsoForget?: (forgotten: ForgottenSessions) => void;
}

/**
 * Sessions whose cached copies must go: one, by its token's hash, or all of a user's. The same
 * messages drop other credentials kept like sessions (app passwords, by their secret's hash).
 */
export type ForgottenSessions = ForgottenCredentials;

type SessionRow = Omit<SessionAccount, 'renewed' | 'tokenHash'> & { createdAt: Date };

export const DEFAULT_SESSION_MAX_HOURS: Record<Role, number> = { USER: SESSION_DAYS * 24, ADMIN: 12 };

export function createSessionStore(options: SessionOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const maxHours = options.maxHours ?? DEFAULT_SESSION_MAX_HOURS;
  const cacheTtlMs = options.cacheTtlMs ?? CACHE_TTL_MS;
  // Resolved sessions by token hash, tagged with their user (a role change drops them all).
  const cache = new CredentialCache<SessionRow>({ ttlMs: cacheTtlMs, maxEntries: CACHE_MAX_ENTRIES });

  /** Drops what this process holds of the sessions (a read under way then caches nothing either). */
  function forget(forgotten: ForgottenSessions): void {
    cache.forget(forgotten);
    options.alsoForget?.(forgotten);
  }

  /**
   * Drops what memory holds of a credential or of a user's, here and on the other instances:
   * after any change to the account's row, or an app password revoked.
   */
  function forgetEverywhere(forgotten: ForgottenSessions): Promise<void> {
    forget(forgotten);
    return options.onForget?.(forgotten) ?? Promise.resolve();
  }

  /** The session from memory or, failing that, the database (null: no valid session). */
  const lookUp = (tokenHash: string, at: Date): Promise<SessionRow | null> =>
    cache.lookUp(
      tokenHash,
      async () => (await resolveQuery.execute({ tokenHash, now: at }))[0] ?? null,
      (row) => row.expiresAt > at,
    );

  /** The dashboard's daily users count accounts by when they were last seen signed in. */
  const markSeen = (userId: number, at: Date) => db.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));

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
      // Two statements, each committed alone: a session row and the account's row are never
      // locked together, so this cannot deadlock with an administrator's change to the account.
      await Promise.all([
        db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt, expiresAt }),
        markSeen(userId, createdAt),
      ]);
      return { token, expiresAt };
    },

    /**
     * The session's account while the session is valid and the account active, sliding the
     * expiry; null when unknown, expired or deactivated. It runs on every authenticated
     * request: from memory when recently read, else one prepared query (a write at most hourly).
     */
    async resolve(token: string): Promise<SessionAccount | null> {
      const tokenHash = hashToken(token);
      const at = now();
      const readGeneration = cache.current;
      const found = await lookUp(tokenHash, at);
      if (!found) return null;
      const { createdAt } = found;
      const session = pickAccount(found);
      // Also when the lifetime setting was shortened after the session was opened.
      if (endOf(createdAt, session.role) <= at.getTime()) return null;
      const expiresAt = expiryFrom(at, createdAt, session.role);
      if (expiresAt.getTime() - session.expiresAt.getTime() < SLIDE_AFTER_MS) {
        return { ...session, tokenHash, renewed: false };
      }
      // The account was seen: written with the slide (at most hourly), never on every request.
      await Promise.all([
        db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash)),
        markSeen(session.userId, at),
      ]);
      cache.remember(tokenHash, { ...session, createdAt, expiresAt }, readGeneration);
      return { ...session, expiresAt, tokenHash, renewed: true };
    },

    /**
     * The session named by its token's hash while it is valid and its account active: what a
     * page address checks on every image. Read as `resolve` reads (from memory, dropped at once
     * by the same invalidations; one shared query on a miss), but it neither slides the expiry
     * nor marks the account seen: the session itself made no request. Null when unknown,
     * expired, past its absolute lifetime or deactivated.
     */
    async live(tokenHash: string): Promise<LiveSession | null> {
      const at = now();
      const found = await lookUp(tokenHash, at);
      if (!found || endOf(found.createdAt, found.role) <= at.getTime()) return null;
      return { userId: found.userId, role: found.role, expiresAt: found.expiresAt };
    },

    // Memory is cleared after the delete: a read racing the delete then cannot cache the row.
    async revoke(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await forgetEverywhere({ tokenHash });
    },

    async revokeAllFor(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await forgetEverywhere({ userId });
    },

    /** Drops what memory holds of a user's sessions, here and on the other instances: after any change to the account's row. */
    forgetUser: (userId: number) => forgetEverywhere({ userId }),

    forgetEverywhere,

    /** Another instance ended or changed these sessions: drop this process's copies (not told on). */
    forget,

    /** What the memory of sessions counts (hits, misses, evictions), for the metrics. */
    cacheStats: cache.stats,

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
