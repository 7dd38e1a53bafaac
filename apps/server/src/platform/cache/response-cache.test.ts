// The answer cache alone: shared misses, TTL, and its bounds in entries and in bytes
// (compressed copies included), least recently used evicted first.
import { describe, expect, it, vi } from 'vitest';
import { ResponseCache, toCachedText, type CachedAnswer } from './response-cache';

const answerOf = (body: string) => async () => toCachedText(body);
/** Lets the cache's own `then` on a finished read run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function fill(cache: ResponseCache, entries: Record<string, string>): Promise<void> {
  for (const [key, body] of Object.entries(entries)) await cache.get(key, answerOf(body));
  await settle();
}

describe('ResponseCache', () => {
  it('reads once for concurrent and later requests of one key', async () => {
    const cache = new ResponseCache(60_000);
    const read = vi.fn(answerOf('[1]'));
    const [a, b] = await Promise.all([cache.get('k', read), cache.get('k', read)]);
    expect(await cache.get('k', read)).toBe(a);
    expect(b).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again once the TTL has passed, and never caches with a TTL of 0', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResponseCache(1_000);
      const read = vi.fn(answerOf('[1]'));
      await cache.get('k', read);
      vi.advanceTimersByTime(999);
      expect(cache.peek('k')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(cache.peek('k')).toBeUndefined();
      await cache.get('k', read);
      expect(read).toHaveBeenCalledTimes(2);

      const off = new ResponseCache(0);
      await off.get('k', read);
      await off.get('k', read);
      expect(read).toHaveBeenCalledTimes(4);
      expect(off.peek('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed read', async () => {
    const cache = new ResponseCache(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settle();
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', answerOf('ok'))).body).toBe('ok');
  });

  it('counts a read under way as present, so it is shared rather than repeated', async () => {
    const cache = new ResponseCache(60_000);
    let finish: (answer: CachedAnswer) => void = () => {};
    const pending = cache.get('k', () => new Promise((resolve) => (finish = resolve)));
    expect(cache.peek('k')).toBeDefined();
    finish(toCachedText('late'));
    expect((await pending).body).toBe('late');
  });

  it('evicts the least recently used entry when over its entry count', async () => {
    const cache = new ResponseCache(60_000, 2);
    await fill(cache, { a: '1', b: '2' });
    await cache.get('a', answerOf('unused')); // a is now the most recently used
    await fill(cache, { c: '3' });
    expect(['a', 'b', 'c'].filter((key) => cache.peek(key))).toEqual(['a', 'c']);
  });

  it('holds at most its byte budget, counting bodies once ready', async () => {
    const cache = new ResponseCache(60_000, 100, 250);
    await fill(cache, { a: 'x'.repeat(100), b: 'y'.repeat(100) });
    expect(cache.bytes).toBe(200);
    await cache.get('a', answerOf('unused'));
    await fill(cache, { c: 'z'.repeat(100) });
    expect(['a', 'b', 'c'].filter((key) => cache.peek(key))).toEqual(['a', 'c']);
    expect(cache.bytes).toBe(200);
  });

  it('counts bytes as UTF-8, as they are sent', async () => {
    const cache = new ResponseCache(60_000);
    await fill(cache, { k: 'é😀' });
    expect(cache.bytes).toBe(6);
  });

  it('counts compressed copies as they are added, and evicts for them', async () => {
    const cache = new ResponseCache(60_000, 100, 250);
    await fill(cache, { a: 'x'.repeat(100), b: 'y'.repeat(100) });
    const b = await cache.get('b', answerOf('unused'));
    b.onEncoded?.(30);
    expect(cache.bytes).toBe(230);
    b.onEncoded?.(40); // 270 > 250: a, the least recently used, goes
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.bytes).toBe(170);
  });

  it('stops counting an answer once its entry is gone', async () => {
    const cache = new ResponseCache(60_000, 100, 1_000);
    await fill(cache, { a: 'x'.repeat(100) });
    const a = await cache.get('a', answerOf('unused'));
    cache.invalidate();
    a.onEncoded?.(50);
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('does not count a read that finished after its entry was evicted', async () => {
    const cache = new ResponseCache(60_000, 1);
    let finish: (answer: CachedAnswer) => void = () => {};
    const slow = cache.get('slow', () => new Promise((resolve) => (finish = resolve)));
    await fill(cache, { fast: 'f' }); // evicts the pending 'slow' (one entry allowed)
    finish(toCachedText('s'.repeat(100)));
    expect((await slow).body).toHaveLength(100);
    await settle();
    expect(cache.bytes).toBe(1);
    expect(cache.peek('slow')).toBeUndefined();
  });

  it('counts hits (a shared read in flight included) and misses, for metrics', async () => {
    const cache = new ResponseCache(60_000);
    await Promise.all([cache.get('a', answerOf('1')), cache.get('a', answerOf('unused'))]);
    await cache.get('a', answerOf('unused'));
    expect(cache.peek('b')).toBeUndefined(); // a look that reads nothing is neither
    await cache.get('b', answerOf('2'));
    expect(cache.peek('b')).toBeDefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 3, misses: 2 });
    cache.invalidate();
    await cache.get('a', answerOf('1'));
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 3, misses: 3 });
  });
});
