// One ready-to-send answer per user (a cart, a library, a favourites list), or another value kept
// per user (the pages a reader stopped on): the signed-in reads a user repeats on every screen
// cost one lookup, no query and no serialisation. Writes
// invalidate the user's entry at once; invalidations are also told to listeners, the seam where
// a cross-instance bus (Redis pub/sub) forwards them, and the TTL bounds staleness should a
// message between instances be lost. Bounded in users and in bytes, least recently used evicted.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache, BoundedCacheFront, sharedLoad, type MeasureValue } from './bounded-cache';
import { measureAnswer, type CachedAnswer } from './response-cache';
import { sendCached } from '../http/send-cached';

/** What was invalidated: one user's answer, or every user's (a price or a name changed). */
export type Invalidation = { scope: 'user'; userId: number } | { scope: 'all' };
export type InvalidationListener = (invalidation: Invalidation) => void;

export interface UserReadCacheOptions<T = CachedAnswer> {
  /** How long an answer may be served without a write invalidating it; 0 turns the cache off. */
  ttlMs?: number;
  /** Entries kept: a user's, or each of a user's answers kept by key (`getFor`). */
  maxUsers?: number;
  maxBytes?: number;
  /** How to count a value's bytes; answers (the default) count their body and each encoding. */
  measure?: MeasureValue<T>;
}

export const USER_CACHE_TTL_MS = 30_000;
export const USER_CACHE_MAX_USERS = 10_000;
export const USER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** A user's answers kept under keys of their own (`getFor`) carry this tag, so they go with the user's. */
const userTag = (userId: number) => `user:${userId}`;

export class UserReadCache<T = CachedAnswer> extends BoundedCacheFront<number | string, Promise<T>> {
  private readonly listeners = new Set<InvalidationListener>();
  private readonly measure: MeasureValue<T>;

  constructor({
    ttlMs = USER_CACHE_TTL_MS,
    maxUsers = USER_CACHE_MAX_USERS,
    maxBytes = USER_CACHE_MAX_BYTES,
    measure,
  }: UserReadCacheOptions<T> = {}) {
    super(new BoundedCache({ ttlMs, maxEntries: maxUsers, maxBytes }));
    // Without a measure the values are answers (T's default): the one case the cast covers.
    this.measure = measure ?? (measureAnswer as unknown as MeasureValue<T>);
  }

  /**
   * The user's answer, loaded on a miss; requests arriving while it loads share the one load. A
   * load its user's invalidation overtook may have read the rows before the write: it answers
   * the requests that were waiting for it but is not kept.
   */
  get(userId: number, load: () => Promise<T>): Promise<T> {
    return sharedLoad(this.entries, userId, load, { measure: this.measure });
  }

  /**
   * One of the user's several answers (a feed, by its address), loaded and shared as `get`'s;
   * each counts as an entry, and the user's invalidation drops them all.
   */
  getFor(userId: number, key: string, load: () => Promise<T>): Promise<T> {
    return sharedLoad(this.entries, `${userId} ${key}`, load, { measure: this.measure, tags: [userTag(userId)] });
  }

  /** After a write of the user's data: drops the answer here and tells the listeners. */
  invalidate(userId: number): void {
    this.apply({ scope: 'user', userId });
    this.emit({ scope: 'user', userId });
  }

  /** After a change seen by every user (an issue's price, name or cover). */
  invalidateAll(): void {
    this.apply({ scope: 'all' });
    this.emit({ scope: 'all' });
  }

  /**
   * An invalidation made elsewhere (another instance, through the bus): applied here only, not
   * told to the listeners again, so it does not echo back and forth.
   */
  apply(invalidation: Invalidation): void {
    if (invalidation.scope === 'all') return this.entries.clear();
    this.entries.delete(invalidation.userId);
    this.entries.invalidateTag(userTag(invalidation.userId));
  }

  /**
   * Told every invalidation made here, synchronously, after the local drop; answers the
   * unsubscribe. A listener that throws fails the write's request, so a forwarder should catch
   * its own errors (a publish is asynchronous anyway).
   */
  onInvalidate(listener: InvalidationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told each user whose answers were invalidated here (a write of theirs), not the drops of everyone's. */
  onUserInvalidated(listener: (userId: number) => void): () => void {
    return this.onInvalidate((invalidation) => {
      if (invalidation.scope === 'user') listener(invalidation.userId);
    });
  }

  private emit(invalidation: Invalidation): void {
    for (const listener of this.listeners) listener(invalidation);
  }
}

/**
 * Sends a user's answer. Private data: `no-store` (as the access hook set it), never a shared
 * cache's header. A GET revalidates with its ETag (304); a write answers the new state in full.
 */
export function sendPrivateAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return sendCached(request, reply, answer, undefined, 'no-store');
  }
  return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.body);
}
