// The memory of credentials alone (sessions and app passwords use it): one read for the requests
// that arrive together, kept while usable, dropped by credential or by account, and never filled
// by a read that an invalidation overtook.
import { describe, expect, it, vi } from 'vitest';
import { CredentialCache } from './credential-cache';

interface Row {
  userId: number;
  name: string;
}

const cacheOf = () => new CredentialCache<Row>({ ttlMs: 60_000, maxEntries: 100 });

/** A read that finishes when told. */
function deferredRead() {
  let finish: (row: Row | null) => void = () => {};
  const read = vi.fn(() => new Promise<Row | null>((resolve) => (finish = resolve)));
  return { read, finish: (row: Row | null) => finish(row) };
}

describe('CredentialCache', () => {
  it('reads once for the requests arriving together and later ones, and keeps no unknown credential', async () => {
    const cache = cacheOf();
    const read = vi.fn(async () => ({ userId: 1, name: 'a' }));
    const [first, second] = await Promise.all([cache.lookUp('h1', read), cache.lookUp('h1', read)]);
    expect(second).toBe(first);
    expect(await cache.lookUp('h1', read)).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);

    const unknown = vi.fn(async () => null);
    expect(await cache.lookUp('h2', unknown)).toBeNull();
    expect(await cache.lookUp('h2', unknown)).toBeNull();
    expect(unknown).toHaveBeenCalledTimes(2);
  });

  it('reads again once a kept row is no longer usable (a session expired), trusting what the read finds', async () => {
    const cache = cacheOf();
    let reads = 0;
    const read = vi.fn(async () => ({ userId: 1, name: `read ${++reads}` }));
    await cache.lookUp('h', read);
    const expired = (row: Row) => row.name !== 'read 1';
    expect((await cache.lookUp('h', read, expired))?.name).toBe('read 2');
    expect((await cache.lookUp('h', read, expired))?.name).toBe('read 2');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("forgets one credential, or every one of an account's", async () => {
    const cache = cacheOf();
    const reads = ['a', 'b', 'c'].map((name, i) => vi.fn(async () => ({ userId: i < 2 ? 1 : 2, name })));
    const lookUpAll = () => Promise.all(reads.map((read, i) => cache.lookUp(`h${i}`, read)));
    await lookUpAll();
    cache.forget({ tokenHash: 'h0' });
    await lookUpAll();
    expect(reads.map((read) => read.mock.calls.length)).toEqual([2, 1, 1]);
    cache.forget({ userId: 1 });
    await lookUpAll();
    expect(reads.map((read) => read.mock.calls.length)).toEqual([3, 2, 1]);
  });

  it('keeps nothing a read overtaken by an invalidation found, and shares no such read with later requests', async () => {
    const cache = cacheOf();
    const stale = deferredRead();
    const pending = cache.lookUp('h', stale.read);
    cache.forget({ userId: 1 }); // e.g. the account deactivated while the row was read
    const fresh = vi.fn(async () => ({ userId: 1, name: 'after' }));
    const next = cache.lookUp('h', fresh);
    stale.finish({ userId: 1, name: 'before' });
    expect((await pending)?.name).toBe('before');
    expect((await next)?.name).toBe('after');
    expect(
      (
        await cache.lookUp(
          'h',
          vi.fn(async () => null),
        )
      )?.name,
    ).toBe('after');
  });

  it('remembers a row read earlier only when no invalidation came since', async () => {
    const cache = cacheOf();
    const before = cache.current;
    cache.forget({ tokenHash: 'other' });
    cache.remember('h', { userId: 1, name: 'stale' }, before);
    const read = vi.fn(async () => ({ userId: 1, name: 'read' }));
    expect((await cache.lookUp('h', read))?.name).toBe('read');
    cache.remember('h', { userId: 1, name: 'renewed' }, cache.current);
    expect((await cache.lookUp('h', read))?.name).toBe('renewed');
  });
});
