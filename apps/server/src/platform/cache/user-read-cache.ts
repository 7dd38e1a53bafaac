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
  maxUsers?: number;
  maxBytes?: number;
  /** How to count a value's bytes; answers (the default) count their body and each encoding. */
  measure?: MeasureValue<T>;
}

export const USER_CACHE_TTL_MS = 30_000;
export const USER_CACHE_MAX_USERS = 10_000;
export const USER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class UserReadCache<T = CachedAnswer> extends BoundedCacheFront<number, Promise<T>> {
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
    if (invalidation.scope === 'all') this.entries.clear();
    else this.entries.delete(invalidation.userId);
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
