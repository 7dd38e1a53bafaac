// 'Log in with Google' (docs/product.md §2 Login, §7 POST /login/auth/google): the ID-token sign-in of the
// spec's call, the server-side authorization-code flow the web app uses (a full-page redirect
// out to the provider and back to /login?google=ok or ?google_error=<code>), and which of
// them this server offers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authConfig, googleLoginBody, loginAnswer, type GoogleErrorCode } from '@comics/shared/schemas/auth';
import { apiError } from '@comics/shared/schemas/errors';
import { HttpError } from '../../../platform/http/errors';
import { AUTH_BODY_LIMIT_BYTES, sendSignedIn } from '../routes';
import { attemptLimit } from '../rate-limits';
import { securityLog } from '../security-log';
import type { AccountService, VerifiedIdentity } from '../service';
import { secureCookies, setSessionCookie } from '../session-cookie';
import { GOOGLE_CALLBACK_PATH } from './paths';
import type { GoogleSignIn } from './google-sign-in';
import { checkState, createFlowSecrets, OidcError, type FlowSecrets } from './oidc-client';

/** The flow's state, nonce and PKCE verifier ride in this cookie from the start to the callback. */
export const FLOW_COOKIE = 'google_flow';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_TTL_SECONDS = 10 * 60;

/** Provider errors that mean the person chose not to sign in (OpenID Connect Core §3.1.2.6). */
const CANCELLED = new Set(['access_denied', 'login_required', 'consent_required', 'interaction_required']);

const googleErrors = {
  notConfigured: 'Sign-in with Google is not configured on this server.',
  invalidToken: 'The Google sign-in could not be verified.',
  unverifiedEmail: 'The e-mail address of this Google account is not verified.',
  unavailable: 'Google could not be reached to verify the sign-in. Please try again.',
};

const notConfigured = () => new HttpError(404, 'google_not_configured', googleErrors.notConfigured);

/** A parameter the callback reads; anything malformed (repeated, too long) counts as absent. */
const callbackParam = z.string().max(4096).optional().catch(undefined);
const callbackQuery = z.object({
  code: callbackParam,
  state: callbackParam,
  error: callbackParam,
  iss: callbackParam,
});

/**
 * The origin of the callback URL: PUBLIC_URL's, or the origin the browser used when it is one of
 * the few the sign-in names (the development provider's), never one a request's Host chose.
 */
function callbackOrigin(request: FastifyRequest, google: GoogleSignIn, publicUrl: string): string {
  if (!google.otherOrigins) return publicUrl;
  let used: string | null = null;
  try {
    used = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    used = null;
  }
  return used && google.otherOrigins.includes(used) ? used : publicUrl;
}

const flowCookieOptions = (request: FastifyRequest) => ({
  path: FLOW_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(request),
});

function readFlowCookie(request: FastifyRequest): FlowSecrets | null {
  const match = /^([\w-]{43})\.([\w-]{43})\.([\w-]{43})$/.exec(request.cookies[FLOW_COOKIE] ?? '');
  return match ? { state: match[1]!, nonce: match[2]!, codeVerifier: match[3]! } : null;
}

function loginRedirect(reply: FastifyReply, outcome: 'ok' | GoogleErrorCode) {
  const target = outcome === 'ok' ? '/login?google=ok' : `/login?google_error=${outcome}`;
  return reply.header('cache-control', 'no-store').redirect(target, 303);
}

/** What a failed sign-in tells the browser; never the error's details, which go to the log. */
function outcomeOf(error: unknown): GoogleErrorCode {
  if (error instanceof OidcError) {
    if (error.code === 'invalid_state' || error.code === 'timeout' || error.code === 'unverified_email') {
      return error.code;
    }
    return 'failed';
  }
  if (error instanceof HttpError) {
    if (error.code === 'account_deactivated') return 'deactivated';
    if (error.code === 'google_linked_elsewhere') return 'linked_elsewhere';
    if (error.code === 'development_sign_in_refused') return 'refused';
  }
  return 'failed';
}

export const googleRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  google: GoogleSignIn | null;
  perIpPerMinute: number;
  /** The shop's origin (PUBLIC_URL): the callback URL the provider is given is on it. */
  publicUrl: string;
}> = async (app, { accounts, google, perIpPerMinute, publicUrl }) => {
  const tags = ['accounts'];

  /** The account the verified identity reaches, and a security log line when it took one over. */
  async function signInWith(request: FastifyRequest, identity: VerifiedIdentity, via: GoogleSignIn) {
    const signedIn = await accounts.signInWithIdentity(identity, via.development ? 'development' : 'google');
    if (signedIn.takenOver) securityLog(request, 'google_account_taken_over', { userId: signedIn.account.id });
    return signedIn;
  }

  app.get(
    '/auth/config',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Which sign-in methods this server offers', response: { 200: authConfig } },
    },
    async () => ({ google: { enabled: google !== null, development: google?.development ?? false } }),
  );

  app.post(
    '/login/auth/google',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preHandler: attemptLimit(app, 'google', { perIpPerMinute }),
      schema: {
        tags,
        summary: 'Log in with a Google ID token',
        description:
          'Verifies the ID token (signature, issuer, audience, expiry, verified e-mail), signs in the account ' +
          'with that Google identity or e-mail (creating a USER account when there is none), sets the session cookie ' +
          'and answers as POST /user/login does.',
        body: googleLoginBody,
        response: {
          200: loginAnswer,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          429: apiError,
          503: apiError,
        },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const identity = await google.client.verifyIdToken(request.body.google).catch((error: unknown) => {
        if (!(error instanceof OidcError)) throw error;
        request.log.info({ reason: error.code, detail: error.detail }, 'Google ID token refused');
        if (error.code === 'invalid_token') throw new HttpError(401, 'invalid_google_token', googleErrors.invalidToken);
        if (error.code === 'unverified_email')
          throw new HttpError(403, 'unverified_email', googleErrors.unverifiedEmail);
        throw new HttpError(503, 'google_unavailable', googleErrors.unavailable);
      });
      return sendSignedIn(request, reply, await signInWith(request, identity, google));
    },
  );

  app.get(
    '/auth/google',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start the Google sign-in (redirects to the provider)',
        description:
          'Redirects the browser to the identity provider (authorization code with PKCE). The provider sends it ' +
          'back to /api/auth/google/callback, which ends at /login?google=ok or /login?google_error=<code>.',
        response: { 404: apiError },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const origin = callbackOrigin(request, google, publicUrl);
      const flow = createFlowSecrets();
      let url: string;
      try {
        url = await google.client.authorizationUrl({
          redirectUri: `${origin}${GOOGLE_CALLBACK_PATH}`,
          flow,
          ...(google.authorizationEndpointFor ? { endpoint: google.authorizationEndpointFor(origin) } : {}),
        });
      } catch (error) {
        // Discovery failed: the issuer is unreachable or misconfigured.
        request.log.warn({ reason: outcomeOf(error), detail: detailOf(error) }, 'Google sign-in could not start');
        return loginRedirect(reply, outcomeOf(error));
      }
      reply.setCookie(FLOW_COOKIE, `${flow.state}.${flow.nonce}.${flow.codeVerifier}`, {
        ...flowCookieOptions(request),
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back',
        description: 'Ends at /login?google=ok (with the session cookie set) or /login?google_error=<code>.',
        querystring: callbackQuery,
        response: { 404: apiError },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const flow = readFlowCookie(request);
      // The flow is over whatever happens next: its secrets must not serve twice.
      reply.clearCookie(FLOW_COOKIE, flowCookieOptions(request));
      const { code, state, error, iss } = request.query;
      try {
        if (!flow) throw new OidcError('invalid_state', 'no flow cookie (expired, or another browser)');
        checkState(flow.state, state);
        if (error !== undefined) {
          if (CANCELLED.has(error)) return loginRedirect(reply, 'cancelled');
          throw new OidcError('http_error', `the provider answered error=${error.slice(0, 64)}`);
        }
        if (!code) throw new OidcError('http_error', 'the callback has no code');
        const identity = await google.client.completeFlow({
          code,
          redirectUri: `${callbackOrigin(request, google, publicUrl)}${GOOGLE_CALLBACK_PATH}`,
          flow,
          iss,
        });
        const signedIn = await signInWith(request, identity, google);
        setSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
        // Like every sign-in (sendSignedIn): this browser becomes one of the account's known devices.
        await request.server.knownDevices.remember(request, reply, signedIn.account.id);
        return loginRedirect(reply, 'ok');
      } catch (failure) {
        const outcome = outcomeOf(failure);
        request.log.warn({ reason: outcome, detail: detailOf(failure) }, 'Google sign-in failed');
        return loginRedirect(reply, outcome);
      }
    },
  );
};

/** For the log: what failed, never a code, token or secret (our errors hold none). */
function detailOf(error: unknown): string {
  if (error instanceof OidcError) return `${error.code}: ${error.detail}`;
  if (error instanceof HttpError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
