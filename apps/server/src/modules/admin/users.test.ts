// Administrators' account management on a real database: the users list (search by e-mail or
// username, pages, the total header, never a hash), role and activation changes with their
// guards (your own account, the last active administrator, also when two administrators demote
// each other at the same moment), sessions that end at once, and when accounts were last seen.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { TOTAL_COUNT_HEADER, type AdminUser } from '@comics/shared/schemas/admin';
import {
  bearer,
  buildTestApp,
  createAccount,
  loginToken,
  sessionCookie,
  signedInUser,
  type TestApp,
} from '../../../test/helpers';
import { sessions, users } from '../../db/schema/users';
import { createAccountRepository } from '../auth/repository';
import { createAccountService } from '../auth/service';
import { createSessionStore } from '../auth/sessions';
import { createAdminRepository } from './repository';
import { adminMessages, createAdminService } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  admin = await signedInUser(t, 'ADMIN');
});

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/me', headers });
const listUsers = (query: string) => admin.call('GET', `/api/admin/users${query}`);

/** Leaves `keep` as the only active administrators (others are deactivated behind the API's back). */
async function onlyActiveAdmins(keep: number[]) {
  await t.database.db
    .update(users)
    .set({ active: false })
    .where(and(eq(users.role, 'ADMIN'), notInArray(users.id, keep)));
}

async function activeAdminIds(among: number[]) {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.active, true), inArray(users.id, among)));
  return rows.map((row) => row.id);
}

describe('GET /api/admin/users', () => {
  const marker = `qx${Date.now().toString(36)}`;
  const matching: number[] = [];

  beforeAll(async () => {
    for (const username of [`Ann ${marker}`, `${marker.toUpperCase()} Bo`, 'Unrelated', `Cy-${marker}-z`]) {
      const account = await createAccount(t.database, { username });
      if (username !== 'Unrelated') matching.push(account.id);
    }
    // One matching by e-mail only.
    const byEmail = await createAccount(t.database, { username: 'Dee' });
    await t.database.db
      .update(users)
      .set({ email: `dee.${marker}@Example.com` })
      .where(eq(users.id, byEmail.id));
    matching.push(byEmail.id);
  });

  it('answers accounts by id in the admin shape, never a hash, the total in the header', async () => {
    const res = await listUsers('');
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminUser[]>();
    const ids = list.map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(6);
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['active', 'email', 'id', 'rol', 'username']);
    expect(res.body).not.toMatch(/scrypt|hash|password/i);
    expect(list.find((user) => user.id === admin.id)).toEqual({
      id: admin.id,
      email: admin.email,
      username: admin.username,
      rol: 'ADMIN',
      active: true,
    });
  });

  it('finds the text anywhere in the e-mail or username, in any letter case', async () => {
    const res = await listUsers(`?q=${marker.toUpperCase()}`);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(res.json<AdminUser[]>().map((user) => user.id)).toEqual(matching);
    const byEmail = await listUsers(`?q=${encodeURIComponent(`DEE.${marker}@`)}`);
    expect(byEmail.json<AdminUser[]>().map((user) => user.id)).toEqual([matching[3]]);
  });

  it('pages through the matches', async () => {
    const second = await listUsers(`?q=${marker}&page=2&limit=3`);
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(second.json<AdminUser[]>().map((user) => user.id)).toEqual([matching[3]]);
    const beyond = await listUsers(`?q=${marker}&page=3&limit=3`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers[TOTAL_COUNT_HEADER]).toBe('4');
  });

  it('takes wildcards literally and a blank search as none', async () => {
    for (const wildcard of ['%', '_', '\\']) {
      const res = await listUsers(`?q=${encodeURIComponent(wildcard)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers[TOTAL_COUNT_HEADER], wildcard).toBe('0');
    }
    const blank = await listUsers('?q=%20%20');
    expect(blank.headers[TOTAL_COUNT_HEADER]).toBe((await listUsers('')).headers[TOTAL_COUNT_HEADER]);
  });

  it('refuses bad paging and an overlong search with the fields named', async () => {
    const res = await listUsers(`?page=0&limit=101&q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      page: 'Must be a page number',
      limit: 'Must be 1 to 100',
      q: 'At most 100 characters',
    });
  });
});

describe('role and activation changes', () => {
  const put = (url: string, payload: object) => admin.call('PUT', url, payload);

  it("ends the target's sessions at once, also those the server holds in memory", async () => {
    for (const change of [
      { url: '/api/admin/users/rol', payload: { rol: 'ADMIN' } },
      { url: '/api/admin/users/active', payload: { active: false } },
    ]) {
      const target = await createAccount(t.database);
      const token = await loginToken(t.app, target.email, target.password);
      // Read once, so the session store keeps the session in memory.
      expect((await me(bearer(token))).statusCode).toBe(200);
      expect((await me(sessionCookie(token))).statusCode).toBe(200);
      const res = await put(change.url, { id_user: target.id, ...change.payload });
      expect(res.statusCode).toBe(200);
      expect((await me(bearer(token))).statusCode).toBe(401);
      const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, target.id));
      expect(left).toEqual([]);
    }
  });

  it('answers the changed account in the admin shape', async () => {
    const target = await createAccount(t.database);
    const promoted = await put('/api/admin/users/rol', { id_user: target.id, rol: 'ADMIN' });
    expect(promoted.json()).toEqual({
      id: target.id,
      email: target.email,
      username: target.username,
      rol: 'ADMIN',
      active: true,
    });
    const deactivated = await put('/api/admin/users/active', { id_user: target.id, active: false });
    expect(deactivated.json()).toMatchObject({ rol: 'ADMIN', active: false });
  });

  it("refuses an administrator's change to their own account", async () => {
    for (const [url, payload] of [
      ['/api/admin/users/rol', { id_user: admin.id, rol: 'USER' }],
      ['/api/admin/users/active', { id_user: admin.id, active: false }],
    ] as const) {
      const res = await put(url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: ERROR_CODES.ownAccount, error: adminMessages.ownAccount });
    }
    expect((await me(admin.headers)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    const res = await put('/api/admin/users/rol', { id_user: 2_000_000_000, rol: 'USER' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.notFound);
  });

  it('never demotes or deactivates the last active administrator', async () => {
    const last = await createAccount(t.database, { role: 'ADMIN' });
    const stale = await signedInUser(t, 'ADMIN');
    await onlyActiveAdmins([last.id, stale.id]);
    // `stale` reads once (its session is now held in memory), then another instance demotes it:
    // for a few seconds this server still takes it for an administrator.
    expect((await stale.call('GET', '/api/admin/users?limit=1')).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, stale.id));
    for (const [url, payload] of [
      ['/api/admin/users/rol', { id_user: last.id, rol: 'USER' }],
      ['/api/admin/users/active', { id_user: last.id, active: false }],
    ] as const) {
      const res = await stale.call('PUT', url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: ERROR_CODES.lastAdmin, error: adminMessages.lastAdmin });
    }
    expect(await activeAdminIds([last.id])).toEqual([last.id]);

    // The rule holds whoever asks (here the service directly, as a script would).
    const service = createAdminService({
      repository: createAdminRepository(t.database.db),
      accounts: createAccountService({
        repository: createAccountRepository(t.database.db),
        sessions: createSessionStore({ db: t.database.db }),
      }),
    });
    await expect(service.setActive(stale.id, last.id, false)).rejects.toMatchObject({ code: ERROR_CODES.lastAdmin });
    // Promoting someone else, or changing a USER, is never refused; then the old one may go.
    const other = await createAccount(t.database);
    await service.setActive(stale.id, other.id, false);
    await service.setRole(stale.id, other.id, 'ADMIN');
    await service.setActive(stale.id, other.id, true);
    await expect(service.setRole(stale.id, last.id, 'USER')).resolves.toMatchObject({ rol: 'USER' });
    await expect(service.setRole(stale.id, other.id, 'USER')).rejects.toMatchObject({ code: ERROR_CODES.lastAdmin });
    // Restore the file's administrator for the tests that follow.
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, admin.id));
  });

  it('keeps an active administrator when two demote or deactivate each other at the same moment', async () => {
    const service = createAdminService({
      repository: createAdminRepository(t.database.db),
      accounts: createAccountService({
        repository: createAccountRepository(t.database.db),
        sessions: createSessionStore({ db: t.database.db }),
      }),
    });
    for (let round = 0; round < 6; round++) {
      const first = await signedInUser(t, 'ADMIN');
      const second = await signedInUser(t, 'ADMIN');
      await onlyActiveAdmins([first.id, second.id]);
      const demote = { url: '/api/admin/users/rol', payload: (id: number) => ({ id_user: id, rol: 'USER' }) };
      const deactivate = { url: '/api/admin/users/active', payload: (id: number) => ({ id_user: id, active: false }) };
      const [firstChange, secondChange] = round % 2 === 0 ? [demote, demote] : [demote, deactivate];
      // Through the API: each request may also find its own session already ended (401).
      const answers = await Promise.all([
        first.call('PUT', firstChange.url, firstChange.payload(second.id)),
        second.call('PUT', secondChange.url, secondChange.payload(first.id)),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses[0], JSON.stringify(answers.map((res) => res.json()))).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await activeAdminIds([first.id, second.id])).toHaveLength(1);

      // Through the service: both changes certainly reach the database together.
      const third = await createAccount(t.database, { role: 'ADMIN' });
      const fourth = await createAccount(t.database, { role: 'ADMIN' });
      await onlyActiveAdmins([third.id, fourth.id]);
      const results = await Promise.allSettled([
        service.setRole(third.id, fourth.id, 'USER'),
        round % 2 === 0 ? service.setRole(fourth.id, third.id, 'USER') : service.setActive(fourth.id, third.id, false),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toMatchObject({ statusCode: 409, code: ERROR_CODES.lastAdmin });
      expect(await activeAdminIds([third.id, fourth.id])).toHaveLength(1);
    }
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, admin.id));
  });
});

describe('last seen', () => {
  const longAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  const lastSeen = async (id: number) =>
    (await t.database.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]!.at;
  const recently = (at: Date | null) => at !== null && Date.now() - at.getTime() < 60_000;

  it('is set when a session opens', async () => {
    const account = await createAccount(t.database);
    expect(await lastSeen(account.id)).toBeNull();
    await loginToken(t.app, account.email, account.password);
    expect(recently(await lastSeen(account.id))).toBe(true);
  });

  it("is written with the session's sliding expiry, not on every request", async () => {
    const account = await createAccount(t.database);
    const token = await loginToken(t.app, account.email, account.password);
    await t.database.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, account.id));
    // A session just opened does not slide: the request writes nothing.
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect(await lastSeen(account.id)).toEqual(longAgo);

    const other = await createAccount(t.database);
    const otherToken = await loginToken(t.app, other.email, other.password);
    await t.database.db.update(users).set({ lastSeenAt: longAgo }).where(eq(users.id, other.id));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, other.id));
    expect((await me(bearer(otherToken))).statusCode).toBe(200);
    expect(recently(await lastSeen(other.id))).toBe(true);
  });
});
