// Sessions on a real database: tokens resolve to their user until they expire or are revoked.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import { createSessionStore, hashToken, SESSION_DAYS } from './sessions';

const DAY = 24 * 60 * 60 * 1000;
let database: DatabaseHandle;
let userId: number;
let otherUserId: number;
let clock = new Date('2026-01-01T00:00:00Z');
const store = () => createSessionStore(database.db, () => clock);

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
    const { token, expiresAt } = await store().create(userId);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(expiresAt.getTime() - clock.getTime()).toBe(SESSION_DAYS * DAY);
    expect((await store().resolve(token))?.userId).toBe(userId);
    const rows = await database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('refuses unknown and expired tokens', async () => {
    expect(await store().resolve('not-a-token')).toBeNull();
    const { token } = await store().create(userId);
    clock = new Date(clock.getTime() + (SESSION_DAYS + 1) * DAY);
    expect(await store().resolve(token)).toBeNull();
  });

  it('slides the expiry while the session is used', async () => {
    const { token, expiresAt } = await store().create(userId);
    clock = new Date(clock.getTime() + 20 * DAY);
    const resolved = await store().resolve(token);
    expect(resolved!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    clock = new Date(clock.getTime() + 20 * DAY); // 40 days after creation, 20 after last use
    expect((await store().resolve(token))?.userId).toBe(userId);
  });

  it('revokes one session, or all of a user', async () => {
    const one = await store().create(userId);
    const two = await store().create(userId);
    const other = await store().create(otherUserId);
    await store().revoke(one.token);
    expect(await store().resolve(one.token)).toBeNull();
    expect((await store().resolve(two.token))?.userId).toBe(userId);
    await store().revokeAllFor(userId);
    expect(await store().resolve(two.token)).toBeNull();
    expect((await store().resolve(other.token))?.userId).toBe(otherUserId);
  });

  it('refuses the sessions of a deactivated account', async () => {
    const { token } = await store().create(otherUserId);
    expect((await store().resolve(token))?.role).toBe('USER');
    await database.db.update(users).set({ active: false }).where(eq(users.id, otherUserId));
    expect(await store().resolve(token)).toBeNull();
    await database.db.update(users).set({ active: true }).where(eq(users.id, otherUserId));
  });

  it('deletes expired sessions', async () => {
    await store().create(otherUserId);
    clock = new Date(clock.getTime() + (SESSION_DAYS + 1) * DAY);
    expect(await store().deleteExpired()).toBeGreaterThan(0);
    expect(await database.db.select().from(sessions)).toEqual([]);
  });
});
