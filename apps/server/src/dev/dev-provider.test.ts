// The bundled development OpenID provider end to end over real HTTP: the app listens on a
// loopback port and fetch walks the browser's path (manual redirects, cookies carried here)
// from 'Log in with Google' through the provider's sign-in page and back to /login. It refuses
// every account it did not create itself.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createAccount, type TestApp } from '../../test/helpers';
import { users } from '../db/schema/users';
import { seedDemoAccounts } from '../seed/demo-accounts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A browser's cookie store, as far as these pages need one (paths ignored: all are ours). */
class Browser {
  readonly cookies = new Map<string, string>();
  /** Every URL requested, in order. */
  readonly visited: string[] = [];

  constructor(readonly base: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.base).href;
    this.visited.push(absolute);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(absolute, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until a page answers, or until the shop's /login is reached. */
  async follow(url: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> {
    let res = await this.request(url, init);
    let current = new URL(url, this.base).href;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 10; hops += 1) {
      current = new URL(res.headers.get('location')!, current).href;
      if (new URL(current).pathname === '/login') return { res, url: current };
      res = await this.request(current);
    }
    return { res, url: current };
  }

  /** The form of a sign-in page, posted with these fields. */
  submit(page: { url: string; html: string }, fields: Record<string, string>) {
    const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
    if (!action) throw new Error(`no form on ${page.url}`);
    return this.follow(new URL(action, page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

let t: TestApp;
let base: string;
let port: number;
const consoleWarn = vi.spyOn(console, 'warn');
const consoleInfo = vi.spyOn(console, 'info');

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ OIDC_DEV_PROVIDER: 'true', PORT: String(port), AUTH_RATE_LIMIT_PER_IP: '1000' });
  await t.app.listen({ host: '127.0.0.1', port });
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  consoleWarn.mockRestore();
  consoleInfo.mockRestore();
});

/** From 'Log in with Google' to the provider's sign-in page. */
async function openSignInPage(browser: Browser) {
  const start = await browser.request('/api/auth/google');
  expect(start.status).toBe(302);
  expect(start.headers.get('location')).toMatch(new RegExp(`^${base}/oidc/auth\\?`));
  const { res, url } = await browser.follow(start.headers.get('location')!);
  expect(res.status).toBe(200);
  expect(new URL(url).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { res, url, html: await res.text() };
}

describe('the bundled development provider', () => {
  it('is announced as a development provider', async () => {
    const res = await fetch(`${base}/api/auth/config`);
    expect(await res.json()).toEqual({ google: { enabled: true, development: true } });
    const discovery = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(await discovery.json()).toMatchObject({
      issuer: `http://localhost:${port}/oidc`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs a new account in through its sign-in page, over the real authorization-code flow', async () => {
    const browser = new Browser(base);
    const page = await openSignInPage(browser);
    expect(page.html).toContain('<title>Sign in (development provider)</title>');
    expect(page.html).toMatch(/stands in for Google/);
    expect(page.html).toContain('<label for="email">Email</label>');
    expect(page.html).toMatch(/<input id="email" name="email" type="email"/);
    expect(page.html).toContain('<label for="name">Name</label>');
    expect(page.html).toMatch(/<input id="name" name="name"/);
    expect(page.html).toMatch(/<button type="submit" name="action" value="login"[^>]*>Sign in<\/button>/);
    expect(page.html).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
    expect(page.html).not.toMatch(/<script|<link|https?:\/\//);
    expect(page.res.headers.get('content-security-policy')).toContain("default-src 'self'");

    const done = await browser.submit(page, { action: 'login', email: 'Dev.Reader@Example.com', name: 'Dev Reader' });
    expect(done.url).toBe(`${base}/login?google=ok`);
    // Every hop stayed on the origin the browser started from.
    expect(browser.visited.every((url) => url.startsWith(`${base}/`))).toBe(true);
    expect(browser.visited.some((url) => url.startsWith(`${base}/api/auth/google/callback?code=`))).toBe(true);
    expect(browser.cookies.has('google_flow')).toBe(false);

    const me = await browser.request('/api/user/me');
    expect(me.status).toBe(200);
    const profile = (await me.json()) as { id: number; email: string; name: string; Rol: string };
    expect(profile).toMatchObject({ email: 'Dev.Reader@Example.com', name: 'Dev Reader', Rol: 'USER' });

    // Another sign-in shows the page again (so another e-mail can be chosen); the same e-mail,
    // in any letter case, is the same account.
    const again = new Browser(base);
    const secondPage = await openSignInPage(again);
    const second = await again.submit(secondPage, { action: 'login', email: 'dev.reader@example.com', name: '' });
    expect(second.url).toBe(`${base}/login?google=ok`);
    const sameMe = (await (await again.request('/api/user/me')).json()) as { id: number };
    expect(sameMe.id).toBe(profile.id);
  });

  it('ends at google_error=cancelled when the person cancels', async () => {
    const browser = new Browser(base);
    const page = await openSignInPage(browser);
    const done = await browser.submit(page, { action: 'cancel', email: '' });
    expect(done.url).toBe(`${base}/login?google_error=cancelled`);
    expect(browser.cookies.has('session')).toBe(false);
  });

  it('checks the e-mail address on the server and shows the page again with a message', async () => {
    const browser = new Browser(base);
    const page = await openSignInPage(browser);
    const bad = await browser.submit(page, { action: 'login', email: 'not an email', name: 'Nobody' });
    expect(bad.res.status).toBe(400);
    const html = await bad.res.text();
    expect(html).toContain('Enter a valid e-mail address');
    expect(html).toMatch(/<input id="email"[^>]*value="not an email"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="Nobody"');
    const empty = await browser.submit({ url: page.url, html }, { action: 'login', email: '  ' });
    expect(await empty.res.text()).toContain('Enter an e-mail address.');

    const fixed = await browser.submit({ url: page.url, html }, { action: 'login', email: 'fixed@example.com' });
    expect(fixed.url).toBe(`${base}/login?google=ok`);
    const me = (await (await browser.request('/api/user/me')).json()) as { name: string };
    expect(me.name).toBe('fixed');
  });

  it('refuses, on its page and in plain words, accounts it did not create', async () => {
    await seedDemoAccounts(t.database.db);
    const withPassword = await createAccount(t.database);
    const cases = [
      { email: 'admin@example.com', says: 'This e-mail belongs to an administrator' },
      {
        email: withPassword.email.toUpperCase(),
        says: 'This e-mail belongs to an account that signs in with a password',
      },
    ];
    for (const { email, says } of cases) {
      const browser = new Browser(base);
      const page = await openSignInPage(browser);
      const refused = await browser.submit(page, { action: 'login', email, name: 'Intruder' });
      expect(refused.res.status).toBe(400);
      expect(new URL(refused.url).pathname).toMatch(/^\/oidc\/interaction\//);
      const html = await refused.res.text();
      expect(html).toMatch(new RegExp(`role="alert">${says}`));
      expect((await browser.request('/api/user/me')).status).toBe(401);
    }
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(admin!.googleSubject).toBeNull();
  });

  it('shows an expired page for a sign-in this browser did not open', async () => {
    const browser = new Browser(base);
    const page = await openSignInPage(browser);
    const stranger = new Browser(base);
    const res = await stranger.request(page.url);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired');
    const post = await stranger.submit(page, { action: 'login', email: 'intruder@example.com' });
    expect(post.res.status).toBe(400);
    expect(stranger.cookies.has('session')).toBe(false);
  });

  it("renders the provider's own errors as a page of ours, with the shop's security headers", async () => {
    const res = await fetch(
      `${base}/oidc/auth?client_id=unknown&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(base)}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('<h1>Sign-in error</h1>');
    expect(html).toContain('invalid_client');
    expect(html).not.toMatch(/<script|https?:\/\/fonts/);
  });

  it('prints nothing on the console', () => {
    const printed = [...consoleWarn.mock.calls, ...consoleInfo.mock.calls].map((args) => args.join(' '));
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([]);
  });
});
