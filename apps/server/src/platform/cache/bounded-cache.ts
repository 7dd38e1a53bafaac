// The one in-process cache every cache of the server is built on: lru-cache underneath (least
// recently used evicted first), bounded in entries and, when asked, in bytes; entries live ttlMs
// at most; dropped by key, or by tag (a key carries tags, such as the user whose data it holds);
// hits, misses and evictions counted for the metrics. `sharedLoad` keeps a load's promise under
// its key, so the requests that arrive while it loads share one load.
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions {
  maxEntries: number;
  /** Bytes held at most, as `set` and `grow` tell them; without it sizes are not counted. */
  maxBytes?: number;
  /** How long an entry is served; absent, until evicted or dropped; 0 keeps nothing (the cache is off). */
  ttlMs?: number;
  /** The clock in ms (tests move it); read at each call, so fake timers move it too. */
  now?: () => number;
}

/** What the metrics read of a cache: plain numbers, no metrics call on its hot path. */
export interface CacheStats {
  /** Lookups that found a fresh entry. */
  readonly hits: number;
  /** Lookups that found none. */
  readonly misses: number;
  /** Entries dropped to make room (not the ones expired or invalidated). */
  readonly evictions: number;
  /** Entries held, expired ones included until looked up or evicted. */
  readonly size: number;
  /** Bytes held, a load under way counting one (0 when the cache is not bounded in bytes). */
  readonly bytes: number;
}

interface Slot<V> {
  value: V;
  bytes: number;
  tags: readonly string[];
}

/** lru-cache wants positive sizes: an entry whose bytes are not known yet (a load under way) weighs one. */
const weightOf = (bytes: number) => Math.max(1, bytes);

export class BoundedCache<K extends string | number, V> implements CacheStats {
  private readonly lru: LRUCache<K, Slot<V>>;
  private readonly now: () => number;
  /** Keys by tag; a key leaves its tags' sets when lru-cache disposes of its entry, for whatever reason. */
  private readonly tagged = new Map<string, Set<K>>();
  private hitCount = 0;
  private missCount = 0;
  private evictionCount = 0;

  constructor(private readonly options: BoundedCacheOptions) {
    this.now = options.now ?? (() => Date.now());
    const { maxEntries, maxBytes, ttlMs } = options;
    this.lru = new LRUCache<K, Slot<V>>({
      max: maxEntries,
      ...(maxBytes === undefined ? {} : { maxSize: maxBytes }),
      // ttlResolution 0: no timer per lookup; the clock is a plain call.
      ...(ttlMs ? { ttl: ttlMs, ttlResolution: 0, perf: { now: this.now } } : {}),
      dispose: (slot, key, reason) => {
        if (reason === 'evict') this.evictionCount++;
        this.untag(key, slot.tags);
      },
    });
  }

  get hits(): number {
    return this.hitCount;
  }

  get misses(): number {
    return this.missCount;
  }

  get evictions(): number {
    return this.evictionCount;
  }

  get size(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /** The fresh value under key, now the most recently used; counted as a hit or a miss. */
  get(key: K): V | undefined {
    const slot = this.lru.get(key);
    if (slot) this.hitCount++;
    else this.missCount++;
    return slot?.value;
  }

  /** The fresh value under key, neither counted nor made more recent. */
  peek(key: K): V | undefined {
    return this.lru.peek(key)?.value;
  }

  /** Whether a fresh entry is under key (neither counted nor made more recent). */
  has(key: K): boolean {
    return this.lru.has(key);
  }

  /** Keeps value under key, weighing `bytes`, droppable by each of its tags; one too big for the cache is not kept. */
  set(key: K, value: V, { bytes = 0, tags = [] }: { bytes?: number; tags?: readonly string[] } = {}): void {
    if (this.options.ttlMs === 0) return;
    if (bytes > (this.options.maxBytes ?? Infinity)) {
      this.lru.delete(key);
      return;
    }
    // lru-cache serves an entry until it is older than its ttl; ours is gone at ttlMs, so it
    // starts a millisecond early (an answer with a TTL of 1 s is not served at 1,000 ms).
    const size = this.options.maxBytes === undefined ? {} : { size: weightOf(bytes) };
    this.lru.set(key, { value, bytes, tags }, { ...size, start: this.now() - 1 });
    for (const tag of tags) {
      const keys = this.tagged.get(tag) ?? new Set<K>();
      this.tagged.set(tag, keys.add(key));
    }
  }

  /**
   * The entry under key, if it still holds value, holds `bytes` more (an answer's compressed copy):
   * least recently used entries go until it fits, itself included when it is the least recent,
   * as though it had weighed that much from the start. It keeps its TTL, and is then the most
   * recently used (lru-cache moves what it sets); it grows when it is sent, just after a lookup.
   */
  grow(key: K, value: V, bytes: number): void {
    const { maxBytes } = this.options;
    const slot = this.lru.peek(key, { allowStale: true });
    if (maxBytes === undefined || slot?.value !== value) return;
    const grown = { ...slot, bytes: slot.bytes + bytes };
    if (grown.bytes > maxBytes) {
      this.lru.delete(key);
      this.evictionCount++;
      return;
    }
    while (this.lru.calculatedSize - weightOf(slot.bytes) + grown.bytes > maxBytes) {
      if (this.lru.pop() === slot) return;
    }
    // Not disposed of: the entry stays, with the same tags.
    this.lru.set(key, grown, { size: weightOf(grown.bytes), noUpdateTTL: true, noDisposeOnSet: true });
  }

  /** Drops the entry under key; with `value`, only while the entry still holds it (not a newer one). */
  delete(key: K, value?: V): void {
    if (value === undefined || this.lru.peek(key, { allowStale: true })?.value === value) this.lru.delete(key);
  }

  /** Drops every entry carrying the tag. */
  invalidateTag(tag: string): void {
    for (const key of [...(this.tagged.get(tag) ?? [])]) this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  private untag(key: K, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }
}

/** Tells the bytes a loaded value holds: now, and later ones through `grow` (an answer's compressed copies). */
export type MeasureValue<T> = (value: T, grow: (bytes: number) => void) => void;

/**
 * The value under key, or the one `load` makes, kept as a promise from the start: requests that
 * arrive while it loads share the one load. A failed load is dropped (not served to everyone after
 * it); a load whose entry was dropped or replaced meanwhile (an invalidation: it may have read
 * the rows before the write) answers its callers but is neither kept nor measured.
 */
export function sharedLoad<K extends string | number, T>(
  cache: BoundedCache<K, Promise<T>>,
  key: K,
  load: () => Promise<T>,
  { measure, tags }: { measure?: MeasureValue<T>; tags?: readonly string[] } = {},
): Promise<T> {
  const kept = cache.get(key);
  if (kept) return kept;
  const loading = load();
  cache.set(key, loading, tags ? { tags } : {});
  loading.then(
    (ready) => {
      if (cache.peek(key) === loading) measure?.(ready, (bytes) => cache.grow(key, loading, bytes));
    },
    () => cache.delete(key, loading),
  );
  return loading;
}

/** A cache with an interface of its own on a BoundedCache: it shows the BoundedCache's counts. */
export abstract class BoundedCacheFront<K extends string | number, V> implements CacheStats {
  protected constructor(protected readonly entries: BoundedCache<K, V>) {}

  get hits(): number {
    return this.entries.hits;
  }

  get misses(): number {
    return this.entries.misses;
  }

  get evictions(): number {
    return this.entries.evictions;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.bytes;
  }
}
