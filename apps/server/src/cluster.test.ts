// Two app instances on one database and one Redis, as a load balancer would run them: they
// share the attempt limits, and a write on one reaches the other's caches within a second.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';
import { bearer, createAccount, createTestDatabase, loginToken, seededIssues, testConfig } from '../test/helpers';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // Keys and channels of this run only: other test files share the Redis.
  const shared = { REDIS_URL, REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:` };
  a = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'a' }), database });
  b = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'b' }), database });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** Polls `read` until `done` holds, for at most a second; answers how long it took. */
async function withinOneSecond<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - started;
    if (performance.now() - started > 1_000) throw new Error('not seen within one second');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const cartOf = (app: FastifyInstance, userId: number, token: string) =>
  app.inject({ method: 'GET', url: `/api/shop/cart/${userId}/carrito`, headers: bearer(token) });

async function signIn(role: 'USER' | 'ADMIN' = 'USER') {
  const account = await createAccount(database, { role });
  return { ...account, token: await loginToken(a, account.email, account.password) };
}

describe('two instances', () => {
  it('count sign-in attempts together: the 11th for one e-mail is refused whichever answers', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong-password' } });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a : b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('refuse a session on the other instance as soon as it logs out on one', async () => {
    const user = await signIn();
    // Both have the session in memory now.
    expect((await cartOf(a, user.id, user.token)).statusCode).toBe(200);
    expect((await cartOf(b, user.id, user.token)).statusCode).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(user.token) });
    expect(logout.statusCode).toBeLessThan(300);
    // No polling: the logout answered after the other instance was told.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cartOf(b, user.id, user.token)).statusCode).toBe(401);
  });

  it('end a deactivated account’s session and apply a role change on the other instance within a second', async () => {
    const admin = await signIn('ADMIN');
    const user = await signIn();
    expect((await cartOf(b, user.id, user.token)).statusCode).toBe(200);
    const me = () => b.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
    expect((await me()).json<{ Rol: string }>().Rol).toBe('USER');

    const promote = await a.inject({
      method: 'PUT',
      url: '/api/admin/users/rol',
      headers: bearer(admin.token),
      payload: { id_user: user.id, rol: 'ADMIN' },
    });
    expect(promote.statusCode).toBe(200);
    // A role change ends the account's sessions.
    await withinOneSecond(me, (res) => res.statusCode === 401);

    const other = await signIn();
    expect((await cartOf(b, other.id, other.token)).statusCode).toBe(200);
    const deactivate = await a.inject({
      method: 'PUT',
      url: '/api/admin/users/active',
      headers: bearer(admin.token),
      payload: { id_user: other.id, active: false },
    });
    expect(deactivate.statusCode).toBe(200);
    await withinOneSecond(
      () => cartOf(b, other.id, other.token),
      (res) => res.statusCode === 401,
    );
  });

  it("show an admin's price change in the other instance's cached answers and carts within a second", async () => {
    const [issue] = await seededIssues(database, 1);
    const admin = await signIn('ADMIN');
    const user = await signIn();
    const add = await b.inject({
      method: 'POST',
      url: '/api/shop/cart',
      headers: bearer(user.token),
      payload: { comic: issue!.id, userId: user.id },
    });
    expect(add.statusCode).toBe(200);
    type Line = { id: number; price: number };
    const issuesOnB = () => b.inject({ method: 'GET', url: `/api/comics/issues/${issue!.volumeId}` });
    const priceOn = (lines: Line[]) => lines.find((line) => line.id === issue!.id)?.price;
    // Cached on b before the edit.
    const before = priceOn((await issuesOnB()).json<Line[]>());
    expect(priceOn((await cartOf(b, user.id, user.token)).json<Line[]>())).toBe(before);

    const newPrice = before === 7.77 ? 8.88 : 7.77;
    const edit = await a.inject({
      method: 'PATCH',
      url: `/api/admin/issues/${issue!.id}`,
      headers: bearer(admin.token),
      payload: { price: newPrice },
    });
    expect(edit.statusCode).toBe(200);
    await withinOneSecond(issuesOnB, (res) => priceOn(res.json<Line[]>()) === newPrice);
    await withinOneSecond(
      () => cartOf(b, user.id, user.token),
      (res) => priceOn(res.json<Line[]>()) === newPrice,
    );
  });

  it("show a cart change made on one instance in the other's cached cart within a second", async () => {
    const [first, second] = await seededIssues(database, 2);
    const user = await signIn();
    const put = (app: FastifyInstance, issueId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/shop/cart',
        headers: bearer(user.token),
        payload: { comic: issueId, userId: user.id },
      });
    expect((await put(b, first!.id)).statusCode).toBe(200);
    expect((await cartOf(b, user.id, user.token)).json<unknown[]>()).toHaveLength(1);
    expect((await put(a, second!.id)).statusCode).toBe(200);
    await withinOneSecond(
      () => cartOf(b, user.id, user.token),
      (res) => res.json<unknown[]>().length === 2,
    );
  });

  it('resume a reader on the other instance at the page they saved on one, within a second', async () => {
    const [issue] = await seededIssues(database, 1);
    // Administrators may read (and keep their place in) every issue: no purchase needed.
    const reader = await signIn('ADMIN');
    const save = (page: number) =>
      a.inject({
        method: 'PUT',
        url: `/api/user/reading/${issue!.id}`,
        headers: bearer(reader.token),
        payload: { page },
      });
    const savedPageOnB = async () =>
      (await b.inject({ method: 'GET', url: `/api/user/reading/${issue!.id}`, headers: bearer(reader.token) })).json<{
        progress: { page: number } | null;
      }>().progress?.page;
    expect((await save(2)).statusCode).toBe(200);
    expect(await savedPageOnB()).toBe(2);
    expect((await save(5)).statusCode).toBe(200);
    await withinOneSecond(savedPageOnB, (page) => page === 5);
  });
});
