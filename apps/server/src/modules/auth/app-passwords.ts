// App passwords (issue 27): what a user makes on the account page for each reading app, and the
// check of what a reading app sends. An app password is never the account's own password (which
// is never accepted from a reading app: it would then sit in every e-reader's settings), so a
// Google-only account has them too, and revoking one ends one app's access and nothing else.
// A Basic request is checked from memory once its app password was read (one index look-up
// joined to its account, kept a few seconds like a session), and a revocation or any change to
// the account drops it at once on every instance, through the sessions' messages. The last use
// is written at most once a minute per password, never on each request.
import {
  appPasswordMessages,
  MAX_APP_PASSWORDS,
  type AppPassword,
  type CreatedAppPassword,
} from '@comics/shared/schemas/app-passwords';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../platform/http/errors';
import type { Caller } from './access';
import { canonicalAppPassword, hashAppPassword, newAppPasswordSecret } from './app-password-secret';
import { createAppPasswordRepository, type AppPasswordOwner, type AppPasswordRow } from './app-password-repository';
import { CredentialCache, type ForgottenCredentials } from './credential-cache';

const MINUTE_MS = 60_000;

/** Why a Basic credential opened nothing: the security log's reason. */
export type AppPasswordRefusal = 'not_an_app_password' | 'invalid_credentials' | 'account_deactivated';

export type AppPasswordCheck = { ok: true; caller: Caller } | { ok: false; reason: AppPasswordRefusal };

/** What `Caller.session` says of a caller signed in by an app password. */
export const appPasswordSession = (id: number) => `app-password:${id}`;

const toAppPassword = (row: AppPasswordRow): AppPassword => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Whether `login` names the owner: the account's e-mail or its username, in any letter case and
 * without surrounding spaces (e-readers' keyboards capitalise). The secret alone identifies the
 * account; the name only has to agree with it.
 */
function namesOwner(login: string, owner: AppPasswordOwner): boolean {
  const typed = login.trim().toLowerCase();
  return typed === owner.email.toLowerCase() || typed === owner.username.trim().toLowerCase();
}

/** How long a read app password is trusted from memory (as a session is), and how many are kept. */
const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

/** The memory of app passwords read, by their secret's hash. */
export const createAppPasswordCache = () =>
  new CredentialCache<AppPasswordOwner>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });

export interface AppPasswordsDependencies {
  db: Database;
  now?: () => Date;
  /** What `signIn` read, dropped by the sessions' invalidations (a user's) and by `forgetEverywhere`. */
  cache?: CredentialCache<AppPasswordOwner>;
  /** Drops a revoked app password from every instance's memory (the session store's). */
  forgetEverywhere?: (forgotten: ForgottenCredentials) => Promise<void>;
}

export function createAppPasswords({
  db,
  now = () => new Date(),
  cache = createAppPasswordCache(),
  forgetEverywhere = async (forgotten) => cache.forget(forgotten),
}: AppPasswordsDependencies) {
  const repository = createAppPasswordRepository(db);

  return {
    /** The account's app passwords, newest first, without their secrets. */
    async list(userId: number): Promise<AppPassword[]> {
      return (await repository.list(userId)).map(toAppPassword);
    },

    /** A new app password; its secret is in this answer and nowhere else, ever. */
    async create(userId: number, name: string): Promise<CreatedAppPassword> {
      const password = newAppPasswordSecret();
      const secretHash = hashAppPassword(canonicalAppPassword(password)!);
      const row = await repository.create({ userId, name, secretHash }, MAX_APP_PASSWORDS);
      if (!row) {
        throw new HttpError(400, 'validation_failed', appPasswordMessages.tooMany, {
          name: appPasswordMessages.tooMany,
        });
      }
      return { ...toAppPassword(row), password };
    },

    /** Revokes one of the account's app passwords: 404 for an unknown id or another account's. */
    async revoke(userId: number, id: number): Promise<void> {
      const secretHash = await repository.revoke(userId, id);
      if (!secretHash) throw notFound('App password');
      await forgetEverywhere({ tokenHash: secretHash });
    },

    /**
     * The caller a reading app's Basic credential names: `login` the account's e-mail or username,
     * `password` one of its app passwords (never the account's own password). The secret is found
     * by its hash, so checking it takes the same time whatever it is.
     */
    async signIn(login: string, password: string): Promise<AppPasswordCheck> {
      const canonical = canonicalAppPassword(password);
      if (!canonical) return { ok: false, reason: 'not_an_app_password' };
      const secretHash = hashAppPassword(canonical);
      const owner = await cache.lookUp(secretHash, () => repository.findByHash(secretHash));
      if (!owner || !namesOwner(login, owner)) return { ok: false, reason: 'invalid_credentials' };
      if (!owner.active) return { ok: false, reason: 'account_deactivated' };
      const at = now();
      if (!owner.lastUsedAt || at.getTime() - owner.lastUsedAt.getTime() >= MINUTE_MS) {
        await repository.markUsed(owner.id, owner.userId, at, new Date(at.getTime() - MINUTE_MS));
        // The remembered row too, so the next requests of the minute write nothing.
        owner.lastUsedAt = at;
      }
      return {
        ok: true,
        caller: {
          id: owner.userId,
          role: owner.role,
          username: owner.username,
          email: owner.email,
          picture: owner.pictureUrl,
          session: appPasswordSession(owner.id),
        },
      };
    },
  };
}

export type AppPasswords = ReturnType<typeof createAppPasswords>;
