// Sessions on a real database: tokens resolve to their user until they expire or are revoked.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import { createSessionStore, hashToken, SESSION_DAYS } from './sessions';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let database: DatabaseHandle;
let userId: number;
let otherUserId: number;
let clock = new Date('2026-01-01T00:00:00Z');
const store = () => createSessionStore({ db: database.db, now: () => clock });

beforeAll(async () => {
  database = await createTestDatabase();
  const [a, b] = await database.db
    .insert(users)
    .values([
      { email: 's1@example.com', username: 's1' },
      { email: 's2@example.com', username: 's2' },
    ])
    .returning();
  userId = a!.id;
  otherUserId = b!.id;
});

describe('sessions', () => {
  it('resolves a new token to its user and stores only the hash', async () => {
    const { token, expiresAt } = await store().create(userId, 'USER');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(expiresAt.getTime() - clock.getTime()).toBe(SESSION_DAYS * DAY);
    expect((await store().resolve(token))?.userId).toBe(userId);
    const rows = await database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('refuses unknown and expired tokens', async () => {
    expect(await store().resolve('not-a-token')).toBeNull();
    const { token } = await store().create(userId, 'USER');
    clock = new Date(clock.getTime() + (SESSION_DAYS + 1) * DAY);
    expect(await store().resolve(token)).toBeNull();
  });

  it('slides the expiry while the session is used, within its absolute lifetime', async () => {
    const longLived = createSessionStore({ db: database.db, now: () => clock, maxHours: { USER: 90 * 24, ADMIN: 12 } });
    const { token, expiresAt } = await longLived.create(userId, 'USER');
    clock = new Date(clock.getTime() + 20 * DAY);
    const resolved = await longLived.resolve(token);
    expect(resolved!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    clock = new Date(clock.getTime() + 20 * DAY); // 40 days after creation, 20 after last use
    expect((await longLived.resolve(token))?.userId).toBe(userId);
  });

  it('ends a USER session 30 days after sign-in, however often it is used', async () => {
    const created = clock.getTime();
    const { token } = await store().create(userId, 'USER');
    for (let day = 1; day < 30; day += 1) {
      clock = new Date(created + day * DAY);
      const resolved = await store().resolve(token);
      expect(resolved?.userId, `day ${day}`).toBe(userId);
      expect(resolved!.expiresAt.getTime()).toBeLessThanOrEqual(created + 30 * DAY);
    }
    clock = new Date(created + 30 * DAY);
    expect(await store().resolve(token)).toBeNull();
  });

  it('ends an ADMIN session 12 hours after sign-in, and the lifetimes are settings', async () => {
    const created = clock.getTime();
    const { token, expiresAt } = await store().create(userId, 'ADMIN');
    expect(expiresAt.getTime()).toBe(created + 12 * HOUR);
    await database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, userId));
    clock = new Date(created + 11 * HOUR);
    expect((await store().resolve(token))?.role).toBe('ADMIN');
    clock = new Date(created + 12 * HOUR);
    expect(await store().resolve(token)).toBeNull();
    await database.db.update(users).set({ role: 'USER' }).where(eq(users.id, userId));

    const short = createSessionStore({ db: database.db, now: () => clock, maxHours: { USER: 2, ADMIN: 1 } });
    const session = await short.create(userId, 'USER');
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect(await short.resolve(session.token)).toBeNull();
  });

  it('revokes one session, or all of a user', async () => {
    const one = await store().create(userId, 'USER');
    const two = await store().create(userId, 'USER');
    const other = await store().create(otherUserId, 'USER');
    await store().revoke(one.token);
    expect(await store().resolve(one.token)).toBeNull();
    expect((await store().resolve(two.token))?.userId).toBe(userId);
    await store().revokeAllFor(userId);
    expect(await store().resolve(two.token)).toBeNull();
    expect((await store().resolve(other.token))?.userId).toBe(otherUserId);
  });

  it('refuses the sessions of a deactivated account', async () => {
    const { token } = await store().create(otherUserId, 'USER');
    expect((await store().resolve(token))?.role).toBe('USER');
    await database.db.update(users).set({ active: false }).where(eq(users.id, otherUserId));
    expect(await store().resolve(token)).toBeNull();
    await database.db.update(users).set({ active: true }).where(eq(users.id, otherUserId));
  });

  it('deletes expired sessions', async () => {
    await store().create(otherUserId, 'USER');
    clock = new Date(clock.getTime() + (SESSION_DAYS + 1) * DAY);
    expect(await store().deleteExpired()).toBeGreaterThan(0);
    expect(await database.db.select().from(sessions)).toEqual([]);
  });

  describe('kept in memory', () => {
    it('answers from memory without the database, until the cache time runs out', async () => {
      const cached = store();
      const { token } = await cached.create(userId, 'USER');
      expect((await cached.resolve(token))?.userId).toBe(userId);
      // Deleted behind the store's back: memory still answers, a store without a cache does not.
      await database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect((await cached.resolve(token))?.userId).toBe(userId);
      const uncached = createSessionStore({ db: database.db, now: () => clock, cacheTtlMs: 0 });
      expect(await uncached.resolve(token)).toBeNull();
      const brief = createSessionStore({ db: database.db, now: () => clock, cacheTtlMs: 1 });
      const other = await brief.create(userId, 'USER');
      await brief.resolve(other.token);
      await database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(other.token)));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await brief.resolve(other.token)).toBeNull();
    });

    it('forgets at once what a logout, a revoke of all or an account change ends', async () => {
      const cached = store();
      const one = await cached.create(userId, 'USER');
      const two = await cached.create(userId, 'USER');
      const three = await cached.create(userId, 'USER');
      for (const { token } of [one, two, three]) expect(await cached.resolve(token)).not.toBeNull();
      await cached.revoke(one.token);
      expect(await cached.resolve(one.token)).toBeNull();
      await cached.revokeAllFor(userId);
      expect(await cached.resolve(two.token)).toBeNull();

      const four = await cached.create(userId, 'USER');
      expect((await cached.resolve(four.token))?.role).toBe('USER');
      await database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, userId));
      cached.forgetUser(userId);
      expect((await cached.resolve(four.token))?.role).toBe('ADMIN');
      await database.db.update(users).set({ role: 'USER' }).where(eq(users.id, userId));
      cached.forgetUser(userId);
    });

    it('does not keep a session that a logout ended while it was being read', async () => {
      const cached = store();
      const { token } = await cached.create(userId, 'USER');
      // The read starts before the logout and finishes after it.
      const racing = cached.resolve(token);
      await cached.revoke(token);
      await racing;
      expect(await cached.resolve(token)).toBeNull();
    });
  });
});

describe('a session named by its token hash (what page addresses check)', () => {
  it('is live with its account and role, without sliding its expiry or marking the account seen', async () => {
    const live = store();
    const { token, expiresAt } = await live.create(userId, 'USER');
    const [before] = await database.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, userId));
    // A day later `resolve` would slide the expiry; `live` only reads.
    clock = new Date(clock.getTime() + DAY);
    expect(await live.live(hashToken(token))).toEqual({ userId, role: 'USER', expiresAt });
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.expiresAt).toEqual(expiresAt);
    const [after] = await database.db.select({ seen: users.lastSeenAt }).from(users).where(eq(users.id, userId));
    expect(after!.seen).toEqual(before!.seen);
    // The token itself is no name: its hash is.
    expect(await live.live(token)).toBeNull();
  });

  it('is not live when unknown, expired, past its absolute lifetime or deactivated', async () => {
    expect(await store().live(hashToken('never-issued'))).toBeNull();
    const expiring = await store().create(userId, 'USER');
    clock = new Date(clock.getTime() + (SESSION_DAYS + 1) * DAY);
    expect(await store().live(hashToken(expiring.token))).toBeNull();

    const short = createSessionStore({ db: database.db, now: () => clock, maxHours: { USER: 2, ADMIN: 1 } });
    const brief = await short.create(userId, 'USER');
    expect(await short.live(hashToken(brief.token))).not.toBeNull();
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect(await short.live(hashToken(brief.token))).toBeNull();

    const { token } = await store().create(otherUserId, 'USER');
    await database.db.update(users).set({ active: false }).where(eq(users.id, otherUserId));
    expect(await store().live(hashToken(token))).toBeNull();
    await database.db.update(users).set({ active: true }).where(eq(users.id, otherUserId));
  });

  it('answers from memory, and stops at once when a logout, a revoke of all or an account change ends it', async () => {
    const cached = store();
    const one = await cached.create(userId, 'USER');
    const two = await cached.create(userId, 'USER');
    const three = await cached.create(userId, 'USER');
    for (const { token } of [one, two, three]) expect(await cached.live(hashToken(token))).not.toBeNull();
    // Deleted behind the store's back: memory still answers (no query per page image).
    await database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(three.token)));
    expect(await cached.live(hashToken(three.token))).not.toBeNull();

    await cached.revoke(one.token);
    expect(await cached.live(hashToken(one.token))).toBeNull();
    expect(await cached.live(hashToken(two.token))).not.toBeNull();
    await cached.revokeAllFor(userId);
    expect(await cached.live(hashToken(two.token))).toBeNull();

    const four = await cached.create(userId, 'USER');
    expect((await cached.live(hashToken(four.token)))?.role).toBe('USER');
    await database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, userId));
    await cached.forgetUser(userId);
    expect((await cached.live(hashToken(four.token)))?.role).toBe('ADMIN');
    await database.db.update(users).set({ role: 'USER' }).where(eq(users.id, userId));
    await cached.forgetUser(userId);
  });

  it('makes one query for a burst of requests that miss the memory together', async () => {
    const cached = store();
    const { token } = await cached.create(userId, 'USER');
    const burst = await Promise.all(Array.from({ length: 20 }, () => cached.live(hashToken(token))));
    // One row read (one Date object shared by every answer), not twenty.
    expect(new Set(burst.map((session) => session!.expiresAt)).size).toBe(1);
    // A read begun before a logout is not shared with the requests after it.
    const racing = cached.live(hashToken(token));
    await cached.revoke(token);
    expect(await cached.live(hashToken(token))).toBeNull();
    await racing;
    expect(await cached.live(hashToken(token))).toBeNull();
  });
});
