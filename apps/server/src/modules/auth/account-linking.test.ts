// Signing in with an identity provider on a real database: Google's verified e-mail takes over
// an account whose e-mail nobody proved (its password and sessions end), never relinks an
// account bound to another Google subject, and the development provider only ever reaches
// accounts it created itself.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, loginToken, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema/users';
import { createAccountRepository } from './repository';
import { createAccountService, type AccountService, type VerifiedIdentity } from './service';
import { createSessionStore } from './sessions';

let t: TestApp;
let accounts: AccountService;
let counter = 0;

const identity = (email: string, subject = `google-${++counter}`): VerifiedIdentity => ({
  subject,
  email,
  name: 'Owner',
  picture: null,
});
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const accountOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000' });
  accounts = createAccountService({
    repository: createAccountRepository(t.database.db),
    sessions: createSessionStore({ db: t.database.db }),
  });
});

describe('Google sign-in on an e-mail someone registered with a password', () => {
  it("takes the account over: the squatter's password and token stop working at once", async () => {
    const squatter = await createAccount(t.database, { password: 'squatter-pass' });
    const squatterToken = await loginToken(t.app, squatter.email, 'squatter-pass');

    const signedIn = await accounts.signInWithIdentity(identity(squatter.email.toUpperCase()), 'google');
    expect(signedIn.account.id).toBe(squatter.id);

    expect((await me(squatterToken)).statusCode).toBe(401);
    const byPassword = await login(squatter.email, 'squatter-pass');
    expect(byPassword.statusCode).toBe(401);
    expect(byPassword.json()).toEqual({
      code: 'use_google_sign_in',
      error: "This account signs in with Google. Use 'Log in with Google'.",
    });
    expect((await me(signedIn.token)).statusCode).toBe(200);
    const row = await accountOf(squatter.id);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('links without touching the password when the e-mail was already proved', async () => {
    const owner = await createAccount(t.database, { password: 'owner-pass' });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id));
    const token = await loginToken(t.app, owner.email, 'owner-pass');
    await accounts.signInWithIdentity(identity(owner.email), 'google');
    expect((await me(token)).statusCode).toBe(200);
    expect((await login(owner.email, 'owner-pass')).statusCode).toBe(200);
  });

  it('never relinks an account already linked to another Google subject', async () => {
    const first = await accounts.signInWithIdentity(identity('linked@example.com', 'subject-a'), 'google');
    await expect(
      accounts.signInWithIdentity(identity('linked@example.com', 'subject-b'), 'google'),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'google_linked_elsewhere',
    });
    expect((await accountOf(first.account.id)).googleSubject).toBe('subject-a');
    expect((await accounts.signInWithIdentity(identity('linked@example.com', 'subject-a'), 'google')).account.id).toBe(
      first.account.id,
    );
  });
});

describe('the development sign-in', () => {
  it("refuses the demo administrator's e-mail, a password account and an account made another way", async () => {
    const admin = await createAccount(t.database, { role: 'ADMIN' });
    const withPassword = await createAccount(t.database);
    const viaGoogle = await accounts.signInWithIdentity(identity('made-by-google@example.com'), 'google');
    for (const email of [admin.email, withPassword.email, viaGoogle.account.email]) {
      expect(await accounts.developmentRefusal(email)).toMatch(/development sign-in (never|only)/);
      await expect(accounts.signInWithIdentity(identity(email, `dev-${email}`), 'development')).rejects.toMatchObject({
        statusCode: 403,
        code: 'development_sign_in_refused',
      });
    }
    expect(await accounts.developmentRefusal(admin.email)).toMatch(/administrator/);
    expect(await accounts.developmentRefusal(withPassword.email)).toMatch(/password/);
    // Nothing was linked or changed.
    expect((await accountOf(admin.id)).googleSubject).toBeNull();
    expect((await accountOf(withPassword.id)).googleSubject).toBeNull();
  });

  it('creates a USER account for a new e-mail, and signs that one in again', async () => {
    expect(await accounts.developmentRefusal('new.dev@example.com')).toBeNull();
    const first = await accounts.signInWithIdentity(identity('new.dev@example.com', 'dev-1'), 'development');
    expect(first.account).toMatchObject({
      role: 'USER',
      origin: 'development',
      passwordHash: null,
      emailVerifiedAt: null,
    });
    const again = await accounts.signInWithIdentity(identity('new.dev@example.com', 'dev-1'), 'development');
    expect(again.account.id).toBe(first.account.id);
  });

  it('refuses its own account once an administrator has promoted it', async () => {
    const made = await accounts.signInWithIdentity(identity('promoted.dev@example.com', 'dev-2'), 'development');
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, made.account.id));
    await expect(
      accounts.signInWithIdentity(identity('promoted.dev@example.com', 'dev-2'), 'development'),
    ).rejects.toMatchObject({ code: 'development_sign_in_refused' });
  });

  it("hands a development account to Google's owner of the e-mail", async () => {
    const made = await accounts.signInWithIdentity(identity('moved@example.com', 'dev-3'), 'development');
    const real = await accounts.signInWithIdentity(identity('moved@example.com', 'google-real'), 'google');
    expect(real.account.id).toBe(made.account.id);
    expect((await me(made.token)).statusCode).toBe(401);
    expect((await accountOf(made.account.id)).googleSubject).toBe('google-real');
  });
});
