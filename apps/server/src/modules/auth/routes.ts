// Accounts API of docs/product.md §7: sign-up, password login, logout, and who the session belongs to.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginAnswer,
  loginBody,
  profile,
  signupAnswer,
  signupBody,
  type LoginAnswer,
} from '@comics/shared/schemas/auth';
import { apiError } from '@comics/shared/schemas/errors';
import { callerOf } from './access';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';
import { HttpError } from '../../platform/http/errors';
import type { LockoutNotices } from './lockout-notice';
import { createLoginBrakes } from './login-brakes';
import { attemptLimit, SIGNUP_PER_EMAIL } from './rate-limits';
import { securityLog } from './security-log';
import type { AccountService, SignedIn } from './service';
import { clearSessionCookie, readCredential, setSessionCookie } from './session-cookie';

/** Auth bodies are a few short strings: anything bigger is not a sign-in. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** The login answer of docs/product.md §3, in the spec's wire names (`Rol`). */
function toLoginAnswer({ token, account }: SignedIn): LoginAnswer {
  return { token, name: account.username, Rol: account.role, id: account.id, email: account.email };
}

/**
 * Every way of signing in answers alike: the session cookie, the known-device cookie (this browser
 * is now one of the account's known devices), and the login answer, never cached.
 */
export async function sendSignedIn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
  setSessionCookie(request, reply, signedIn.token, signedIn.expiresAt);
  await request.server.knownDevices.remember(request, reply, signedIn.account.id);
  return reply.header('cache-control', 'no-store').send(toLoginAnswer(signedIn));
}

export const authRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  perIpPerMinute: number;
  /** Where the login brakes count failures (shared.attempts: Redis when instances share one). */
  attempts: AttemptCounter;
  lockoutNotices: LockoutNotices;
}> = async (app, { accounts, perIpPerMinute, attempts, lockoutNotices }) => {
  const tags = ['accounts'];
  const brakes = createLoginBrakes({
    attempts,
    perIpPerMinute,
    devices: app.knownDevices,
    findAccount: accounts.accountFor,
    onAccountLocked: lockoutNotices.accountLocked,
  });

  app.post(
    '/user/signup',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      preHandler: attemptLimit(app, 'signup', { perIpPerMinute, perEmail: SIGNUP_PER_EMAIL }),
      schema: {
        tags,
        summary: 'Create a USER account',
        body: signupBody,
        response: { 201: signupAnswer, 400: apiError, 409: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { id, username, email } = await accounts.signup(request.body);
      securityLog(request, 'signed_up', { userId: id });
      return reply.code(201).send({ id, username, email });
    },
  );

  app.post(
    '/user/login',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          'Sets the httpOnly session cookie and the known-device cookie, and answers the token for API clients ' +
          '(Authorization: Bearer). Wrong passwords are braked (429 with Retry-After) per account and per IP, ' +
          'except from a browser that signed into the account before, which has a budget of its own.',
        body: loginBody,
        response: { 200: loginAnswer, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Before any password work: a braked attempt is refused here (429), costing nothing.
      const attempt = await brakes.begin(request, email);
      const signedIn = await accounts
        .login(email, password, { account: attempt.account })
        .catch(async (error: unknown) => {
          // A wrong password (or an account that signs in with Google) keeps its failure; anything
          // else, a deactivated account's right password included, is no guess and gives it back.
          const wrong = error instanceof HttpError && error.statusCode === 401;
          await (wrong ? attempt.failed() : attempt.succeeded());
          if (error instanceof HttpError) securityLog(request, 'login_failed', { email, reason: error.code });
          throw error;
        });
      await attempt.succeeded();
      return sendSignedIn(request, reply, signedIn);
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: { tags, summary: 'Revoke the current session', response: { 204: z.null(), 403: apiError } },
    },
    async (request, reply) => {
      const credential = readCredential(request);
      if (credential) await accounts.logout(credential.token);
      clearSessionCookie(request, reply);
      // The browser drops what it cached for this origin (page images past the preview are kept
      // `private` for hours): the next person at a shared computer cannot open them from the
      // cache. Only "cache": cookies (a known-device cookie) and storage (the theme) outlive a logout.
      reply.header('clear-site-data', '"cache"');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in account', response: { 200: profile, 401: apiError } },
    },
    // The session's own look-up already read the account: no second query.
    async (request) => {
      const { id, username, email, role, picture } = callerOf(request);
      return { id, name: username, email, Rol: role, picture };
    },
  );
};
