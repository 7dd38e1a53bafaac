// The reader's memory of who owns what: kept briefly, dropped per user (a take-back) here and on
// the other instances, and never kept from a database read that a take-back overtook.
import { describe, expect, it } from 'vitest';
import type { Invalidation } from '../../platform/cache/user-read-cache';
import { KnownOwners } from './known-owners';

describe('known owners', () => {
  it('remember a yes until it expires, per user and issue', async () => {
    const owners = new KnownOwners(20);
    owners.add(1, 10, owners.mark());
    expect(owners.has(1, 10)).toBe(true);
    expect(owners.has(1, 11)).toBe(false);
    expect(owners.has(2, 10)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(owners.has(1, 10)).toBe(false);
  });

  it("drop a user's entries when told, here and for the listeners (the other instances)", () => {
    const owners = new KnownOwners();
    const told: Invalidation[] = [];
    owners.onInvalidate((invalidation) => told.push(invalidation));
    owners.add(1, 10, owners.mark());
    owners.add(1, 11, owners.mark());
    owners.add(2, 10, owners.mark());
    owners.invalidate(1);
    expect([owners.has(1, 10), owners.has(1, 11), owners.has(2, 10)]).toEqual([false, false, true]);
    expect(told).toEqual([{ scope: 'user', userId: 1 }]);
    expect(owners.size).toBe(1);

    // Told by another instance: applied, not told on.
    owners.apply({ scope: 'user', userId: 2 });
    expect(owners.has(2, 10)).toBe(false);
    expect(told).toHaveLength(1);
  });

  it('keep no yes read before a take-back that was applied while reading', () => {
    const owners = new KnownOwners();
    const mark = owners.mark();
    owners.apply({ scope: 'user', userId: 1 });
    owners.add(1, 10, mark);
    expect(owners.has(1, 10)).toBe(false);
  });

  it('hold at most their maximum, the least recently added user going first', () => {
    const owners = new KnownOwners(60_000, 3);
    owners.add(1, 10, owners.mark());
    owners.add(2, 10, owners.mark());
    owners.add(1, 11, owners.mark());
    owners.add(3, 10, owners.mark());
    expect(owners.has(2, 10)).toBe(false);
    expect([owners.has(1, 10), owners.has(1, 11), owners.has(3, 10)]).toEqual([true, true, true]);
    expect(owners.size).toBe(3);
  });
});
