// The one cache every cache is built on: its TTL (on a clock the test moves), least recently used
// order, byte bound (growth included), tags, counts for the metrics, and shared loads.
import { describe, expect, it, vi } from 'vitest';
import { BoundedCache, sharedLoad } from './bounded-cache';

/** A cache on a clock the test moves. */
function cacheAt(options: { maxEntries?: number; maxBytes?: number; ttlMs?: number } = {}) {
  const clock = { ms: 1_000_000 };
  const cache = new BoundedCache<string, string>({ maxEntries: 100, ...options, now: () => clock.ms });
  return { cache, clock };
}

const keysIn = (cache: Pick<BoundedCache<string, string>, 'has'>, keys: string[]) =>
  keys.filter((key) => cache.has(key));
/** Lets the cache's own `then` on a finished load run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedCache', () => {
  it('serves an entry until ttlMs have passed, not at ttlMs', () => {
    const { cache, clock } = cacheAt({ ttlMs: 1_000 });
    cache.set('k', 'v');
    clock.ms += 999;
    expect(cache.get('k')).toBe('v');
    clock.ms += 1;
    expect(cache.has('k')).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0, and keeps entries without a TTL until evicted', () => {
    const off = cacheAt({ ttlMs: 0 });
    off.cache.set('k', 'v');
    expect([off.cache.get('k'), off.cache.size]).toEqual([undefined, 0]);
    const forever = cacheAt();
    forever.cache.set('k', 'v');
    forever.clock.ms += 365 * 24 * 3_600_000;
    expect(forever.cache.get('k')).toBe('v');
  });

  it('evicts the least recently used past maxEntries; a get refreshes an entry, peek and has do not', () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    cache.set('c', '3');
    expect(keysIn(cache, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect([cache.peek('a'), cache.has('a')]).toEqual(['1', true]);
    cache.set('d', '4');
    expect(keysIn(cache, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
  });

  it('holds at most maxBytes, evicting the least recently used, and never keeps an entry bigger than that', () => {
    const { cache } = cacheAt({ maxBytes: 250 });
    cache.set('a', 'x', { bytes: 100 });
    cache.set('b', 'y', { bytes: 100 });
    cache.get('a');
    cache.set('c', 'z', { bytes: 100 });
    expect(keysIn(cache, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(cache.bytes).toBe(200);
    cache.set('a', 'too big', { bytes: 251 });
    expect(keysIn(cache, ['a', 'c'])).toEqual(['c']);
    expect(cache.bytes).toBe(100);
  });

  it('counts growth, evicting the least recently used for it, itself included when it is the least recent', () => {
    const { cache } = cacheAt({ maxBytes: 250 });
    cache.set('a', 'x', { bytes: 100 });
    cache.set('b', 'y', { bytes: 100 });
    cache.grow('b', 'y', 30);
    expect(cache.bytes).toBe(230);
    cache.grow('b', 'y', 40); // 270: a, the least recently used, goes
    expect(keysIn(cache, ['a', 'b'])).toEqual(['b']);
    expect(cache.bytes).toBe(170);
    cache.set('c', 'z', { bytes: 50 });
    cache.grow('b', 'y', 40); // 260: b is now the least recently used, and goes itself
    expect(keysIn(cache, ['b', 'c'])).toEqual(['c']);
    expect(cache.bytes).toBe(50);
  });

  it('grows only the entry that still holds the value, and keeps its TTL', () => {
    const { cache, clock } = cacheAt({ maxBytes: 1_000, ttlMs: 1_000 });
    cache.set('k', 'old', { bytes: 10 });
    cache.set('k', 'new', { bytes: 20 });
    cache.grow('k', 'old', 500);
    expect(cache.bytes).toBe(20);
    clock.ms += 600;
    cache.grow('k', 'new', 5);
    expect(cache.bytes).toBe(25);
    clock.ms += 400;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops every entry of a tag, and only those', () => {
    const { cache } = cacheAt();
    cache.set('s1', 'ann', { tags: ['user:1'] });
    cache.set('s2', 'ann again', { tags: ['user:1', 'admins'] });
    cache.set('s3', 'bob', { tags: ['user:2'] });
    cache.invalidateTag('user:1');
    expect(keysIn(cache, ['s1', 's2', 's3'])).toEqual(['s3']);
    cache.invalidateTag('nobody');
    expect(cache.size).toBe(1);
  });

  it('forgets the tags of entries evicted, expired, deleted or replaced', () => {
    const { cache, clock } = cacheAt({ maxEntries: 1, ttlMs: 1_000 });
    cache.set('k', 'tagged', { tags: ['t'] });
    cache.set('other', 'evicts k');
    cache.set('k', 'untagged'); // evicts other
    cache.invalidateTag('t');
    expect(cache.get('k')).toBe('untagged');
    cache.set('k', 'tagged', { tags: ['t'] });
    cache.set('k', 'replaced', { tags: ['u'] });
    cache.invalidateTag('t');
    expect(cache.get('k')).toBe('replaced');
    clock.ms += 1_000;
    expect(cache.get('k')).toBeUndefined(); // expired, and its tag forgotten
    cache.set('k', 'fresh');
    cache.invalidateTag('u');
    expect(cache.get('k')).toBe('fresh');
  });

  it('deletes by key, or only while the key holds a given value', () => {
    const { cache } = cacheAt();
    cache.set('a', '1');
    cache.set('b', '2');
    cache.delete('a', 'not 1');
    cache.delete('b');
    expect(keysIn(cache, ['a', 'b'])).toEqual(['a']);
    cache.delete('a', '1');
    expect(cache.size).toBe(0);
  });

  it('counts hits, misses and evictions (room made, not invalidations or expiry), entries and bytes', () => {
    const { cache, clock } = cacheAt({ maxEntries: 2, maxBytes: 100, ttlMs: 1_000 });
    cache.get('a');
    cache.set('a', '1', { bytes: 10 });
    cache.get('a');
    cache.peek('a');
    cache.has('b');
    cache.set('b', '2', { bytes: 20 });
    cache.set('c', '3', { bytes: 30 }); // evicts a
    cache.grow('c', '3', 60); // 20 + 90 > 100: evicts b
    expect({ hits: cache.hits, misses: cache.misses, evictions: cache.evictions }).toEqual({
      hits: 1,
      misses: 1,
      evictions: 2,
    });
    expect([cache.size, cache.bytes]).toEqual([1, 90]);
    cache.set('d', '4', { tags: ['t'] });
    cache.invalidateTag('t');
    cache.delete('c');
    cache.set('e', '5');
    clock.ms += 1_000;
    expect(cache.get('e')).toBeUndefined();
    cache.set('f', '6');
    cache.clear();
    expect({ misses: cache.misses, evictions: cache.evictions, size: cache.size, bytes: cache.bytes }).toEqual({
      misses: 2,
      evictions: 2,
      size: 0,
      bytes: 0,
    });
  });
});

describe('sharedLoad', () => {
  const loadsCache = () => new BoundedCache<string, Promise<string>>({ maxEntries: 10, maxBytes: 100 });
  const measure = (value: string, grow: (bytes: number) => void) => grow(value.length);

  it('loads once for the requests that arrive while it loads and after, and measures the value once ready', async () => {
    const cache = loadsCache();
    const load = vi.fn(async () => 'value');
    const [a, b] = await Promise.all([sharedLoad(cache, 'k', load, { measure }), sharedLoad(cache, 'k', load)]);
    expect([a, b, await sharedLoad(cache, 'k', load)]).toEqual(['value', 'value', 'value']);
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    expect(cache.bytes).toBe(5);
  });

  it('keeps neither a failed load nor one dropped while it loaded, yet answers the callers of the latter', async () => {
    const cache = loadsCache();
    await expect(sharedLoad(cache, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settle();
    expect(cache.has('k')).toBe(false);

    let finish: (value: string) => void = () => {};
    const stale = sharedLoad(cache, 'k', () => new Promise<string>((resolve) => (finish = resolve)), { measure });
    cache.delete('k'); // an invalidation: the load may have read the rows before the write
    const fresh = sharedLoad(cache, 'k', async () => 'after', { measure });
    finish('before, and longer');
    expect([await stale, await fresh]).toEqual(['before, and longer', 'after']);
    await settle();
    expect(await cache.get('k')).toBe('after');
    expect(cache.bytes).toBe('after'.length);
  });

  it('keeps tags on what it loads', async () => {
    const cache = loadsCache();
    await sharedLoad(cache, 'k', async () => 'v', { tags: ['t'] });
    cache.invalidateTag('t');
    expect(cache.size).toBe(0);
  });
});
