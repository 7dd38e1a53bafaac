// The login brakes on a real database (issue 22, "nobody can lock an owner out"): wrong passwords
// pause an account's sign-ins from unknown devices, while a browser that signed into it before
// (the known-device cookie) still gets in with the right password, from the attacker's own IP
// too; what a forged or outdated cookie is worth; the per-IP budget; the owner's one e-mail; and
// answers that never tell whether an address has an account.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, type TestApp } from '../../../test/helpers';
import { emailOutbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { createInProcessAttemptCounter } from '../../platform/limits/attempt-counter';
import { buildSignInsPaused } from '../mail/account-mails';
import { createLockoutNotices, LOCKOUT_NOTICE_PERIOD_MS } from './lockout-notice';
import { hashPassword } from './passwords';

let t: TestApp;
const logLines: string[] = [];

/** Attacker and owner behind one address (an office, a carrier's NAT). */
const SHARED_IP = '203.0.113.10';

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { write: (line) => logLines.push(line) });
});

function login(
  app: FastifyInstance,
  email: string,
  password: string,
  { ip = SHARED_IP, cookie }: { ip?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header.map(String) : header ? [String(header)] : [];
}

/** The `name=value` of the known-device cookie an answer sets. */
function deviceCookie(res: { headers: Record<string, unknown> }, name = 'known_device'): string {
  const cookie = setCookies(res).find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie.split(';')[0]!;
}

/** A browser that signed into the account once: its known-device cookie. */
async function knownBrowser(app: FastifyInstance, account: { email: string; password: string }, cookie?: string) {
  const res = await login(app, account.email, account.password, { ip: '198.51.100.1', ...(cookie ? { cookie } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return deviceCookie(res);
}

/** Ten wrong passwords for the address, from unknown devices: its unknown-device budget is spent. */
async function spendAccountBudget(app: FastifyInstance, email: string, ip = SHARED_IP) {
  for (let n = 0; n < 10; n++) expect((await login(app, email, `wrong-guess-${n}`, { ip })).statusCode).toBe(401);
}

const noticesTo = (recipient: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient));

/** The outbox rows for `recipient` once they stop changing (the notice is queued after the answer). */
async function settledNotices(recipient: string) {
  let rows = await noticesTo(recipient);
  for (let waited = 0; waited < 1_000 && rows.length === 0; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await noticesTo(recipient);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return noticesTo(recipient);
}

const events = (name: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security === name);

describe('a known device', () => {
  it('signs in with the right password, from the same IP, while unknown devices are refused', async () => {
    const owner = await createAccount(t.database, { role: 'ADMIN' });
    const cookie = await knownBrowser(t.app, owner);
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);

    await spendAccountBudget(t.app, owner.email);
    const stranger = await login(t.app, owner.email, owner.password);
    expect(stranger.statusCode).toBe(429);
    const retryAfter = Number(stranger.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(stranger.json()).toEqual({
      code: 'rate_limited',
      error:
        'Too many failed sign-ins for this account. Try again in 15 minutes, or sign in from a browser you have used before.',
    });
    expect(setCookies(stranger)).toEqual([]);

    const owners = await login(t.app, owner.email.toUpperCase(), owner.password, { cookie });
    expect(owners.statusCode, owners.body).toBe(200);
    expect(owners.json()).toMatchObject({ id: owner.id, Rol: 'ADMIN' });
    // Signing in gives the browser a fresh entry, which is as good.
    const refreshed = deviceCookie(owners);
    expect(refreshed).not.toBe(cookie);
    expect((await login(t.app, owner.email, owner.password, { cookie: refreshed })).statusCode).toBe(200);
  });

  it('has a budget of its own: 10 failures stop that browser, not the account', async () => {
    const owner = await createAccount(t.database);
    const cookie = await knownBrowser(t.app, owner);
    const other = await knownBrowser(t.app, owner);
    for (let n = 0; n < 10; n++) {
      expect((await login(t.app, owner.email, `wrong-${n}`, { cookie })).statusCode).toBe(401);
    }
    const braked = await login(t.app, owner.email, owner.password, { cookie });
    expect(braked.statusCode).toBe(429);
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(braked.json().error).toBe('Too many failed sign-ins from this browser. Try again in 15 minutes.');
    // Its failures were not counted against the account: an unknown device and another known one get in.
    expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(t.app, owner.email, owner.password, { cookie: other })).statusCode).toBe(200);
  });

  it('is not recognised from a forged entry, another account’s entry, or one issued before a password reset', async () => {
    const owner = await createAccount(t.database);
    const someoneElse = await createAccount(t.database);
    const owners = await knownBrowser(t.app, owner);
    const theirs = await knownBrowser(t.app, someoneElse);
    await spendAccountBudget(t.app, owner.email);

    const [name, value] = owners.split('=') as [string, string];
    const [userId, nonce, issuedAt, mac] = value.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const forgeries = [
      `${name}=${userId}.${nonce}.${issuedAt}.${flip(mac, 0)}`,
      // The MAC's last character carries spare bits: a variant that decodes alike is no MAC either.
      `${name}=${userId}.${nonce}.${issuedAt}.${flip(mac, mac.length - 1)}`,
      // Another account's entry, its user id changed to the owner's: the MAC no longer checks.
      `${name}=${userId}.${theirs.split('.')[1]}.${theirs.split('.')[2]}.${theirs.split('.')[3]}`,
      `${name}=${userId}.${nonce}.${Number(issuedAt) + 1}.${mac}`,
      theirs,
    ];
    for (const cookie of forgeries) {
      const res = await login(t.app, owner.email, owner.password, { cookie });
      expect(res.statusCode, cookie).toBe(429);
      expect(res.json().error).toMatch(/^Too many failed sign-ins for this account\./);
    }
    expect((await login(t.app, owner.email, owner.password, { cookie: owners })).statusCode).toBe(200);

    // A password reset (item 2 sets password_changed_at) voids every cookie issued before it.
    await t.database.db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await login(t.app, owner.email, owner.password, { cookie: owners })).statusCode).toBe(429);
  });

  it('is a year-long HttpOnly SameSite=Lax cookie on /, kept at logout, with up to 5 accounts, newest first', async () => {
    const first = await createAccount(t.database);
    const res = await login(t.app, first.email, first.password);
    const set = setCookies(res).find((c) => c.startsWith('known_device='))!;
    expect(set).toMatch(/^known_device=\d+\.[\w-]{22}\.\d{13}\.[\w-]{22}; /);
    expect(set).toMatch(/; Max-Age=31536000(;|$)/);
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).not.toMatch(/Secure|Domain=/i);

    let cookie = deviceCookie(res);
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(setCookies(logout).some((c) => c.startsWith('known_device='))).toBe(false);

    const accounts = [first];
    for (let n = 0; n < 5; n++) {
      const account = await createAccount(t.database);
      accounts.push(account);
      cookie = await knownBrowser(t.app, account, cookie);
    }
    const ids = cookie
      .split('=')[1]!
      .split('~')
      .map((entry) => Number(entry.split('.')[0]));
    expect(ids).toEqual(
      accounts
        .slice(1)
        .reverse()
        .map((a) => a.id),
    );
    // Signing into an account it already knows moves that account first, once.
    cookie = await knownBrowser(t.app, accounts[3]!, cookie);
    const again = cookie
      .split('=')[1]!
      .split('~')
      .map((entry) => Number(entry.split('.')[0]));
    expect(again).toEqual([accounts[3]!.id, accounts[5]!.id, accounts[4]!.id, accounts[2]!.id, accounts[1]!.id]);
  });

  it('is a Secure __Host- cookie when PUBLIC_URL is https, as the session cookie is', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
    const owner = await createAccount(https.database);
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: owner.email, password: owner.password },
      headers: { origin: 'https://shop.example' },
    });
    const set = setCookies(res).find((c) => c.startsWith('__Host-known_device='));
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).toMatch(/; Secure/);
    expect(set).not.toMatch(/Domain=/i);
    const cookie = deviceCookie(res, '__Host-known_device');

    await spendAccountBudget(https.app, owner.email);
    const attempt = (cookieHeader: string) =>
      https.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: owner.email, password: owner.password },
        headers: { origin: 'https://shop.example', cookie: cookieHeader },
        remoteAddress: SHARED_IP,
      });
    // The unprefixed name (which plain http or a sub-domain could plant) is not read.
    expect((await attempt(cookie.replace('__Host-', ''))).statusCode).toBe(429);
    expect((await attempt(cookie)).statusCode).toBe(200);
  });
});

describe('the per-IP budget', () => {
  it('counts failures, not sign-ins, and never stops a known device', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
    const owner = await createAccount(limited.database);
    const colleague = await createAccount(limited.database);
    const cookie = await knownBrowser(limited.app, owner);
    // A busy office: right passwords from one address do not spend its budget.
    for (let n = 0; n < 5; n++)
      expect((await login(limited.app, colleague.email, colleague.password)).statusCode).toBe(200);

    for (let n = 0; n < 3; n++)
      expect((await login(limited.app, `guess${n}@example.com`, 'wrong')).statusCode).toBe(401);
    const braked = await login(limited.app, colleague.email, colleague.password);
    expect(braked.statusCode).toBe(429);
    expect(Number(braked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(braked.json().error).toBe(
      'Too many failed sign-ins from this network. Try again in 1 minute, or sign in from a browser you have used before.',
    );
    expect((await login(limited.app, owner.email, owner.password, { cookie })).statusCode).toBe(200);
    // A known device's own failures are not the address's either.
    expect((await login(limited.app, owner.email, 'wrong', { cookie })).statusCode).toBe(401);
    // Another address has its own budget.
    expect((await login(limited.app, colleague.email, colleague.password, { ip: '192.0.2.77' })).statusCode).toBe(200);
  });
});

describe('unknown devices', () => {
  it('get the same 429 for an address with an account and one without', async () => {
    const owner = await createAccount(t.database);
    const nobody = `nobody-${owner.id}@example.com`;
    await spendAccountBudget(t.app, owner.email, '192.0.2.10');
    await spendAccountBudget(t.app, nobody, '192.0.2.11');
    const real = await login(t.app, owner.email, owner.password, { ip: '192.0.2.12' });
    const unknown = await login(t.app, nobody, owner.password, { ip: '192.0.2.12' });
    expect(real.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(real.body);
    expect(real.json().error).toBe(
      'Too many failed sign-ins for this account. Try again in 15 minutes, or sign in from a browser you have used before.',
    );
    expect(Math.abs(Number(unknown.headers['retry-after']) - Number(real.headers['retry-after']))).toBeLessThanOrEqual(
      2,
    );
  });

  it('make the owner one e-mail when the account’s budget runs out, however many attempts follow', async () => {
    const owner = await createAccount(t.database, { username: 'Ada <Lovelace>' });
    await spendAccountBudget(t.app, owner.email, '192.0.2.20');
    for (let n = 0; n < 5; n++) {
      expect((await login(t.app, owner.email, `more-${n}`, { ip: `192.0.2.${21 + n}` })).statusCode).toBe(429);
    }
    const rows = await settledNotices(owner.email);
    expect(rows).toHaveLength(1);
    const [notice] = rows;
    expect(notice!.subject).toBe('Sign-ins to your Comics Shop account are paused');
    expect(notice!.textBody).toContain('with wrong passwords');
    expect(notice!.textBody).toContain('paused for 15 minutes');
    expect(notice!.textBody).toContain('Browsers where you have signed in before still work');
    expect(notice!.textBody).toContain('http://localhost:3000/forgot-password');
    expect(notice!.htmlBody).toContain('Ada &lt;Lovelace&gt;');
    expect(notice!.htmlBody).not.toContain('<Lovelace>');
  });

  it('make no e-mail for an address without an account, or for an account without a password', async () => {
    const nobody = `no-account-${Date.now()}@example.com`;
    const [google] = await t.database.db
      .insert(users)
      .values({ email: `google-only-${Date.now()}@example.com`, username: 'G', googleSubject: `sub-${Date.now()}` })
      .returning();
    await spendAccountBudget(t.app, nobody, '192.0.2.30');
    for (let n = 0; n < 10; n++) {
      expect((await login(t.app, google!.email, `guess-${n}`, { ip: '192.0.2.31' })).statusCode).toBe(401);
    }
    expect((await login(t.app, google!.email, 'guess', { ip: '192.0.2.31' })).statusCode).toBe(429);
    // Beside them, an account with a password, braked the same way, is told.
    const owner = await createAccount(t.database);
    await spendAccountBudget(t.app, owner.email, '192.0.2.32');
    expect(await settledNotices(owner.email)).toHaveLength(1);
    expect(await settledNotices(nobody)).toEqual([]);
    expect(await settledNotices(google!.email)).toEqual([]);
  });

  it('are logged as locked out, saying what was braked', async () => {
    const owner = await createAccount(t.database);
    const cookie = await knownBrowser(t.app, owner);
    await spendAccountBudget(t.app, owner.email, '192.0.2.40');
    await login(t.app, owner.email, owner.password, { ip: '192.0.2.41' });
    expect(events('locked_out').at(-1)).toMatchObject({
      attempt: 'login',
      by: 'email',
      email: owner.email,
      ip: '192.0.2.41',
    });
    for (let n = 0; n < 11; n++) await login(t.app, owner.email, `wrong-${n}`, { cookie, ip: '192.0.2.42' });
    expect(events('locked_out').at(-1)).toMatchObject({ attempt: 'login', by: 'device', userId: owner.id });
    expect(logLines.join('\n')).not.toContain(cookie.split('=')[1]!);
  });
});

describe('the lock-out notice', () => {
  it('goes out at most once a day per account, even when the budget runs out again', async () => {
    let now = Date.now();
    const counter = createInProcessAttemptCounter({ now: () => now });
    const woken: number[] = [];
    const notices = createLockoutNotices({
      outbox: t.database.db,
      wake: () => woken.push(now),
      attempts: counter,
      pausedMinutes: 15,
      shopUrl: 'https://shop.example',
      log: t.app.log,
    });
    const [account] = await t.database.db
      .insert(users)
      .values({
        email: `daily-${Date.now()}@example.com`,
        username: 'Daily',
        passwordHash: await hashPassword('x', { N: 2 ** 10, r: 8, p: 1 }),
      })
      .returning();
    await notices.accountLocked(account!);
    now += 16 * 60 * 1000;
    await notices.accountLocked(account!);
    expect(await noticesTo(account!.email)).toHaveLength(1);
    expect(woken).toHaveLength(1);
    now += LOCKOUT_NOTICE_PERIOD_MS;
    await notices.accountLocked(account!);
    expect(await noticesTo(account!.email)).toHaveLength(2);
  });

  it('says what happened, that known browsers still work, and where to choose a new password', () => {
    const notice = buildSignInsPaused({
      name: 'Ann',
      email: 'ann@example.com',
      pausedMinutes: 15,
      at: new Date('2025-03-04T15:06:00Z'),
      shopUrl: 'https://shop.example',
    });
    expect(notice.subject).toBe('Sign-ins to your Comics Shop account are paused');
    expect(notice.textBody).toBe(
      [
        'Hello Ann,',
        'Someone tried to sign in to your Comics Shop account (ann@example.com) with wrong passwords several times, most recently at 2025-03-04 15:06 UTC.',
        'Sign-ins to your account from browsers and devices you have not used with it before are paused for 15 minutes. Browsers where you have signed in before still work as usual.',
        "If this was not you, choose a new password with 'Forgot password?' on the login page:\nhttps://shop.example/forgot-password",
        'Comics Shop\n',
      ].join('\n\n'),
    );
    expect(notice.htmlBody).toContain('<a href="https://shop.example/forgot-password">Forgot password?</a>');
  });
});
