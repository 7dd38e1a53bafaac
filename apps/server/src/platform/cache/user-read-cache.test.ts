// The per-user answer cache alone: shared loads, TTL, its bounds, and invalidations (a load
// under way when its user is invalidated must not put its possibly stale answer back).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCachedText, type CachedAnswer } from './response-cache';
import { UserReadCache, type Invalidation } from './user-read-cache';

const answerOf = (body: string) => async () => toCachedText(body);
/** Lets the cache's own `then` on a finished load run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A load that finishes when told, to invalidate while it is under way. */
function deferredLoad() {
  let finish: (body: string) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<CachedAnswer>((resolve) => {
        finish = (body) => resolve(toCachedText(body));
      }),
  );
  return { load, finish: (body: string) => finish(body) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('UserReadCache', () => {
  it('loads once for concurrent and later reads of one user, and apart for each user', async () => {
    const cache = new UserReadCache();
    const load = vi.fn(answerOf('[1]'));
    const [a, b] = await Promise.all([cache.get(1, load), cache.get(1, load)]);
    expect(b).toBe(a);
    expect(await cache.get(1, load)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    const other = await cache.get(2, answerOf('[2]'));
    expect(other.body).toBe('[2]');
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(other.etag).not.toBe(a.etag);
  });

  it('loads again once the TTL has passed, and never keeps anything with a TTL of 0', async () => {
    vi.useFakeTimers();
    const cache = new UserReadCache({ ttlMs: 1_000 });
    const load = vi.fn(answerOf('[1]'));
    await cache.get(1, load);
    vi.advanceTimersByTime(999);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(2);

    const off = new UserReadCache({ ttlMs: 0 });
    await off.get(1, load);
    await off.get(1, load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(off.size).toBe(0);
  });

  it('keeps at most maxUsers, evicting the least recently used', async () => {
    const cache = new UserReadCache({ maxUsers: 2 });
    const loads = [1, 2, 3].map((id) => vi.fn(answerOf(`[${id}]`)));
    await cache.get(1, loads[0]!);
    await cache.get(2, loads[1]!);
    await cache.get(1, loads[0]!); // user 1 is now the most recently used
    await cache.get(3, loads[2]!);
    expect(cache.size).toBe(2);
    await cache.get(1, loads[0]!);
    await cache.get(3, loads[2]!);
    expect(loads[0]).toHaveBeenCalledTimes(1);
    expect(loads[2]).toHaveBeenCalledTimes(1);
    await cache.get(2, loads[1]!);
    expect(loads[1]).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxBytes of answers, compressed copies counted', async () => {
    const cache = new UserReadCache({ maxBytes: 25 });
    const first = await cache.get(1, answerOf('x'.repeat(10)));
    await cache.get(2, answerOf('y'.repeat(10)));
    await settle();
    expect(cache.bytes).toBe(20);
    expect(cache.size).toBe(2);
    first.onEncoded?.(8); // 28 bytes: over the bound, the least recently used user goes
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(10);
    const load = vi.fn(answerOf('x'.repeat(10)));
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new UserReadCache();
    await expect(cache.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settle();
    expect(cache.size).toBe(0);
    expect((await cache.get(1, answerOf('ok'))).body).toBe('ok');
  });

  it('reads again after invalidate(userId), for that user only', async () => {
    const cache = new UserReadCache();
    const mine = vi.fn(answerOf('[1]'));
    const theirs = vi.fn(answerOf('[2]'));
    await cache.get(1, mine);
    await cache.get(2, theirs);
    await settle();
    cache.invalidate(1);
    await cache.get(1, mine);
    await cache.get(2, theirs);
    expect(mine).toHaveBeenCalledTimes(2);
    expect(theirs).toHaveBeenCalledTimes(1);
    expect(cache.bytes).toBe(6);
  });

  it('does not let a load under way when its user is invalidated fill the cache', async () => {
    const cache = new UserReadCache();
    const stale = deferredLoad();
    const pending = cache.get(1, stale.load);
    cache.invalidate(1); // a write committed after the load may have read the rows
    const fresh = deferredLoad();
    const next = cache.get(1, fresh.load);
    expect(fresh.load).toHaveBeenCalledTimes(1);
    fresh.finish('["after"]');
    stale.finish('["before"]'); // the old load ends last: it must not replace the new answer
    expect((await pending).body).toBe('["before"]');
    expect((await next).body).toBe('["after"]');
    await settle();
    expect((await cache.get(1, answerOf('unused'))).body).toBe('["after"]');
    expect(cache.bytes).toBe('["after"]'.length);
  });

  it('does not keep a load under way when every user is invalidated, nor one finishing after', async () => {
    const cache = new UserReadCache();
    const stale = deferredLoad();
    const pending = cache.get(1, stale.load);
    cache.invalidateAll();
    stale.finish('["before"]');
    await pending;
    await settle();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect((await cache.get(1, answerOf('["after"]'))).body).toBe('["after"]');
  });

  it('tells listeners each invalidation made here, but not the ones applied from elsewhere', async () => {
    const cache = new UserReadCache();
    const heard: Invalidation[] = [];
    const unsubscribe = cache.onInvalidate((invalidation) => heard.push(invalidation));
    cache.invalidate(7);
    cache.invalidateAll();
    await cache.get(3, answerOf('[3]'));
    cache.apply({ scope: 'user', userId: 3 });
    expect(cache.size).toBe(0);
    expect(heard).toEqual([{ scope: 'user', userId: 7 }, { scope: 'all' }]);
    unsubscribe();
    cache.invalidate(8);
    expect(heard).toHaveLength(2);
  });

  it("keeps a user's several answers by key, dropped together by the user's invalidation, here or from elsewhere", async () => {
    const cache = new UserReadCache();
    const feed = (body: string) => vi.fn(answerOf(body));
    const [library, reading, theirs] = [feed('[1]'), feed('[2]'), feed('[3]')];
    await cache.getFor(1, '/library', library);
    await cache.getFor(1, '/reading', reading);
    await cache.getFor(2, '/library', theirs);
    expect((await cache.getFor(1, '/library', feed('unused'))).body).toBe('[1]');
    expect((await cache.getFor(2, '/library', feed('unused'))).body).toBe('[3]');
    expect(cache.size).toBe(3);

    cache.invalidate(1);
    expect(cache.size).toBe(1);
    await cache.getFor(1, '/library', library);
    await cache.getFor(1, '/reading', reading);
    expect([library, reading, theirs].map((load) => load.mock.calls.length)).toEqual([2, 2, 1]);
    cache.apply({ scope: 'user', userId: 2 });
    expect(cache.size).toBe(2);
  });

  it('does not let a keyed load under way when its user is invalidated fill the cache', async () => {
    const cache = new UserReadCache();
    const stale = deferredLoad();
    const pending = cache.getFor(1, '/library', stale.load);
    cache.invalidate(1);
    stale.finish('["before"]');
    expect((await pending).body).toBe('["before"]');
    await settle();
    expect((await cache.getFor(1, '/library', answerOf('["after"]'))).body).toBe('["after"]');
  });

  it("tells onUserInvalidated of each user invalidated here, not of every user's drop", () => {
    const cache = new UserReadCache();
    const heard: number[] = [];
    cache.onUserInvalidated((userId) => heard.push(userId));
    cache.invalidate(4);
    cache.invalidateAll();
    cache.apply({ scope: 'user', userId: 5 });
    expect(heard).toEqual([4]);
  });

  it('counts hits (a shared load in flight included) and misses, for metrics', async () => {
    const cache = new UserReadCache();
    await Promise.all([cache.get(1, answerOf('[1]')), cache.get(1, answerOf('unused'))]);
    await cache.get(1, answerOf('unused'));
    await cache.get(2, answerOf('[2]'));
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 2 });
    cache.invalidate(1);
    await cache.get(1, answerOf('[1]'));
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 3 });
  });
});
