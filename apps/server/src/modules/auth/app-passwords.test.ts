// App passwords on a real database (issue 27): made, listed and revoked on the account page (the
// secret shown once, stored hashed), and used by a reading app with HTTP Basic on a reading-app
// route (a throwaway one behind the auth module's own guard): who it signs in, what refuses it at
// once (revocation, deactivation, a password reset, a Google take-over), the 401 that tells an app
// how to sign in, the per-IP brake that never stops a right app password, and the shop's own
// routes, which Basic never opens.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPasswordMessages, MAX_APP_PASSWORDS } from '@comics/shared/schemas/app-passwords';
import {
  bearer,
  buildTestApp,
  createAccount,
  createTestDatabase,
  signedInUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { afterFile } from '../../../test/file-cleanups';
import { appPasswords } from '../../db/schema/app-passwords';
import { passwordResetTokens, users } from '../../db/schema/users';
import { installPlatform, registerModules } from '../../platform/platform';
import { canonicalAppPassword, hashAppPassword } from './app-password-secret';
import { createAppPasswords } from './app-passwords';
import { authModule } from './module';
import { opdsAuthenticationDocument } from './opds-authentication';
import { createPasswordResetRepository } from './password-reset-repository';
import { createSessionStore } from './sessions';

const PUBLIC_URL = 'https://comics.example';
/** Wrong credentials one IP may send a minute here (AUTH_RATE_LIMIT_PER_IP). */
const FAILURES_PER_IP = 3;
const READING_ROUTE = '/reading-app/caller';
/** The same, behind the guard that also lets guests in. */
const OPEN_READING_ROUTE = '/reading-app/open/caller';

let t: TestApp;
let auth: Awaited<ReturnType<typeof authModule>>;
const logLines: string[] = [];

/**
 * The platform and the auth module as app.ts makes them, and one reading-app route behind the
 * module's reading-app guard that answers who is calling.
 */
async function buildReadingApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({
    LOG_LEVEL: 'info',
    PUBLIC_URL,
    AUTH_RATE_LIMIT_PER_IP: String(FAILURES_PER_IP),
  });
  const platform = await installPlatform({ config, database, logStream: { write: (line) => logLines.push(line) } });
  afterFile(() => platform.app.close());
  auth = await authModule(platform, { mail: { wake() {} } });
  const readingApp = {
    rootRoutes: (root: FastifyInstance) =>
      root
        .register(async (scope) => {
          auth.readingAppGuard(scope);
          scope.get(READING_ROUTE, async (request) => request.caller);
        })
        .register(async (scope) => {
          auth.readingAppGuards.anybody(scope);
          scope.get(OPEN_READING_ROUTE, async (request) => ({ caller: request.caller }));
        }),
  };
  await registerModules(platform.app, auth.guard, [auth, readingApp]);
  return { app: platform.app, database };
}

beforeAll(async () => {
  t = await buildReadingApp();
});

/** Each test its own client address, so that no test spends another's per-IP budget. */
let addresses = 0;
const freshIp = () => `198.51.100.${++addresses}`;

const basic = (login: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`,
});

function read(headers: Record<string, string>, ip = freshIp()) {
  return t.app.inject({ method: 'GET', url: READING_ROUTE, headers, remoteAddress: ip });
}

async function makeAppPassword(headers: Record<string, string>, name = 'KOReader on my Kobo') {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/app-passwords', headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; name: string; createdAt: string; lastUsedAt: string | null; password: string }>();
}

const listOf = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/app-passwords', headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }[]>();
};

const revoke = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/app-passwords/${id}`, headers });

/** A user with a session, and an app password of theirs. */
async function readerWithAppPassword() {
  const user = await signedInUser(t);
  return { ...user, appPassword: await makeAppPassword(user.headers) };
}

async function securityEvents(name: string) {
  await t.app.flushLogs();
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security === name);
}

/** The 401 a reading app gets: the Basic challenge and the Authentication for OPDS document. */
function expectChallenge(res: Awaited<ReturnType<typeof read>>) {
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Basic realm="Comics Shop", charset="UTF-8"');
  expect(res.headers['content-type']).toMatch(/^application\/opds-authentication\+json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toEqual(opdsAuthenticationDocument(PUBLIC_URL));
}

describe('making, listing and revoking app passwords', () => {
  it('answers the secret once; the list never shows it and the database keeps only its hash', async () => {
    const user = await signedInUser(t);
    const created = await makeAppPassword(user.headers, '  KOReader on my Kobo  ');
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'KOReader on my Kobo',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastUsedAt: null,
      password: expect.stringMatching(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){6}$/),
    });

    const { password, ...listed } = created;
    expect(await listOf(user.headers)).toEqual([listed]);

    const [row] = await t.database.db.select().from(appPasswords).where(eq(appPasswords.id, created.id));
    const canonical = canonicalAppPassword(password)!;
    expect(row!.secretHash).toBe(hashAppPassword(canonical));
    expect(JSON.stringify(row)).not.toContain(canonical);
    expect(JSON.stringify(row)).not.toContain(password);
    await t.app.flushLogs();
    expect(logLines.join('\n')).not.toContain(password);
    expect(await securityEvents('app_password_created')).toContainEqual(
      expect.objectContaining({ userId: user.id, appPasswordId: created.id }),
    );
  });

  it("lists the caller's own, newest first", async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const first = await makeAppPassword(user.headers, 'Thorium');
    const second = await makeAppPassword(user.headers, 'KOReader');
    await makeAppPassword(other.headers, 'Not yours');
    expect((await listOf(user.headers)).map((item) => item.id)).toEqual([second.id, first.id]);
  });

  it.each([
    ['an empty name', { name: '   ' }, appPasswordMessages.nameRequired],
    ['no name', {}, appPasswordMessages.nameRequired],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, appPasswordMessages.nameTooLong],
  ])('refuses %s with 400 naming the field', async (_, payload, message) => {
    const user = await signedInUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/app-passwords', headers: user.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { name: message } });
    expect(await listOf(user.headers)).toEqual([]);
  });

  it(`keeps at most ${MAX_APP_PASSWORDS} per account, refusing the next with a message at the name`, async () => {
    const user = await signedInUser(t);
    for (let n = 1; n <= MAX_APP_PASSWORDS; n++) await makeAppPassword(user.headers, `App ${n}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: user.headers,
      payload: { name: 'One too many' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      error: appPasswordMessages.tooMany,
      fields: { name: appPasswordMessages.tooMany },
    });
    expect(await listOf(user.headers)).toHaveLength(MAX_APP_PASSWORDS);
    // Five more than the limit asked for at once, by an account with none: exactly the limit is made.
    const racer = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_APP_PASSWORDS + 5 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/app-passwords',
          headers: racer.headers,
          payload: { name: `Race ${n}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_APP_PASSWORDS);
    expect(await listOf(racer.headers)).toHaveLength(MAX_APP_PASSWORDS);
  });

  it("revokes the caller's own (204); another account's or an unknown id is 404 and stays", async () => {
    const owner = await readerWithAppPassword();
    const other = await signedInUser(t);
    expect((await revoke(other.headers, owner.appPassword.id)).statusCode).toBe(404);
    expect((await revoke(owner.headers, 2_000_000_000)).statusCode).toBe(404);
    expect(await listOf(owner.headers)).toHaveLength(1);

    const res = await revoke(owner.headers, owner.appPassword.id);
    expect(res.statusCode).toBe(204);
    expect(await listOf(owner.headers)).toEqual([]);
    expect(await securityEvents('app_password_revoked')).toContainEqual(
      expect.objectContaining({ userId: owner.id, appPasswordId: owner.appPassword.id }),
    );
  });
});

describe('a reading app signing in with an app password', () => {
  it('signs in as its account, by e-mail or username in any case, the secret as shown or typed loosely', async () => {
    const reader = await readerWithAppPassword();
    const { password, id } = reader.appPassword;
    const loose = password.toUpperCase().replaceAll('-', '');
    for (const headers of [
      basic(reader.email, password),
      basic(reader.email.toUpperCase(), password),
      basic(reader.username, loose),
    ]) {
      const res = await read(headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({
        id: reader.id,
        role: 'USER',
        username: reader.username,
        email: reader.email,
        picture: null,
        session: `app-password:${id}`,
      });
    }
  });

  it('is refused with the Basic challenge and the authentication document, as is a request with no credential', async () => {
    const reader = await readerWithAppPassword();
    const stranger = await signedInUser(t);
    const wrongSecret = reader.appPassword.password.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expectChallenge(await read(basic(reader.email, wrongSecret)));
    // The right secret under another account's name.
    expectChallenge(await read(basic(stranger.email, reader.appPassword.password)));
    expectChallenge(await read({}));
    expectChallenge(await read({ authorization: 'Basic not base64!' }));
    expectChallenge(await read({ authorization: `Basic ${Buffer.from('no colon').toString('base64')}` }));
    expect(await securityEvents('login_failed')).toContainEqual(
      expect.objectContaining({ via: 'app-password', login: stranger.email, reason: 'invalid_credentials' }),
    );
  });

  it("never takes the account's own password", async () => {
    const account = await createAccount(t.database, { password: 'my-own-password' });
    expectChallenge(await read(basic(account.email, 'my-own-password')));
    expect(await securityEvents('login_failed')).toContainEqual(
      expect.objectContaining({ login: account.email, reason: 'not_an_app_password' }),
    );
  });

  it('also takes a session, as /api does', async () => {
    const user = await signedInUser(t);
    const res = await read(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, session: expect.not.stringMatching(/^app-password:/) });
  });

  it('is refused from the next request once revoked', async () => {
    const reader = await readerWithAppPassword();
    const credential = basic(reader.email, reader.appPassword.password);
    expect((await read(credential)).statusCode).toBe(200);
    expect((await revoke(reader.headers, reader.appPassword.id)).statusCode).toBe(204);
    expectChallenge(await read(credential));
  });

  it('is refused while the account is deactivated, without counting as a guess', async () => {
    const reader = await readerWithAppPassword();
    const credential = basic(reader.email, reader.appPassword.password);
    const ip = freshIp();
    // Changed as the administrators' screen changes it: the row, then what memory holds of the account.
    const setActive = async (active: boolean) => {
      await t.database.db.update(users).set({ active }).where(eq(users.id, reader.id));
      await auth.accounts.forgetSessions(reader.id);
    };
    expect((await read(credential, ip)).statusCode, 'remembered while active').toBe(200);
    await setActive(false);
    for (let n = 0; n <= FAILURES_PER_IP; n++) expectChallenge(await read(credential, ip));
    expect(await securityEvents('login_failed')).toContainEqual(
      expect.objectContaining({ login: reader.email, reason: 'account_deactivated' }),
    );
    await setActive(true);
    expect((await read(credential, ip)).statusCode).toBe(200);
  });

  it('works for an account that signs in only with Google', async () => {
    const { token, account } = await auth.accounts.signInWithIdentity(
      {
        subject: `google-reader-${Date.now()}`,
        email: `google-reader-${Date.now()}@example.com`,
        name: 'G',
        picture: null,
      },
      'google',
    );
    expect(account.passwordHash).toBeNull();
    const { password } = await makeAppPassword(bearer(token));
    const res = await read(basic(account.email, password));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: account.id });
  });

  it('records when it was last used', async () => {
    const reader = await readerWithAppPassword();
    await t.database.db.update(users).set({ lastSeenAt: null }).where(eq(users.id, reader.id));
    const before = Date.now();
    expect((await read(basic(reader.email, reader.appPassword.password))).statusCode).toBe(200);
    const [listed] = await listOf(reader.headers);
    expect(Date.parse(listed!.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1_000);
    // The account was seen too: the dashboard counts readers who read only in an app.
    const [account] = await t.database.db.select().from(users).where(eq(users.id, reader.id));
    expect(account!.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('writes the last use at most once a minute, however many requests', async () => {
    const reader = await readerWithAppPassword();
    let clock = new Date('2026-12-01T10:00:00Z');
    const service = createAppPasswords({ db: t.database.db, now: () => clock });
    const lastUsed = async () =>
      (await t.database.db.select().from(appPasswords).where(eq(appPasswords.id, reader.appPassword.id)))[0]!
        .lastUsedAt;
    const use = async () => expect((await service.signIn(reader.email, reader.appPassword.password)).ok).toBe(true);

    await use();
    expect(await lastUsed()).toEqual(new Date('2026-12-01T10:00:00Z'));
    clock = new Date('2026-12-01T10:00:59Z');
    await Promise.all([use(), use(), use()]);
    expect(await lastUsed()).toEqual(new Date('2026-12-01T10:00:00Z'));
    clock = new Date('2026-12-01T10:01:00Z');
    await use();
    expect(await lastUsed()).toEqual(new Date('2026-12-01T10:01:00Z'));
  });

  it("is revoked by a password reset, as the account's sessions are", async () => {
    const reader = await readerWithAppPassword();
    const tokenHash = `reset-${reader.id}`;
    await t.database.db
      .insert(passwordResetTokens)
      .values({ tokenHash, userId: reader.id, expiresAt: new Date(Date.now() + 60_000) });
    const reset = await createPasswordResetRepository(t.database.db).reset(
      { tokenHash, passwordHash: 'not used here', at: new Date() },
      (account) => ({ recipient: account.email, subject: 'Your password was changed', textBody: 'Changed.' }),
    );
    expect(reset?.id).toBe(reader.id);
    expectChallenge(await read(basic(reader.email, reader.appPassword.password)));
  });

  it("is revoked when Google's owner of the e-mail takes the account over", async () => {
    const squatter = await readerWithAppPassword();
    const { takenOver } = await auth.accounts.signInWithIdentity(
      { subject: `google-owner-${squatter.id}`, email: squatter.email, name: 'Owner', picture: null },
      'google',
    );
    expect(takenOver).toBe(true);
    expectChallenge(await read(basic(squatter.email, squatter.appPassword.password)));
  });
});

describe('a reading-app route open to guests too', () => {
  const readOpen = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: OPEN_READING_ROUTE, headers, remoteAddress: freshIp() });

  it('lets a request without a credential in as a guest, and one with an app password in as its account', async () => {
    const reader = await readerWithAppPassword();
    const guest = await readOpen({});
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ caller: null });
    const signedIn = await readOpen(basic(reader.email, reader.appPassword.password));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      caller: { id: reader.id, session: `app-password:${reader.appPassword.id}` },
    });
  });

  it('refuses a wrong credential, so that an app learns its password is gone; an ended session cookie is a guest', async () => {
    const reader = await readerWithAppPassword();
    await revoke(reader.headers, reader.appPassword.id);
    expectChallenge(await readOpen(basic(reader.email, reader.appPassword.password)));
    expectChallenge(await readOpen(bearer('x'.repeat(43))));
    const staleCookie = await readOpen({ cookie: `${t.app.cookiePolicy.name}=${'x'.repeat(43)}` });
    expect(staleCookie.statusCode).toBe(200);
    expect(staleCookie.json()).toEqual({ caller: null });
  });
});

describe("the per-IP brake on wrong credentials (the login form's budget)", () => {
  it('answers 429 with Retry-After once the IP has spent it, while a right app password still gets in', async () => {
    const reader = await readerWithAppPassword();
    const ip = freshIp();
    for (let n = 0; n < FAILURES_PER_IP; n++) expectChallenge(await read(basic(reader.email, `wrong-${n}`), ip));

    const braked = await read(basic(reader.email, 'wrong-again'), ip);
    expect(braked.statusCode).toBe(429);
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(braked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(braked.json()).toMatchObject({ code: 'rate_limited' });
    expect(await securityEvents('locked_out')).toContainEqual(
      expect.objectContaining({ attempt: 'app-password', by: 'ip', ip, login: reader.email }),
    );

    // The owner's app, from the same address and from another.
    expect((await read(basic(reader.email, reader.appPassword.password), ip)).statusCode).toBe(200);
    expect((await read(basic(reader.email, reader.appPassword.password))).statusCode).toBe(200);
    // Another address has its own budget.
    expectChallenge(await read(basic(reader.email, 'wrong-elsewhere')));
  });

  it('is one budget with the login form: failed logins brake Basic from that IP, and Basic failures the form', async () => {
    const reader = await readerWithAppPassword();
    const login = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: reader.email, password: 'wrong-password' },
        remoteAddress: ip,
      });

    const formIp = freshIp();
    for (let n = 0; n < FAILURES_PER_IP; n++) expect((await login(formIp)).statusCode).toBe(401);
    expect((await read(basic(reader.email, 'wrong'), formIp)).statusCode).toBe(429);
    expect((await read(basic(reader.email, reader.appPassword.password), formIp)).statusCode).toBe(200);

    const appIp = freshIp();
    for (let n = 0; n < FAILURES_PER_IP; n++) expectChallenge(await read(basic(reader.email, `wrong-${n}`), appIp));
    expect((await login(appIp)).statusCode).toBe(429);
  });

  it("never counts against the account's own budget: the owner's login is not locked by guesses from many IPs", async () => {
    const reader = await readerWithAppPassword();
    for (let n = 0; n < 12; n++) expectChallenge(await read(basic(reader.email, `guess-${n}`)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: reader.email, password: 'secret-password' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /opds/auth', () => {
  it('serves the authentication document to anybody', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/opds/auth' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/opds-authentication\+json/);
    expect(res.json()).toEqual(opdsAuthenticationDocument(PUBLIC_URL));
  });
});

describe("the shop's own routes", () => {
  it('never take an app password: the account, the cart and the checkout answer 401 to Basic', async () => {
    const shop = await buildTestApp();
    const { id, email, username } = await createAccount(shop.database);
    const { token } = await createSessionStore({ db: shop.database.db }).create(id, 'USER');
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: bearer(token),
      payload: { name: 'Kobo' },
    });
    expect(created.statusCode).toBe(201);
    const { password } = created.json<{ password: string }>();

    for (const login of [email, username]) {
      const headers = basic(login, password);
      const calls = [
        { method: 'GET', url: '/api/user/me' },
        { method: 'GET', url: '/api/user/app-passwords' },
        { method: 'POST', url: '/api/user/app-passwords', payload: { name: 'Planted' } },
        { method: 'GET', url: `/api/shop/cart/${id}/carrito` },
        { method: 'POST', url: '/api/shop/cart', payload: { comic: 1068, userId: id } },
        { method: 'GET', url: '/api/shop/orders' },
        { method: 'POST', url: '/api/shop/checkout', payload: { carrito: [1068], id: 'pm_none', price: 1 } },
      ] as const;
      for (const call of calls) {
        const res = await shop.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
    }
    // The same session works, so the 401s above were the credential's doing.
    expect((await shop.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });
});
