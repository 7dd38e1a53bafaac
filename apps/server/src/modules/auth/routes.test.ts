// Accounts API on a real database: sign-up, login, sessions (cookie and bearer), logout,
// expiry, deactivation and role changes, CSRF, rate limits and what reaches the logs.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createAccount,
  loginToken,
  sessionCookie,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/helpers';
import { sessions, users } from '../../db/schema/users';

let t: TestApp;
const logLines: string[] = [];

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/me', headers });

const signupBody = (email: string, password = 'reading-lamp-42') => ({
  username: 'Ana',
  email,
  password,
  repeatpassword: password,
});

beforeAll(async () => {
  // Logs on (info), into memory: the last test reads them for secrets.
  t = await buildTestApp({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_IP: '1000' }, { write: (l) => logLines.push(l) });
});

describe('POST /api/user/signup', () => {
  it('creates a USER account and answers it without any secret', async () => {
    const res = await post('/api/user/signup', signupBody('New.Reader@Example.com', 'pässwörd'));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({ id: expect.any(Number), username: 'Ana', email: 'New.Reader@Example.com' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, answer.id));
    expect(row!.role).toBe('USER');
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('pässwörd');
    const login = await post('/api/user/login', { email: 'new.reader@example.com', password: 'pässwörd' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an e-mail already registered in another letter case, naming the field', async () => {
    await post('/api/user/signup', signupBody('taken@example.com'));
    const res = await post('/api/user/signup', signupBody('TAKEN@example.COM'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'email_taken',
      error: 'This email is already registered',
      fields: { email: 'This email is already registered' },
    });
  });

  it("answers the spec's validation messages per field", async () => {
    const res = await post('/api/user/signup', {
      username: ' ',
      email: 'nope',
      password: '12345',
      repeatpassword: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      username: 'El nombre de usuario es requerido',
      email: 'correo no valido',
      password: 'Debe contener minimo 6 caracteres',
      repeatpassword: 'Las contraseñas no coinciden',
    });
    const mismatch = await post('/api/user/signup', { ...signupBody('m@example.com'), repeatpassword: 'other1' });
    expect(mismatch.json().fields).toEqual({ repeatpassword: 'Las contraseñas no coinciden' });
    const long = await post('/api/user/signup', signupBody('long@example.com', 'x'.repeat(129)));
    expect(long.json().fields.password).toBe('At most 128 characters');
    const empty = await post('/api/user/signup', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields)).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'repeatpassword']),
    );
  });

  it('refuses oversized bodies before reading them', async () => {
    const res = await post('/api/user/signup', { ...signupBody('big@example.com'), username: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('ctp_body_too_large');
  });
});

describe('POST /api/user/login and sessions', () => {
  it('answers token, name, Rol, id and email, and sets an httpOnly SameSite=Lax cookie', async () => {
    const account = await createAccount(t.database, { username: 'Lee' });
    const res = await post('/api/user/login', { email: account.email.toUpperCase(), password: account.password });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      name: 'Lee',
      Rol: 'USER',
      id: account.id,
      email: account.email,
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`session=${answer.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1' });
    const account = await createAccount(proxied.database);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: account.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('uses a Secure __Host- cookie whenever PUBLIC_URL is https, whatever the request came over', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://shop.example' });
    const account = await createAccount(https.database);
    const origin = { origin: 'https://shop.example' };
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: account.password },
      headers: origin,
    });
    const cookie = String(res.headers['set-cookie']);
    const { token } = res.json<{ token: string }>();
    expect(cookie).toMatch(new RegExp(`^__Host-session=${token}; `));
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Domain=/i);
    const ask = (cookieHeader: string) =>
      https.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: cookieHeader } });
    expect((await ask(`__Host-session=${token}`)).statusCode).toBe(200);
    // The unprefixed name (which a sub-domain or plain http could plant) is not read.
    expect((await ask(`session=${token}`)).statusCode).toBe(401);
    const out = await https.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...origin, cookie: `__Host-session=${token}` },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-session=;.*Secure/);
  });

  it('answers ADMIN accounts with Rol ADMIN', async () => {
    const admin = await createAccount(t.database, { role: 'ADMIN' });
    const res = await post('/api/user/login', { email: admin.email, password: admin.password });
    expect(res.json().Rol).toBe('ADMIN');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const account = await createAccount(t.database);
    const wrong = await post('/api/user/login', { email: account.email, password: 'not-it' });
    const unknown = await post('/api/user/login', { email: 'nobody@example.com', password: 'not-it' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', error: 'Incorrect user or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('says a deactivated account is deactivated only after the right password, and opens no session', async () => {
    const account = await createAccount(t.database, { active: false });
    const wrong = await post('/api/user/login', { email: account.email, password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/api/user/login', { email: account.email, password: account.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'account_deactivated', error: 'This account is deactivated' });
    expect(right.headers['set-cookie']).toBeUndefined();
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(open).toEqual([]);
  });

  it('resolves the session from the cookie or a bearer token, and nothing else', async () => {
    const account = await createAccount(t.database, { username: 'Mo' });
    const token = await loginToken(t.app, account.email, account.password);
    const expected = { id: account.id, name: 'Mo', email: account.email, Rol: 'USER', picture: null };
    for (const headers of [sessionCookie(token), bearer(token)]) {
      const res = await me(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const anonymous: Record<string, string>[] = [
      {},
      bearer('x'.repeat(43)),
      { authorization: `Basic ${token}` },
      { cookie: 'session=short' },
    ];
    for (const headers of anonymous) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('ends a session on logout and clears the cookie', async () => {
    const account = await createAccount(t.database);
    const token = await loginToken(t.app, account.email, account.password);
    const res = await post('/api/user/logout', undefined, sessionCookie(token));
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/session=;/);
    expect((await me(sessionCookie(token))).statusCode).toBe(401);
    expect((await me(bearer(token))).statusCode).toBe(401);
    // Logging out twice, or without a session, is not an error.
    expect((await post('/api/user/logout', undefined, sessionCookie(token))).statusCode).toBe(204);
  });

  it('stops accepting an expired session', async () => {
    const account = await createAccount(t.database);
    const token = await loginToken(t.app, account.email, account.password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, account.id));
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('slides the expiry and renews the cookie when the session is used', async () => {
    const account = await createAccount(t.database);
    const token = await loginToken(t.app, account.email, account.password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, account.id));
    const res = await me(sessionCookie(token));
    expect(res.statusCode).toBe(200);
    const expires = new Date(/Expires=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

describe('role changes and deactivation by an administrator', () => {
  let adminToken: string;
  beforeAll(async () => {
    const admin = await createAccount(t.database, { role: 'ADMIN' });
    adminToken = await loginToken(t.app, admin.email, admin.password);
  });
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, headers: bearer(adminToken) });

  it('ends every session of a deactivated account at once, and refuses new ones', async () => {
    const account = await createAccount(t.database);
    const first = await loginToken(t.app, account.email, account.password);
    const second = await loginToken(t.app, account.email, account.password);
    const res = await put('/api/admin/users/active', { id_user: account.id, active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: account.id,
      email: account.email,
      username: account.username,
      rol: 'USER',
      active: false,
    });
    expect((await me(bearer(first))).statusCode).toBe(401);
    expect((await me(sessionCookie(second))).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(403);

    await put('/api/admin/users/active', { id_user: account.id, active: true });
    expect((await post('/api/user/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('ends the sessions of an account whose role changes; the next login carries the new role', async () => {
    const account = await createAccount(t.database);
    const old = await loginToken(t.app, account.email, account.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(old) })).statusCode).toBe(403);
    const res = await put('/api/admin/users/rol', { id_user: account.id, rol: 'ADMIN' });
    expect(res.json().rol).toBe('ADMIN');
    expect((await me(bearer(old))).statusCode).toBe(401);
    const login = await post('/api/user/login', { email: account.email, password: account.password });
    expect(login.json().Rol).toBe('ADMIN');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(account.email)}`,
      headers: bearer(login.json().token),
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().find((u: { id: number }) => u.id === account.id);
    expect(row).toEqual({
      id: account.id,
      email: account.email,
      username: account.username,
      rol: 'ADMIN',
      active: true,
    });
    expect(list.body).not.toMatch(/scrypt|password/i);
  });

  it("refuses an administrator's change to their own account, unknown users and bad values", async () => {
    const self = await me(bearer(adminToken));
    const own = await put('/api/admin/users/rol', { id_user: self.json().id, rol: 'USER' });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_account');
    expect((await put('/api/admin/users/active', { id_user: 99_999_999, active: false })).statusCode).toBe(404);
    const bad = await put('/api/admin/users/rol', { id_user: 'x', rol: 'ROOT' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id_user: 'Must be a user id', rol: 'Must be USER or ADMIN' });
  });
});

describe('cross-site request protection', () => {
  it('refuses cookie-borne writes from another origin or from no origin', async () => {
    const admin = await createAccount(t.database, { role: 'ADMIN' });
    const target = await createAccount(t.database);
    const token = await loginToken(t.app, admin.email, admin.password);
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/users/active',
        payload: { id_user: target.id, active: true },
        headers,
      });
    const cookie = { cookie: `session=${token}` };
    for (const headers of [
      { ...cookie, origin: 'https://evil.example' },
      { ...cookie, origin: 'null' },
      { ...cookie, referer: 'https://evil.example/page' },
      cookie,
    ]) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('cross_site_request');
    }
    expect((await write({ ...cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect((await write({ ...cookie, referer: `${TEST_ORIGIN}/dashboard/users` })).statusCode).toBe(200);
    // A bearer client is no browser riding on a cookie.
    expect((await write(bearer(token))).statusCode).toBe(200);
  });

  it('refuses a login posted from another site', async () => {
    const account = await createAccount(t.database);
    const res = await post(
      '/api/user/login',
      { email: account.email, password: account.password },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('brakes wrong passwords per account, with Retry-After, whatever the IP; right ones do not count', async () => {
    const account = await createAccount(t.database);
    const attempt = (ip: string, password = 'guess-guess') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: account.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 11; i++) expect((await attempt(`10.0.3.${i}`, account.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt('10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('rate_limited');
    // The right password waits too, on a browser that never signed in (one that did gets in: lockout.test.ts).
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email.toUpperCase(), password: account.password },
      remoteAddress: '10.0.2.1',
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits sign-in and sign-up attempts per IP', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
    const attempt = (url: string, n: number, ip: string) =>
      limited.app.inject({
        method: 'POST',
        url,
        payload: url.endsWith('signup')
          ? signupBody(`ip${n}@example.com`)
          : { email: `ip${n}@example.com`, password: 'x' },
        remoteAddress: ip,
      });
    for (const url of ['/api/user/login', '/api/user/signup']) {
      for (let n = 0; n < 3; n++) expect((await attempt(url, n, '192.0.2.1')).statusCode).not.toBe(429);
      const blocked = await attempt(url, 3, '192.0.2.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await attempt(url, 4, '192.0.2.2')).statusCode).not.toBe(429);
    }
  });
});

describe('client addresses behind a proxy', () => {
  it('with one trusted hop, a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_IP: '3' });
    // What the proxy (127.0.0.1) forwards: whatever the client claimed, then the address it saw.
    const attempt = (forged: string, client = '203.0.113.7') =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: `x${forged.length}${Math.random()}@example.com`, password: 'guess' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged}, ${client}` },
      });
    for (let n = 0; n < 3; n++) expect((await attempt(`198.51.100.${n}`)).statusCode).toBe(401);
    const blocked = await attempt('198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another real client behind the same proxy has its own budget.
    expect((await attempt('198.51.100.99', '203.0.113.8')).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never carry a password, a hash or a token', async () => {
    const account = await createAccount(t.database, { password: 'log-secret-1' });
    await post('/api/user/signup', signupBody('logged@example.com', 'log-secret-2'));
    const token = await loginToken(t.app, account.email, 'log-secret-1');
    await me(bearer(token));
    await me(sessionCookie(token));
    await post('/api/user/login', { email: account.email, password: 'log-secret-3' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/user/login');
    for (const secret of ['log-secret-1', 'log-secret-2', 'log-secret-3', token, row!.passwordHash!]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('security log', () => {
  const events = (name: string) =>
    logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.security === name);

  it('writes one structured line, without secrets, per failed login, lock-out, sign-up, role and activation change', async () => {
    const account = await createAccount(t.database, { password: 'audit-secret-1' });
    await post('/api/user/login', { email: account.email, password: 'audit-wrong-1' });
    expect(events('login_failed').at(-1)).toMatchObject({ email: account.email, reason: 'invalid_credentials' });

    const signup = await post('/api/user/signup', signupBody('audited@example.com', 'audit-secret-2'));
    expect(events('signed_up').at(-1)).toMatchObject({ userId: signup.json().id });

    const admin = await createAccount(t.database, { role: 'ADMIN' });
    const adminToken = await loginToken(t.app, admin.email, admin.password);
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, payload, headers: bearer(adminToken) });
    await put('/api/admin/users/rol', { id_user: account.id, rol: 'ADMIN' });
    expect(events('role_changed').at(-1)).toMatchObject({ actorId: admin.id, userId: account.id, role: 'ADMIN' });
    await put('/api/admin/users/active', { id_user: account.id, active: false });
    expect(events('activation_changed').at(-1)).toMatchObject({ actorId: admin.id, userId: account.id, active: false });

    for (let n = 0; n < 11; n++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'locked.out@example.com', password: `guess-${n}` },
        remoteAddress: `10.9.0.${n + 1}`,
      });
    }
    expect(events('locked_out').at(-1)).toMatchObject({ attempt: 'login', by: 'email', ip: '10.9.0.11' });

    const logs = logLines.join('\n');
    for (const secret of ['audit-secret-1', 'audit-secret-2', 'audit-wrong-1', adminToken]) {
      expect(logs).not.toContain(secret);
    }
  });
});
