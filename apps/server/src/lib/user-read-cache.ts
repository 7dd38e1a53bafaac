// One ready-to-send answer per user (a cart, a library, a favourites list), or another value kept
// per user (the pages a reader stopped on): the signed-in reads a user repeats on every screen
// cost one Map lookup, no query and no serialisation. Writes
// invalidate the user's entry at once; invalidations are also told to listeners, the seam where
// a cross-instance bus (Redis pub/sub) forwards them, and the TTL bounds staleness should a
// message between instances be lost. Bounded in users and in bytes, least recently used evicted.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './response-cache';
import { sendCached } from './send-cached';

/** What was invalidated: one user's answer, or every user's (a price or a name changed). */
export type Invalidation = { scope: 'user'; userId: number } | { scope: 'all' };
export type InvalidationListener = (invalidation: Invalidation) => void;

/** Tells the bytes a value holds now, and later ones through `grow` (an answer's compressed copies). */
export type MeasureValue<T> = (value: T, grow: (bytes: number) => void) => void;

export interface UserReadCacheOptions<T = CachedAnswer> {
  /** How long an answer may be served without a write invalidating it; 0 turns the cache off. */
  ttlMs?: number;
  maxUsers?: number;
  maxBytes?: number;
  /** How to count a value's bytes; answers (the default) count their body and each encoding. */
  measure?: MeasureValue<T>;
}

const measureAnswer: MeasureValue<CachedAnswer> = (answer, grow) => {
  grow(Buffer.byteLength(answer.body));
  answer.onEncoded = grow;
};

interface Entry<T> {
  answer: Promise<T>;
  /** Which load this is: a load that finds another generation under its user was invalidated. */
  generation: number;
  expiresAt: number;
  bytes: number;
}

export const USER_CACHE_TTL_MS = 30_000;
export const USER_CACHE_MAX_USERS = 10_000;
export const USER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class UserReadCache<T = CachedAnswer> {
  /** Map keeps insertion order and a hit moves to the end: the first key is the least recently used. */
  private readonly entries = new Map<number, Entry<T>>();
  private readonly listeners = new Set<InvalidationListener>();
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  private readonly maxBytes: number;
  private readonly measure: MeasureValue<T>;
  private generation = 0;
  private totalBytes = 0;
  private hitCount = 0;
  private missCount = 0;

  constructor(options: UserReadCacheOptions<T> = {}) {
    this.ttlMs = options.ttlMs ?? USER_CACHE_TTL_MS;
    this.maxUsers = options.maxUsers ?? USER_CACHE_MAX_USERS;
    this.maxBytes = options.maxBytes ?? USER_CACHE_MAX_BYTES;
    // Without a measure the values are answers (T's default): the one case the cast covers.
    this.measure = options.measure ?? (measureAnswer as unknown as MeasureValue<T>);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by ready answers, compressed copies included. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Reads answered from the cache (ready or being loaded), for metrics. */
  get hits(): number {
    return this.hitCount;
  }

  /** Reads that had to load the answer. */
  get misses(): number {
    return this.missCount;
  }

  /** The user's answer, loaded on a miss; requests arriving while it loads share the one load. */
  get(userId: number, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(userId);
    if (hit) {
      if (hit.expiresAt > Date.now()) {
        this.entries.delete(userId);
        this.entries.set(userId, hit);
        this.hitCount++;
        return hit.answer;
      }
      this.remove(userId, hit);
    }
    this.missCount++;
    if (this.ttlMs === 0) return load();
    const entry: Entry<T> = {
      answer: load(),
      generation: ++this.generation,
      expiresAt: Date.now() + this.ttlMs,
      bytes: 0,
    };
    this.entries.set(userId, entry);
    entry.answer.then(
      (ready) => {
        // Invalidated (or evicted) while loading: the load may have read the rows before the
        // write, so it answers the requests that were waiting for it but is not kept.
        if (!this.holds(userId, entry)) return;
        this.measure(ready, (bytes) => {
          if (this.holds(userId, entry)) this.grow(entry, bytes);
        });
      },
      // A failed load is not served to everyone after it.
      () => {
        if (this.holds(userId, entry)) this.remove(userId, entry);
      },
    );
    this.evict();
    return entry.answer;
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
    if (invalidation.scope === 'all') {
      this.entries.clear();
      this.totalBytes = 0;
      return;
    }
    const entry = this.entries.get(invalidation.userId);
    if (entry) this.remove(invalidation.userId, entry);
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

  private holds(userId: number, entry: Entry<T>): boolean {
    return this.entries.get(userId)?.generation === entry.generation;
  }

  private grow(entry: Entry<T>, bytes: number): void {
    entry.bytes += bytes;
    this.totalBytes += bytes;
    this.evict();
  }

  private remove(userId: number, entry: Entry<T>): void {
    this.entries.delete(userId);
    this.totalBytes -= entry.bytes;
  }

  private evict(): void {
    for (const [userId, entry] of this.entries) {
      if (this.entries.size <= this.maxUsers && this.totalBytes <= this.maxBytes) break;
      this.remove(userId, entry);
    }
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
