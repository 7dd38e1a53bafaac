// Ready-to-send JSON answers for read-heavy routes. An entry is serialised once, carries
// its ETag, and is shared by concurrent misses (one database read per key, not one per
// request). Writes call `invalidate()`; the TTL bounds staleness across app instances.
// Bounded in entries and in bytes (bodies and their compressed copies), least recently used
// evicted first, so a flood of distinct queries cannot grow the process without limit.
import { createHash } from 'node:crypto';
import { BoundedCache, BoundedCacheFront, sharedLoad, type MeasureValue } from './bounded-cache';

export interface CachedAnswer {
  body: string;
  etag: string;
  headers: Record<string, string>;
  /** Compressed bodies, made on first demand and kept with the entry. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
  /** The body's UTF-8 bytes, made on first demand for a type Fastify must not add a charset to. */
  bytes?: Buffer;
  /** Told the size of each copy of the body added (compressed, or as bytes), so the cache holding the answer counts it. */
  onEncoded?: (bytes: number) => void;
}

export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function toCachedText(body: string, headers: Record<string, string> = {}): CachedAnswer {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers };
}

export function toCachedAnswer(value: unknown, headers: Record<string, string> = {}): CachedAnswer {
  return toCachedText(JSON.stringify(value), headers);
}

/** An answer weighs its body's UTF-8 bytes, then each compressed copy as it is made. */
export const measureAnswer: MeasureValue<CachedAnswer> = (answer, grow) => {
  grow(Buffer.byteLength(answer.body));
  answer.onEncoded = grow;
};

export class ResponseCache extends BoundedCacheFront<string, Promise<CachedAnswer>> {
  constructor(ttlMs: number, maxEntries = 10_000, maxBytes = DEFAULT_CACHE_MAX_BYTES) {
    super(new BoundedCache({ ttlMs, maxEntries, maxBytes }));
  }

  /** The answer under key if a fresh entry holds it (ready or being read), now the most recently used. */
  peek(key: string): Promise<CachedAnswer> | undefined {
    // A look that finds nothing is no miss: the read that follows it (get) counts one.
    return this.entries.has(key) ? this.entries.get(key) : undefined;
  }

  /** The answer under key, computed on a miss and kept (shared by the requests that arrive meanwhile). */
  get(key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    return sharedLoad(this.entries, key, compute, { measure: measureAnswer });
  }

  invalidate(): void {
    this.entries.clear();
  }
}
