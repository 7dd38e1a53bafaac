// Ready-to-send JSON answers for read-heavy routes. An entry is serialised once, carries
// its ETag, and is shared by concurrent misses (one database read per key, not one per
// request). Writes call `invalidate()`; the TTL bounds staleness across app instances.
import { createHash } from 'node:crypto';

export interface CachedAnswer {
  body: string;
  etag: string;
  headers: Record<string, string>;
  /** Compressed bodies, made on first demand and kept with the entry. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
}

interface Entry {
  answer: Promise<CachedAnswer>;
  expiresAt: number;
}

export function toCachedText(body: string, headers: Record<string, string> = {}): CachedAnswer {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, headers };
}

export function toCachedAnswer(value: unknown, headers: Record<string, string> = {}): CachedAnswer {
  return toCachedText(JSON.stringify(value), headers);
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, compute: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.answer;
    if (this.ttlMs === 0) return compute();
    const answer = compute();
    this.entries.set(key, { answer, expiresAt: now + this.ttlMs });
    // A failed read must not be served from cache to everyone after it.
    answer.catch(() => this.entries.delete(key));
    this.evictOverflow();
    return answer;
  }

  invalidate(): void {
    this.entries.clear();
  }

  private evictOverflow(): void {
    // Map keeps insertion order: the first keys are the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
