// 'Forgot password?' on a real database: one answer, in one time, whatever the address; the link
// mailed through the outbox (only its hash stored), single use and valid 30 minutes; the reset
// ending every session of the account, on another instance too; the brakes per address and per
// IP; and the refusal of common passwords wherever a password is chosen.
import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passwordResetMessages } from '@comics/shared/schemas/auth';
import {
  bearer,
  buildTestApp,
  createAccount,
  createTestDatabase,
  loginToken,
  sessionCookie,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { emailOutbox } from '../../db/schema/outbox';
import { passwordResetTokens, users } from '../../db/schema/users';
import { createPasswordResetService } from './password-reset';
import { createPasswordResetRepository } from './password-reset-repository';
import { FORGOT_ANSWER } from './password-reset-routes';
import { verifyPassword } from './passwords';
import { createAccountRepository } from './repository';
import { createSessionStore } from './sessions';

const PUBLIC_URL = 'http://shop.test:8080';
const MINUTE = 60_000;

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: 'info', PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '100000' },
    { write: (line) => logLines.push(line) },
  );
  await t.app.ready();
});

let ipCounter = 0;
/** A client address of its own, so one test's requests do not spend another's per-IP budget. */
const freshIp = () => `10.22.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const forgot = (email: string, ip = '10.9.9.9', app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email }, remoteAddress: ip });

const reset = (token: string, password: string, ip = '10.9.9.8', app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/user/password/reset',
    payload: { token, password, repeatpassword: password },
    remoteAddress: ip,
  });

const securityLines = (event: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security === event);

/** Waits until `done` holds (the work after an answer runs in the background), for at most 5 s. */
async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > 5_000) throw new Error('not seen within 5 seconds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the forgot request and waits until the work for it has been done (its security log line). */
async function forgotAndSettle(email: string, ip?: string) {
  const before = securityLines('password_reset_requested').length;
  const res = await forgot(email, ip);
  if (res.statusCode === 202) {
    await eventually(
      () => securityLines('password_reset_requested').length,
      (count) => count > before,
    );
  }
  return res;
}

const mailsTo = (email: string, database = t.database) =>
  database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(asc(emailOutbox.id));

const tokenIn = (text: string) => /\/reset-password#token=([\w-]+)/.exec(text)?.[1];

/** Asks for a link for the account and answers the token its mail carries. */
async function linkFor(
  email: string,
  database = t.database,
  ask: () => Promise<{ statusCode: number }> = () => forgot(email, freshIp()),
): Promise<string> {
  const before = (await mailsTo(email, database)).length;
  expect((await ask()).statusCode).toBe(202);
  const mails = await eventually(
    () => mailsTo(email, database),
    (rows) => rows.length > before,
  );
  const token = tokenIn(mails.at(-1)!.textBody);
  expect(token).toMatch(/^[\w-]{43}$/);
  return token!;
}

async function googleOnlyAccount() {
  const email = `google-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ email, username: 'Gia', googleSubject: `sub-${email}`, origin: 'google', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

describe('POST /api/user/password/forgot', () => {
  it('answers the same status, body and headers for an existing and an unknown address', async () => {
    const account = await createAccount(t.database);
    const known = await forgot(account.email, freshIp());
    const unknown = await forgot(`nobody-${randomBytes(4).toString('hex')}@example.com`, freshIp());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(FORGOT_ANSWER);
    expect(unknown.body).toBe(known.body);
    const headers = (res: typeof known) => {
      const { date: _date, ...rest } = res.headers;
      return rest;
    };
    expect(headers(unknown)).toEqual(headers(known));
  });

  it('answers before it looks the address up: the answer comes while the accounts are locked', async () => {
    const account = await createAccount(t.database);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Every look-up of an account waits for this transaction (PGlite: every query does).
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      locked();
      await released;
    });
    await lockTaken;
    try {
      const answered = await Promise.race([
        forgot(account.email, freshIp()),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
      ]);
      expect(answered === 'waited' ? 'waited for the look-up' : answered.statusCode).toBe(202);
    } finally {
      release();
      await holder;
    }
    // The work went on once the accounts were free again.
    const mails = await eventually(
      () => mailsTo(account.email),
      (rows) => rows.length === 1,
    );
    expect(mails[0]!.subject).toBe('Choose a new password for Comics Shop');
  });

  it('mails a password account a link on PUBLIC_URL with its token in the fragment, storing only its hash', async () => {
    const account = await createAccount(t.database, { username: 'Ada <b>' });
    const before = Date.now();
    const token = await linkFor(account.email);
    const [mail] = await mailsTo(account.email);
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/reset-password#token=${token}\n`);
    expect(mail!.textBody).toContain('Hello Ada <b>,');
    expect(mail!.textBody).toContain('The link works once and for 30 minutes.');
    expect(mail!.htmlBody).toContain(`<a href="${PUBLIC_URL}/reset-password#token=${token}">Choose a new password</a>`);
    expect(mail!.htmlBody).toContain('Hello Ada &lt;b&gt;,');

    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row!.usedAt).toBeNull();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * MINUTE);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Nothing the server logged carries the token.
    expect(logLines.join('\n')).not.toContain(token);
  });

  it("mails a Google-only account to use 'Log in with Google', without a link", async () => {
    const google = await googleOnlyAccount();
    expect((await forgotAndSettle(google.email, freshIp())).statusCode).toBe(202);
    const mails = await eventually(
      () => mailsTo(google.email),
      (rows) => rows.length === 1,
    );
    expect(mails[0]!.subject).toBe('How to sign in to Comics Shop');
    expect(mails[0]!.textBody).toContain(
      "This account signs in with Google and has no password. Use 'Log in with Google'",
    );
    expect(mails[0]!.textBody).toContain(`${PUBLIC_URL}/login`);
    expect(mails[0]!.textBody).not.toContain('reset-password');
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, google.id)),
    ).toEqual([]);
  });

  it('mails nothing for an unknown address or a deactivated account', async () => {
    const deactivated = await createAccount(t.database, { active: false });
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    expect((await forgotAndSettle(deactivated.email, freshIp())).statusCode).toBe(202);
    expect((await forgotAndSettle(unknown, freshIp())).statusCode).toBe(202);
    expect(
      securityLines('password_reset_requested')
        .slice(-2)
        .map((line) => line.outcome),
    ).toEqual(['nothing_sent', 'nothing_sent']);
    expect(await mailsTo(deactivated.email)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, deactivated.id)),
    ).toEqual([]);
  });

  it('refuses a 4th link for one address within 30 minutes (any letter case), with Retry-After, and mails no more', async () => {
    const account = await createAccount(t.database);
    for (let i = 0; i < 3; i++) expect((await forgotAndSettle(account.email, freshIp())).statusCode).toBe(202);
    expect(await mailsTo(account.email)).toHaveLength(3);

    const refused = await forgotAndSettle(account.email.toUpperCase(), freshIp());
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(25 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      error: `A link was sent to this address a short while ago: check your inbox and spam folder, or ask again in ${Math.ceil(retryAfter / 60)} minutes.`,
    });
    // The last link sent still works: nobody asking for this address can leave its owner without one.
    const [, , last] = await mailsTo(account.email);
    // An unknown address is refused alike: the refusal says nothing about the account.
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await forgot(unknown, freshIp())).statusCode).toBe(202);
    const unknownRefused = await forgot(unknown, freshIp());
    expect(unknownRefused.statusCode).toBe(429);
    expect(unknownRefused.json().error).toBe(refused.json().error);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(account.email)).toHaveLength(3);
    expect((await reset(tokenIn(last!.textBody)!, 'a fresh passphrase 7')).statusCode).toBe(200);
  });

  it('refuses the 21st request from one IP within the hour, with Retry-After, and mails nothing for it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`ip-${i}-${randomBytes(3).toString('hex')}@example.com`, ip)).statusCode).toBe(202);
    }
    const account = await createAccount(t.database);
    const refused = await forgot(account.email, ip);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.json().error).toMatch(
      /^Too many requests for new passwords from your network\. Ask again in \d+ minutes\.$/,
    );
    // Another client still gets its link.
    expect((await forgotAndSettle(account.email, freshIp())).statusCode).toBe(202);
    expect(await mailsTo(account.email)).toHaveLength(1);
  });

  it("spares the owner's known browser the per-IP budget, never the per-address one", async () => {
    const ip = freshIp();
    const account = await createAccount(t.database);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: ip,
    });
    const setCookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('known_device='));
    const knownBrowser = { cookie: setCookie!.split(';')[0]! };
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`nat-${i}-${randomBytes(3).toString('hex')}@example.com`, ip)).statusCode).toBe(202);
    }
    const fromKnown = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/password/forgot',
        payload: { email },
        remoteAddress: ip,
        headers: knownBrowser,
      });
    // A stranger behind the same address is refused; the owner's browser gets its link.
    expect((await forgot(account.email, ip)).statusCode).toBe(429);
    expect((await fromKnown(account.email)).statusCode).toBe(202);
    // Its cookie speaks for its own account only.
    expect((await fromKnown(`other-${randomBytes(3).toString('hex')}@example.com`)).statusCode).toBe(429);
    // The per-address budget still counts: 3 links in 30 minutes.
    expect((await fromKnown(account.email)).statusCode).toBe(202);
    expect((await fromKnown(account.email)).statusCode).toBe(202);
    expect((await fromKnown(account.email)).statusCode).toBe(429);
  });

  it("answers the login form's e-mail messages, naming the field", async () => {
    const empty = await forgot('', freshIp());
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ email: 'El email es requerido' });
    expect((await forgot('not-an-address', freshIp())).json().fields).toEqual({ email: 'correo no valido' });
  });
});

describe('POST /api/user/password/reset', () => {
  it('sets the new password once, answers the e-mail without signing in, and refuses the link again', async () => {
    const account = await createAccount(t.database);
    const token = await linkFor(account.email);
    const res = await reset(token, 'correct horse battery');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: account.email });
    expect(res.headers['set-cookie']).toBeUndefined();

    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(await verifyPassword('correct horse battery', row!.passwordHash!)).toBe(true);
    expect(row!.passwordChangedAt).toBeInstanceOf(Date);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: account.email, password } });
    expect((await login(account.password)).statusCode).toBe(401);
    expect((await login('correct horse battery')).statusCode).toBe(200);

    const again = await reset(token, 'another good passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'reset_link_unusable',
      error: passwordResetMessages.linkUnusable,
      fields: { token: passwordResetMessages.linkUnusable },
    });
    // The owner is told the password changed.
    const mails = await mailsTo(account.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Choose a new password for Comics Shop',
      'Your Comics Shop password was changed',
    ]);
    expect(mails[1]!.textBody).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('lets only one of two simultaneous resets with one link succeed', async () => {
    const account = await createAccount(t.database);
    const token = await linkFor(account.email);
    const answers = await Promise.all([
      reset(token, 'first of two passwords'),
      reset(token, 'second of two passwords'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it("voids the account's other links", async () => {
    const account = await createAccount(t.database);
    const first = await linkFor(account.email);
    const second = await linkFor(account.email);
    expect((await reset(second, 'the newest password 1')).statusCode).toBe(200);
    expect((await reset(first, 'the newest password 2')).json().fields).toEqual({
      token: passwordResetMessages.linkUnusable,
    });
    expect(
      await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)),
    ).toHaveLength(1);
  });

  it('ends every session of the account, bearer and cookie, and no one else’s', async () => {
    const account = await createAccount(t.database);
    const other = await createAccount(t.database);
    const viaBearer = await loginToken(t.app, account.email, account.password);
    const viaCookie = await loginToken(t.app, account.email, account.password);
    const others = await loginToken(t.app, other.email, other.password);
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    // Both are in the session cache now.
    expect((await me(bearer(viaBearer))).statusCode).toBe(200);
    expect((await me(sessionCookie(viaCookie))).statusCode).toBe(200);

    const token = await linkFor(account.email);
    expect((await reset(token, 'sessions end here 42')).statusCode).toBe(200);
    expect((await me(bearer(viaBearer))).statusCode).toBe(401);
    expect((await me(sessionCookie(viaCookie))).statusCode).toBe(401);
    expect((await me(bearer(others))).statusCode).toBe(200);
  });

  it('refuses a link of a deactivated account', async () => {
    const account = await createAccount(t.database);
    const token = await linkFor(account.email);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, account.id));
    expect((await reset(token, 'deactivated meanwhile 9')).statusCode).toBe(400);
  });

  it('refuses the 21st failed reset from one IP within the hour, with Retry-After; a good link works elsewhere', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await reset(randomBytes(32).toString('base64url'), 'guessing tokens 123', ip)).statusCode).toBe(400);
    }
    const account = await createAccount(t.database);
    const token = await linkFor(account.email);
    const refused = await reset(token, 'guessing tokens 123', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(refused.json().error).toMatch(/^Too many tries with links that do not work\. Try again in \d+ minutes\.$/);
    // The refused attempt did not use the link.
    expect((await reset(token, 'guessing tokens 123', freshIp())).statusCode).toBe(200);
  });

  it("answers the sign-up's password messages, naming the fields", async () => {
    const token = randomBytes(32).toString('base64url');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { token, password: '12345', repeatpassword: 'x' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({
      password: 'Debe contener minimo 6 caracteres',
      repeatpassword: 'Las contraseñas no coinciden',
    });
    const long = await reset(token, 'x'.repeat(129));
    expect(long.json().fields).toEqual({ password: 'At most 128 characters' });
    const malformed = await reset('not a token', 'a good new password');
    expect(malformed.json().fields).toEqual({ token: passwordResetMessages.linkUnusable });
  });
});

describe('the link’s lifetime (a clock the test moves)', () => {
  it('works until 30 minutes after it was sent, and not after', async () => {
    let clock = new Date('2026-03-01T10:00:00Z');
    const resets = createPasswordResetService({
      accounts: createAccountRepository(t.database.db),
      repository: createPasswordResetRepository(t.database.db),
      sessions: createSessionStore({ db: t.database.db }),
      publicUrl: PUBLIC_URL,
      onMailQueued: () => {},
      log: t.app.log,
      now: () => clock,
    });
    const account = await createAccount(t.database);
    const send = () => resets.sendLink(account.email).then(() => ({ statusCode: 202 }));
    const expiring = await linkFor(account.email, t.database, send);
    const lasting = await linkFor(account.email, t.database, send);

    clock = new Date(clock.getTime() + 30 * MINUTE);
    await expect(resets.reset(expiring, 'too late for this link')).rejects.toMatchObject({
      statusCode: 400,
      fields: { token: passwordResetMessages.linkUnusable },
    });
    clock = new Date(clock.getTime() - 1);
    await expect(resets.reset(lasting, 'just in time for this')).resolves.toMatchObject({ id: account.id });
  });
});

describe('common passwords (ASVS 2.1.7)', () => {
  const signup = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: {
        username: 'Cam',
        email: `common-${randomBytes(4).toString('hex')}@example.com`,
        password,
        repeatpassword: password,
      },
    });
  const refusal = {
    code: 'common_password',
    error: accountMessages.commonPassword,
    fields: { password: accountMessages.commonPassword },
  };

  it.each(['password', 'Password', '123456'])('refuses %j at sign-up and creates no account', async (password) => {
    const res = await signup(password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
  });

  it('accepts a password that is not on the list', async () => {
    expect((await signup('violet kite at dusk')).statusCode).toBe(201);
  });

  it.each(['password', 'Password', '123456'])(
    'refuses %j as a new password, and the link still works',
    async (password) => {
      const account = await createAccount(t.database);
      const token = await linkFor(account.email);
      const res = await reset(token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal);
      expect((await reset(token, 'violet kite at dawn')).statusCode).toBe(200);
    },
  );
});

describe('two instances', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Keys and channels of this run only: other test files share the Redis.
    const shared = {
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      PUBLIC_URL,
    };
    a = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'a' }), database });
    b = await buildApp({ config: testConfig({ ...shared, INSTANCE_ID: 'b' }), database });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('end the account’s session on the other instance as soon as the reset answers', async () => {
    const account = await createAccount(database);
    const token = await loginToken(b, account.email, account.password);
    const me = () => b.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    // b holds the session in memory now.
    expect((await me()).statusCode).toBe(200);

    const link = await linkFor(account.email, database, () => forgot(account.email, freshIp(), a));
    expect((await reset(link, 'ended everywhere 77', freshIp(), a)).statusCode).toBe(200);
    // No polling: the reset answered after the other instance was told.
    expect((await me()).statusCode).toBe(401);
  });

  it('count link requests for one address together: the 4th is refused whichever answers', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    for (const app of [a, b, a]) expect((await forgot(email, freshIp(), app)).statusCode).toBe(202);
    expect((await forgot(email, freshIp(), b)).statusCode).toBe(429);
  });
});
