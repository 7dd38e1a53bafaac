// Ready-to-send JSON answers for read-heavy routes. An entry is serialised once, carries
// its ETag, and is shared by concurrent misses (one database read per key, not one per
// request). Writes call `invalidate()`; the TTL bounds staleness across app instances.
// Bounded in entries and in bytes (bodies and their compressed copies), least recently used
// evicted first, so a flood of distinct queries cannot grow the process without limit.
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
  headers: Record<string, string>;
  /** Compressed bodies, made on first demand and kept with the entry. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
  /** Told the size of each compressed body added, so the cache holding the answer counts it. */
  onEncoded?: (bytes: number) => void;
}

interface Entry {
  answer: Promise<CachedAnswer>;
  expiresAt: number;
  /** Counted once the answer is ready: its body, then each compressed copy as it is made. */
  bytes: number;
}

export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function toCachedText(body: string, headers: Record<string, string> = {}): CachedAnswer {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers };
}

export function toCachedAnswer(value: unknown, headers: Record<string, string> = {}): CachedAnswer {
  return toCachedText(JSON.stringify(value), headers);
}

export class ResponseCache {
  /** Map keeps insertion order, and a hit is moved to the end: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private hitCount = 0;
  private missCount = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly maxBytes = DEFAULT_CACHE_MAX_BYTES,
  ) {}

  /** Bytes held by ready answers (for tests and metrics). */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Lookups that found a fresh answer (ready or being read), for metrics. */
  get hits(): number {
    return this.hitCount;
  }

  /** Lookups that had to compute the answer. */
  get misses(): number {
    return this.missCount;
  }

  /** The answer under key if a fresh entry holds it (ready or being read), now the most recently used. */
  peek(key: string): Promise<CachedAnswer> | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    if (hit.expiresAt <= Date.now()) {
      this.remove(key, hit);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.hitCount++;
    return hit.answer;
  }

  /** The answer under key, computed on a miss and kept (shared by the requests that arrive meanwhile). */
  get(key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const hit = this.peek(key);
    if (hit) return hit;
    this.missCount++;
    if (this.ttlMs === 0) return compute();
    const answer = compute();
    const entry: Entry = { answer, expiresAt: Date.now() + this.ttlMs, bytes: 0 };
    this.entries.set(key, entry);
    answer.then(
      (ready) => {
        // Evicted or invalidated while it was read: the answer is sent, but not kept.
        if (this.entries.get(key) !== entry) return;
        this.grow(entry, Buffer.byteLength(ready.body));
        ready.onEncoded = (bytes) => {
          if (this.entries.get(key) === entry) this.grow(entry, bytes);
        };
      },
      // A failed read must not be served from cache to everyone after it.
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    this.evict();
    return answer;
  }

  invalidate(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private grow(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    this.totalBytes += bytes;
    this.evict();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalBytes <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }
}
