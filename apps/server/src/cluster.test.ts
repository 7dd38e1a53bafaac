// Two app instances on one database and one Redis, as a load balancer would run them: they
// share the attempt limits (the login brakes and their known devices included), and a write on one reaches the other's caches within a second.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAddress } from '@comics/shared/page-address';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';
import { emailOutbox } from './db/schema/outbox';
import { PREVIEW_PAGES, type IssuePagesAnswer, type ReadingAccess } from '@comics/shared/schemas/reader';
import {
  bearer,
  createAccount,
  createTestDatabase,
  grantPurchase,
  loginToken,
  seededIssues,
  testConfig,
} from '../test/helpers';
import { createRedisBus } from './platform/cluster/bus-redis';
import { createSessionStore } from './modules/auth/sessions';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
// Keys and channels of this run only: other test files share the Redis.
const REDIS_KEY_PREFIX = `test-${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  database = await createTestDatabase();
  const shared = { REDIS_URL, REDIS_KEY_PREFIX };
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
  it('count failed sign-ins together: the 11th for one e-mail is refused whichever answers', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong-password' } });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a : b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('let the owner’s known browser in on either while the account is braked, and e-mail the owner once', async () => {
    const owner = await createAccount(database);
    const ip = '203.0.113.50';
    const attempt = (app: FastifyInstance, password: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: owner.email, password },
        remoteAddress: ip,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    // Signed in once on a: b knows the browser too (the key is in the database).
    const first = await a.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '198.51.100.50',
    });
    const cookie = [first.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('known_device='))!;
    const device = cookie.split(';')[0]!;

    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a : b, 'wrong-password')).statusCode).toBe(401);
    expect((await attempt(a, owner.password)).statusCode).toBe(429);
    expect((await attempt(b, owner.password)).statusCode).toBe(429);
    expect((await attempt(b, owner.password, device)).statusCode).toBe(200);
    // The device's own budget is counted together too.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a : b, 'wrong-password', device)).statusCode).toBe(401);
    expect((await attempt(a, owner.password, device)).statusCode).toBe(429);
    expect((await attempt(b, owner.password, device)).statusCode).toBe(429);

    const notices = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, owner.email));
    await withinOneSecond(notices, (rows) => rows.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notices()).toHaveLength(1);
  });

  it('count an address’s failed sign-ins together', async () => {
    const attempt = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: `guess-${n}-${randomBytes(3).toString('hex')}@example.com`, password: 'wrong-password' },
        remoteAddress: '203.0.113.51',
      });
    // Sign-ins that succeed are not counted (a busy office shares one address)…
    const colleague = await createAccount(database);
    for (let n = 0; n < 4; n++) {
      const res = await (n % 2 ? a : b).inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: colleague.email, password: colleague.password },
        remoteAddress: '203.0.113.51',
      });
      expect(res.statusCode).toBe(200);
    }
    // …failures are, on both instances together: AUTH_RATE_LIMIT_PER_IP's default, 30 a minute.
    for (let n = 0; n < 30; n++) expect((await attempt(n % 2 ? a : b, n)).statusCode).toBe(401);
    expect((await attempt(a, 30)).statusCode).toBe(429);
    expect((await attempt(b, 31)).statusCode).toBe(429);
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

describe('page addresses on two instances', () => {
  /** Page 4 of the issue through the address the session's access on `a` gave, asked of `app`. */
  async function pageOn(app: FastifyInstance, token: string, issueId: number) {
    const access = await a.inject({ method: 'GET', url: `/api/user/reading/${issueId}`, headers: bearer(token) });
    const pageToken = access.json<ReadingAccess>().token;
    expect(pageToken, access.body).toEqual(expect.any(String));
    const pages = (await a.inject({ method: 'GET', url: `/api/issues/${issueId}/pages` })).json<IssuePagesAnswer>();
    const url = `${pageAddress(pages.pagesBase, PREVIEW_PAGES + 1, 320)}?t=${encodeURIComponent(pageToken!)}`;
    return async () => (await app.inject({ method: 'GET', url })).statusCode;
  }

  async function owner(issue: { id: number; priceCents: number }) {
    const account = await signIn();
    const orderId = await grantPurchase(database, account.id, issue);
    return { ...account, orderId };
  }

  it('stop opening pages on the other instance as soon as their session logs out on one', async () => {
    const [, , issue] = await seededIssues(database, 3);
    const reader = await owner(issue!);
    const page = await pageOn(b, reader.token, issue!.id);
    // b knows the session and the ownership now.
    expect(await page()).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(reader.token) });
    expect(logout.statusCode).toBe(204);
    // No polling: the logout answered after the other instance was told.
    expect(await page()).toBe(403);
  });

  it('stop opening pages on the other instance within a second after an admin takes the purchase back on one', async () => {
    const [, , , issue] = await seededIssues(database, 4);
    const admin = await signIn('ADMIN');
    const reader = await owner(issue!);
    const page = await pageOn(b, reader.token, issue!.id);
    expect(await page()).toBe(200);
    const takeBack = await a.inject({
      method: 'POST',
      url: `/api/admin/orders/${reader.orderId}/take-back`,
      headers: bearer(admin.token),
    });
    expect(takeBack.statusCode, takeBack.body).toBe(200);
    await withinOneSecond(page, (status) => status === 403);
    // My comics on b no longer lists it either.
    await withinOneSecond(
      () => b.inject({ method: 'GET', url: `/api/shop/cart/${reader.id}/comprado`, headers: bearer(reader.token) }),
      (res) => res.json<unknown[]>().length === 0,
    );
  });

  it("stop opening pages on both when every session of the account ends elsewhere (a password change's revokeAllFor)", async () => {
    const [, , , , issue] = await seededIssues(database, 5);
    const reader = await owner(issue!);
    const onA = await pageOn(a, reader.token, issue!.id);
    const onB = await pageOn(b, reader.token, issue!.id);
    expect([await onA(), await onB()]).toEqual([200, 200]);
    // A third instance, as the password reset runs it: its store tells the others through the bus.
    const bus = await createRedisBus({ url: REDIS_URL, prefix: REDIS_KEY_PREFIX, instanceId: 'c', log: a.log });
    try {
      const sessions = createSessionStore({
        db: database.db,
        onForget: (forgotten) => bus.publish('sessions', forgotten, { acknowledged: true }),
      });
      await sessions.revokeAllFor(reader.id);
    } finally {
      await bus.close();
    }
    expect([await onA(), await onB()]).toEqual([403, 403]);
  });
});

describe('reading apps on two instances', () => {
  const basicAuth = (email: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
  });

  async function appReader(issue: { id: number; priceCents: number }) {
    const account = await signIn();
    await grantPurchase(database, account.id, issue);
    const made = await a.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: bearer(account.token),
      payload: { name: 'Tablet' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const app = basicAuth(account.email, made.json<{ password: string }>().password);
    return { ...account, app, appPasswordId: made.json<{ id: number }>().id };
  }

  it('refuse an app password on the other instance as soon as it is revoked on one', async () => {
    const [, , , , , issue] = await seededIssues(database, 6);
    const reader = await appReader(issue!);
    const feedOnB = async () =>
      (await b.inject({ method: 'GET', url: '/opds/v2/catalog', headers: reader.app })).statusCode;
    // b remembers the app password now.
    expect(await feedOnB()).toBe(200);
    const revoke = await a.inject({
      method: 'DELETE',
      url: `/api/user/app-passwords/${reader.appPasswordId}`,
      headers: bearer(reader.token),
    });
    expect(revoke.statusCode).toBe(204);
    // No polling: the revocation answered after the other instance was told.
    expect(await feedOnB()).toBe(401);
  });

  it("show the place read in the app on one instance in the other's kept feeds within a second", async () => {
    const [, , , , , , issue] = await seededIssues(database, 7);
    const reader = await appReader(issue!);
    const lastReadOnB = async () => {
      const feed = await b.inject({ method: 'GET', url: '/opds/v1.2/library', headers: reader.app });
      return /pse:lastRead="(\d+)"/.exec(feed.body)?.[1];
    };
    // b keeps the feed now: nothing read.
    expect(await lastReadOnB()).toBeUndefined();
    const page = await a.inject({ method: 'GET', url: `/opds/pse/${issue!.id}/3`, headers: reader.app });
    expect(page.statusCode).toBe(200);
    await withinOneSecond(lastReadOnB, (lastRead) => lastRead === '4');
  });
});
