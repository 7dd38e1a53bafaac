// 'Log in with Google' against a real local OpenID issuer: a node:http server started here
// serves discovery, its JWKS and a token endpoint, and the tokens are minted with jose. Covers
// the ID-token sign-in of docs/product.md §7, the authorization-code flow with PKCE the web app uses, and
// what a server without any provider answers.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, TEST_ORIGIN, type TestApp } from '../../../../test/helpers';
import { users } from '../../../db/schema/users';
import { createFlowSecrets, OidcClient } from './oidc-client';

const CLIENT_ID = 'shop-client.apps.example';
const CLIENT_SECRET = 'local-issuer-secret';

interface TokenRequest {
  body: URLSearchParams;
  authorization: string | undefined;
}

/** How the issuer signs an ID token, when not as itself (RS256 with its published key). */
interface Signing {
  key?: CryptoKey | Uint8Array;
  alg?: string;
  kid?: string;
  iat?: number;
  exp?: number;
}

interface PendingCode {
  challenge: string;
  nonce: string;
  redirectUri: string;
  claims: JWTPayload;
  sign: Signing;
}

type TokenHandler = (request: TokenRequest, res: ServerResponse) => void | Promise<void>;

/**
 * client_secret_basic as an authorization server reads it: RFC 6749 §2.3.1 form-encodes the id
 * and the secret before they are joined (the client may encode more than it must, as '-' and '.').
 */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null {
  if (!authorization?.startsWith('Basic ')) return null;
  const [id = '', secret = ''] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  return { id: formDecode(id), secret: formDecode(secret) };
}

/** An OpenID issuer on 127.0.0.1 that behaves like Google's as far as the shop can tell. */
async function startLocalIssuer(options: { authMethods?: string[] } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'issuer-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const tokenRequests: TokenRequest[] = [];
  let url = '';

  async function idToken(claims: JWTPayload = {}, sign: Signing = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: url,
      aud: CLIENT_ID,
      sub: `sub-${randomBytes(6).toString('hex')}`,
      email: `reader-${randomBytes(4).toString('hex')}@gmail.test`,
      email_verified: true,
      name: 'Google Reader',
      picture: 'https://lh3.googleusercontent.test/a/photo.png',
      iat: sign.iat ?? now,
      exp: sign.exp ?? now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: sign.alg ?? 'RS256', kid: sign.kid ?? kid, typ: 'JWT' })
      .sign(sign.key ?? privateKey);
  }

  /** The authorization server's token endpoint: client authentication, the code, PKCE. */
  const standardToken: TokenHandler = async ({ body, authorization }, res) => {
    const reply = (status: number, answer: object) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    const basic = basicCredentials(authorization);
    const authenticated =
      (basic?.id === CLIENT_ID && basic.secret === CLIENT_SECRET) ||
      (body.get('client_id') === CLIENT_ID && body.get('client_secret') === CLIENT_SECRET);
    if (!authenticated) return reply(401, { error: 'invalid_client' });
    const code = codes.get(body.get('code') ?? '');
    codes.delete(body.get('code') ?? '');
    const verifier = body.get('code_verifier') ?? '';
    if (
      body.get('grant_type') !== 'authorization_code' ||
      !code ||
      code.redirectUri !== body.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== code.challenge
    ) {
      return reply(400, { error: 'invalid_grant' });
    }
    return reply(200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: await idToken({ nonce: code.nonce, ...code.claims }, code.sign),
    });
  };

  const issuer = {
    url: '',
    tokenRequests,
    idToken,
    onToken: standardToken,
    standardToken,
    /** What the issuer does at its authorization endpoint once the person has signed in. */
    issueCode(authorizationUrl: string, claims: JWTPayload = {}, sign: Signing = {}): string {
      const params = new URL(authorizationUrl).searchParams;
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        challenge: params.get('code_challenge') ?? '',
        nonce: params.get('nonce') ?? '',
        redirectUri: params.get('redirect_uri') ?? '',
        claims,
        sign,
      });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: url,
          authorization_endpoint: `${url}/authorize`,
          token_endpoint: `${url}/token`,
          jwks_uri: `${url}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: options.authMethods ?? ['client_secret_basic', 'client_secret_post'],
        }),
      );
    } else if (path === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else if (path === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          body: new URLSearchParams(Buffer.concat(chunks).toString()),
          authorization: req.headers.authorization,
        };
        tokenRequests.push(request);
        void issuer.onToken(request, res);
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  return issuer;
}
type LocalIssuer = Awaited<ReturnType<typeof startLocalIssuer>>;

/** The shop's address (PUBLIC_URL), unlike the Host inject() sends: the callback URL is on it. */
const SHOP_URL = 'http://shop.localhost:8080';
const CALLBACK_URL = `${SHOP_URL}/api/auth/google/callback`;

const oidcEnv = (issuer: LocalIssuer, extra: Record<string, string> = {}) => ({
  PUBLIC_URL: SHOP_URL,
  OIDC_ISSUER: issuer.url,
  OIDC_CLIENT_ID: CLIENT_ID,
  OIDC_CLIENT_SECRET: CLIENT_SECRET,
  AUTH_RATE_LIMIT_PER_IP: '1000',
  ...extra,
});

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0]?.split('=').slice(1).join('=');

let issuer: LocalIssuer;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  issuer = await startLocalIssuer();
  t = await buildTestApp({ ...oidcEnv(issuer), LOG_LEVEL: 'info' }, { write: (line) => logLines.push(line) });
});
afterAll(() => issuer.close());

const signIn = (app: TestApp['app'], payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login/auth/google', payload: payload as object, headers });

describe('POST /api/login/auth/google (ID token)', () => {
  it('creates a USER account with the Google picture, sets the session cookie, and links the next sign-in', async () => {
    const claims = { sub: 'google-sub-1', email: 'first.reader@gmail.test', name: 'First Reader' };
    const res = await signIn(t.app, { google: await issuer.idToken(claims) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      name: 'First Reader',
      Rol: 'USER',
      id: expect.any(Number),
      email: 'first.reader@gmail.test',
    });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`session=${answer.token};.*HttpOnly`, 'i'));
    // Like every sign-in, it makes this browser one of the account's known devices.
    expect(cookieFrom(res.headers['set-cookie'], 'known_device')).toMatch(
      new RegExp(`^known_device=${answer.id}\\.[\\w-]{22}\\.\\d{13}\\.[\\w-]{22}; Max-Age=31536000; .*HttpOnly`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, answer.id));
    expect(row).toMatchObject({
      role: 'USER',
      googleSubject: 'google-sub-1',
      pictureUrl: 'https://lh3.googleusercontent.test/a/photo.png',
      passwordHash: null,
    });

    const again = await signIn(t.app, { google: await issuer.idToken(claims) });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(answer.id);
    expect(again.json().token).not.toBe(answer.token);
  });

  it('takes over a password account whose e-mail nobody proved, in any letter case', async () => {
    const account = await createAccount(t.database, { username: 'Pat', password: 'squatted-pass' });
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: 'squatted-pass' },
    });
    const res = await signIn(t.app, { google: await issuer.idToken({ email: account.email.toUpperCase() }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: account.id, name: 'Pat', email: account.email });
    const rows = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(rows[0]!.googleSubject).toMatch(/^sub-/);
    expect(rows[0]!.passwordHash).toBeNull();
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${squatter.json<{ token: string }>().token}` },
    });
    expect(old.statusCode).toBe(401);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line.security === 'google_account_taken_over').at(-1)).toMatchObject({
      userId: account.id,
    });
  });

  it('refuses to relink an account linked to another Google subject (409, and the flow says so)', async () => {
    const first = await signIn(t.app, { google: await issuer.idToken({ email: 'twice@gmail.test', sub: 'sub-one' }) });
    expect(first.statusCode).toBe(200);
    const second = await signIn(t.app, { google: await issuer.idToken({ email: 'twice@gmail.test', sub: 'sub-two' }) });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('google_linked_elsewhere');
  });

  const refused = { code: 'invalid_google_token', error: 'The Google sign-in could not be verified.' };

  it('refuses a token for another audience, from another issuer, or with a bad signature', async () => {
    const other = await generateKeyPair('RS256');
    const tokens = [
      await issuer.idToken({ aud: 'someone-else.apps.example' }),
      await issuer.idToken({ iss: 'https://accounts.example.test' }),
      await issuer.idToken({}, { key: other.privateKey }), // same kid, another key
    ];
    for (const google of tokens) {
      const res = await signIn(t.app, { google });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refused);
    }
  });

  it('allows 60 s of clock skew on expiry, and no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const late = await signIn(t.app, { google: await issuer.idToken({}, { iat: now - 3600, exp: now - 90 }) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(refused);
    const skewed = await signIn(t.app, { google: await issuer.idToken({}, { iat: now - 3600, exp: now - 30 }) });
    expect(skewed.statusCode, skewed.body).toBe(200);
    const future = await signIn(t.app, { google: await issuer.idToken({}, { iat: now + 600, exp: now + 3600 }) });
    expect(future.statusCode).toBe(401);
  });

  it('refuses unsigned and HMAC tokens, and garbage', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: issuer.url, aud: CLIENT_ID, sub: 'x', email: 'x@gmail.test', email_verified: true };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 600 })}.`;
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'issuer-key-1' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(CLIENT_SECRET));
    for (const google of [none, hmac, 'not-a-token', 'a.b.c', 'x'.repeat(8000)]) {
      const res = await signIn(t.app, { google });
      expect(res.statusCode, google.slice(0, 30)).toBe(401);
      expect(res.json()).toEqual(refused);
    }
  });

  it('refuses an unverified e-mail address with 403', async () => {
    const res = await signIn(t.app, { google: await issuer.idToken({ email_verified: false }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('unverified_email');
    const missing = await signIn(t.app, { google: await issuer.idToken({ email_verified: undefined }) });
    expect(missing.statusCode).toBe(403);
  });

  it('opens no session for a deactivated account', async () => {
    const account = await createAccount(t.database, { active: false });
    const res = await signIn(t.app, { google: await issuer.idToken({ email: account.email }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_deactivated');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 naming the field when the token is missing, and refuses cross-site posts', async () => {
    const res = await signIn(t.app, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ google: 'The Google ID token is required' });
    const forged = await signIn(t.app, { google: 'x' }, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
  });

  it('limits attempts per IP', async () => {
    const limited = await buildTestApp({ ...oidcEnv(issuer), AUTH_RATE_LIMIT_PER_IP: '2' });
    for (let i = 0; i < 2; i += 1) expect((await signIn(limited.app, { google: 'x' })).statusCode).toBe(401);
    const res = await signIn(limited.app, { google: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the authorization-code flow', () => {
  /** GET /api/auth/google, as the browser does it: the provider URL and the flow cookie. */
  async function start(app: TestApp['app'] = t.app) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    const flowCookie = cookieFrom(res.headers['set-cookie'], 'google_flow');
    return {
      res,
      location: String(res.headers.location),
      flowCookie,
      cookie: `google_flow=${cookieValue(flowCookie)}`,
    };
  }

  const callback = (query: Record<string, string>, cookie?: string, app: TestApp['app'] = t.app) =>
    app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?${new URLSearchParams(query)}`,
      headers: cookie ? { cookie } : {},
    });

  it('redirects to the provider with PKCE (S256), state, nonce and the callback URL, and sets the flow cookie', async () => {
    const { res, location, flowCookie } = await start();
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.url}/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK_URL,
      scope: 'openid profile email',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(params.state).not.toBe(params.nonce);
    expect(flowCookie).toMatch(/; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax$/);
    expect(flowCookie).toContain(params.state);
    expect(flowCookie).not.toContain(params.code_challenge);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the provider a callback URL on PUBLIC_URL whatever Host or X-Forwarded-Host the request names', async () => {
    const proxied = await buildTestApp(oidcEnv(issuer, { TRUST_PROXY: '1' }));
    const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    for (const app of [t.app, proxied.app]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/google', headers: hostile });
      expect(res.statusCode).toBe(302);
      expect(new URL(String(res.headers.location)).searchParams.get('redirect_uri')).toBe(CALLBACK_URL);
    }
  });

  it('exchanges the code with its PKCE verifier, checks the nonce, and signs the browser in', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const code = issuer.issueCode(location, { email: 'flow.reader@gmail.test', name: 'Flow Reader', sub: 'flow-sub' });
    const before = issuer.tokenRequests.length;

    const res = await callback({ code, state, scope: 'email profile openid', authuser: '0' }, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?google=ok');
    expect(issuer.tokenRequests.length - before).toBe(1);
    const request = issuer.tokenRequests.at(-1)!;
    expect(Object.fromEntries(request.body)).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK_URL,
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(basicCredentials(request.authorization)).toEqual({ id: CLIENT_ID, secret: CLIENT_SECRET });

    // The flow cookie is cleared; the session cookie works.
    expect(cookieFrom(res.headers['set-cookie'], 'google_flow')).toMatch(/google_flow=;.*Expires=Thu, 01 Jan 1970/);
    const session = cookieValue(cookieFrom(res.headers['set-cookie'], 'session'));
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: `session=${session}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'flow.reader@gmail.test', name: 'Flow Reader', Rol: 'USER' });
    const device = cookieFrom(res.headers['set-cookie'], 'known_device');
    expect(device).toMatch(new RegExp(`^known_device=${me.json().id}\\.`));
    expect(device).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);

    // The same flow cannot be replayed: its cookie is gone, and with it the verifier.
    const replay = await callback({ code, state });
    expect(replay.headers.location).toBe('/login?google_error=invalid_state');
  });

  it('sends client_secret_post when the issuer supports only that', async () => {
    const postOnly = await startLocalIssuer({ authMethods: ['client_secret_post'] });
    try {
      const app = (await buildTestApp(oidcEnv(postOnly))).app;
      const { location, cookie } = await start(app);
      const code = postOnly.issueCode(location);
      const res = await callback({ code, state: new URL(location).searchParams.get('state')! }, cookie, app);
      expect(res.headers.location).toBe('/login?google=ok');
      const request = postOnly.tokenRequests[0]!;
      expect(request.authorization).toBeUndefined();
      expect(request.body.get('client_id')).toBe(CLIENT_ID);
      expect(request.body.get('client_secret')).toBe(CLIENT_SECRET);
    } finally {
      await postOnly.close();
    }
  });

  it('refuses a state that does not match the flow cookie, or no flow cookie, before any token request', async () => {
    const { location, cookie } = await start();
    const code = issuer.issueCode(location);
    const before = issuer.tokenRequests.length;
    const mismatch = await callback({ code, state: 'x'.repeat(43) }, cookie);
    expect(mismatch.statusCode).toBe(303);
    expect(mismatch.headers.location).toBe('/login?google_error=invalid_state');
    expect(cookieFrom(mismatch.headers['set-cookie'], 'google_flow')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const noCookie = await callback({ code, state: new URL(location).searchParams.get('state')! });
    expect(noCookie.headers.location).toBe('/login?google_error=invalid_state');
    const noState = await callback({ code }, cookie);
    expect(noState.headers.location).toBe('/login?google_error=invalid_state');
    expect(issuer.tokenRequests.length).toBe(before);
  });

  it('says cancelled when the person declines at the provider', async () => {
    const { location, cookie } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const res = await callback({ error: 'access_denied', error_description: 'denied', state }, cookie);
    expect(res.headers.location).toBe('/login?google_error=cancelled');
    const other = await start();
    const failed = await callback(
      { error: 'server_error', state: new URL(other.location).searchParams.get('state')! },
      other.cookie,
    );
    expect(failed.headers.location).toBe('/login?google_error=failed');
  });

  it('fails on an ID token carrying another nonce', async () => {
    const { location, cookie } = await start();
    const code = issuer.issueCode(location, { nonce: 'not-the-flow-nonce' });
    const res = await callback({ code, state: new URL(location).searchParams.get('state')! }, cookie);
    expect(res.headers.location).toBe('/login?google_error=failed');
    expect(res.headers['set-cookie']).not.toContain('session=');
  });

  /** A whole flow whose token request answers an ID token with these claims, signed so. */
  async function flowWith(claims: JWTPayload, sign: Signing = {}, query: Record<string, string> = {}) {
    const { location, cookie } = await start();
    const code = issuer.issueCode(location, claims, sign);
    const res = await callback({ code, state: new URL(location).searchParams.get('state')!, ...query }, cookie);
    return String(res.headers.location);
  }

  it('verifies the ID token of the code exchange: signature, algorithm, issuer, audience, azp and times', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = await generateKeyPair('RS256');
    const refused: Array<[JWTPayload, Signing?]> = [
      [{ aud: 'someone-else.apps.example' }],
      [{ iss: 'https://accounts.example.test' }],
      [{ aud: [CLIENT_ID, 'someone-else.apps.example'], azp: 'someone-else.apps.example' }],
      [{ azp: 'someone-else.apps.example' }],
      [{}, { key: other.privateKey }], // same kid, another key
      [{}, { alg: 'HS256', key: new TextEncoder().encode(CLIENT_SECRET) }],
      [{}, { iat: now - 3600, exp: now - 90 }],
      [{}, { iat: now + 600, exp: now + 3600 }],
    ];
    for (const [claims, sign] of refused) {
      const before = logLines.length;
      expect(await flowWith(claims, sign), JSON.stringify({ claims, sign })).toBe('/login?google_error=failed');
      expect(logLines.slice(before).join('\n')).toContain('invalid_token');
    }
    expect(await flowWith({}, { iat: now - 3600, exp: now - 30 })).toBe('/login?google=ok'); // 60 s of leeway
  });

  it('checks the issuer the authorization response names (RFC 9207)', async () => {
    expect(await flowWith({}, {}, { iss: 'https://accounts.example.test' })).toBe('/login?google_error=failed');
    expect(await flowWith({}, {}, { iss: issuer.url })).toBe('/login?google=ok');
  });

  it('maps an unverified e-mail, a deactivated account and a refused code to their codes', async () => {
    const run = async (claims: JWTPayload, code?: string) => {
      const { location, cookie } = await start();
      const issued = issuer.issueCode(location, claims);
      const res = await callback({ code: code ?? issued, state: new URL(location).searchParams.get('state')! }, cookie);
      return res.headers.location;
    };
    expect(await run({ email_verified: false })).toBe('/login?google_error=unverified_email');
    const deactivated = await createAccount(t.database, { active: false });
    expect(await run({ email: deactivated.email })).toBe('/login?google_error=deactivated');
    const before = issuer.tokenRequests.length;
    expect(await run({}, 'a-code-the-issuer-never-gave')).toBe('/login?google_error=failed');
    expect(issuer.tokenRequests.length - before).toBe(1); // a 4xx answer is not retried
  });

  it('retries the token request after 5xx answers, 3 attempts in all', async () => {
    let calls = 0;
    issuer.onToken = (request, res) => {
      calls += 1;
      if (calls < 3) return void res.writeHead(503).end('busy');
      return issuer.standardToken(request, res);
    };
    try {
      const { location, cookie } = await start();
      const code = issuer.issueCode(location);
      const res = await callback({ code, state: new URL(location).searchParams.get('state')! }, cookie);
      expect(res.headers.location).toBe('/login?google=ok');
      expect(calls).toBe(3);
    } finally {
      issuer.onToken = issuer.standardToken;
    }
  });

  it('gives up with timeout after exactly 3 attempts at a token endpoint that never answers', async () => {
    const impatient = await buildTestApp(oidcEnv(issuer, { OIDC_HTTP_TIMEOUT_MS: '200' }));
    let calls = 0;
    issuer.onToken = () => {
      calls += 1; // and never answer
    };
    try {
      const { location, cookie } = await start(impatient.app);
      const code = issuer.issueCode(location);
      const startedAt = Date.now();
      const res = await callback({ code, state: new URL(location).searchParams.get('state')! }, cookie, impatient.app);
      expect(res.headers.location).toBe('/login?google_error=timeout');
      expect(calls).toBe(3);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3 * 200);
    } finally {
      issuer.onToken = issuer.standardToken;
    }
  });

  it('logs no code, state, verifier, token or secret', async () => {
    const { location, cookie } = await start();
    const code = issuer.issueCode(location);
    const state = new URL(location).searchParams.get('state')!;
    const res = await callback({ code, state }, cookie);
    const session = cookieValue(cookieFrom(res.headers['set-cookie'], 'session'))!;
    const idToken = await issuer.idToken();
    await signIn(t.app, { google: idToken });
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/auth/google/callback');
    expect(logs).toContain('Google sign-in failed'); // earlier failures are logged…
    for (const secret of [code, state, cookieValue(cookie)!, session, idToken, CLIENT_SECRET]) {
      expect(logs).not.toContain(secret); // …without what would let anyone replay them
    }
  });
});

describe('the OpenID client', () => {
  it('sends plain HTTP only to loopback addresses or to an issuer configured as http', async () => {
    const https = 'https://issuer.example.test';
    const client = new OidcClient({
      issuer: https,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      timeoutMs: 1000,
      metadata: {
        issuer: https,
        authorization_endpoint: `${https}/authorize`,
        token_endpoint: 'http://issuer.example.test/token',
        jwks_uri: `${https}/jwks`,
      },
    });
    const flow = createFlowSecrets();
    await expect(client.completeFlow({ code: 'x', redirectUri: 'http://localhost/callback', flow })).rejects.toEqual(
      expect.objectContaining({
        code: 'http_error',
        detail: 'POST http://issuer.example.test/token refused: not https',
      }),
    );
  });
});

describe('a server without any identity provider', () => {
  it('says Google sign-in is off, clearly', async () => {
    const bare = await buildTestApp();
    const config = await bare.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toEqual({ google: { enabled: false, development: false } });
    const start = await bare.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({
      code: 'google_not_configured',
      error: 'Sign-in with Google is not configured on this server.',
    });
    const post = await bare.app.inject({
      method: 'POST',
      url: '/api/login/auth/google',
      payload: { google: 'x' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(post.statusCode).toBe(404);
    const oidc = await bare.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(oidc.statusCode).toBe(404);
  });

  it('answers enabled and not development with a configured issuer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ google: { enabled: true, development: false } });
  });
});
