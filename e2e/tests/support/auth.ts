// Accounts for the browser tests: the seeded demo accounts, fresh e-mails, and signing in
// through the API (then storing the identity the way the app does), so specs that are not about
// the login form do not go through it each time.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import type { LoginAnswer, SignupAnswer } from '@comics/shared/schemas/auth';

export type Credentials = { email: string; password: string };

/** Seeded with the demo catalogue. */
export const DEMO_USER: Credentials = { email: 'user@example.com', password: 'user1234' };
export const DEMO_ADMIN: Credentials = { email: 'admin@example.com', password: 'admin123' };

/** An e-mail no other test (or earlier run) uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A username to go with it. */
export function uniqueUsername(prefix = 'Reader'): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * The Origin header a browser would send. The server checks it on cookie-authenticated writes,
 * and Playwright's API requests do not add it by themselves.
 */
export function originHeader(): Record<string, string> {
  const baseURL = test.info().project.use.baseURL;
  return baseURL ? { Origin: new URL(baseURL).origin } : {};
}

/** Creates an account through the API (sign-ups are rate-limited per IP: use sparingly). */
export async function signUpViaApi(
  request: APIRequestContext,
  account: { username: string; email: string; password: string },
): Promise<SignupAnswer> {
  const response = await request.post('/api/user/signup', {
    data: { ...account, repeatpassword: account.password },
    headers: originHeader(),
  });
  expect(response.status(), 'POST /api/user/signup').toBe(201);
  return (await response.json()) as SignupAnswer;
}

/**
 * Signs in through the API: the page's context receives the session cookie, and the page's
 * origin the identity the app stores after a login (docs/product.md §3 keys, never the token). The page is
 * left on a small same-origin JSON answer: go to the screen under test next.
 */
export async function loginViaApi(page: Page, credentials: Credentials): Promise<LoginAnswer> {
  const response = await page.request.post('/api/user/login', { data: credentials, headers: originHeader() });
  expect(response.status(), `POST /api/user/login as ${credentials.email}`).toBe(200);
  const answer = (await response.json()) as LoginAnswer;
  await storeIdentity(page, answer);
  return answer;
}

/** Stores an identity the way the app does after a login: docs/product.md §3 keys, never the token. */
async function storeIdentity(page: Page, identity: Pick<LoginAnswer, 'name' | 'Rol' | 'id' | 'email'>) {
  // localStorage belongs to the origin: any same-origin document will do, the lighter the better.
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate(
    ({ name, Rol, id, email }) => {
      localStorage.removeItem('token');
      localStorage.setItem('user', name);
      localStorage.setItem('ROL', JSON.stringify(Rol));
      localStorage.setItem('id', String(id));
      localStorage.setItem('email', email);
      localStorage.setItem('MY_AUTH', 'true');
    },
    { name: identity.name, Rol: identity.Rol, id: identity.id, email: identity.email },
  );
}

/**
 * Like loginViaApi, but reuses the page's session when it already belongs to this account
 * (e.g. the second pass of a light/dark loop), sparing a deliberate scrypt on the server. Only
 * failed logins count against an account's budget (10 per 15 minutes), so the demo accounts'
 * right passwords never lock them; never send a demo account a wrong password (lockout.spec.ts
 * makes an administrator of its own to lock).
 */
export async function ensureSignedIn(page: Page, credentials: Credentials): Promise<Omit<LoginAnswer, 'token'>> {
  const me = await page.request.get('/api/user/me');
  if (me.status() === 200) {
    const profile = (await me.json()) as Omit<LoginAnswer, 'token'>;
    if (profile.email === credentials.email) {
      await storeIdentity(page, profile);
      return profile;
    }
  }
  return loginViaApi(page, credentials);
}

/** Ends the session on the server only, as a logout in another tab or device would. */
export async function logoutViaApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/user/logout', { headers: originHeader() });
  expect(response.status(), 'POST /api/user/logout').toBe(204);
}

/** The navbar's account menu button: its label is the signed-in user's name. */
export function accountMenu(page: Page, name: string) {
  return page.getByRole('navigation').getByRole('button', { name, exact: true });
}

/** What the app keeps in localStorage, as a plain object. */
export function storedKeys(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}
