// 'Forgot password?' over HTTP: POST /api/user/password/forgot asks for a link, POST
// /api/user/password/reset sets the new password with it. The forgot answer is sent before
// anything about the address is looked up (the work runs once the answer has gone), so an
// existing and an unknown address get the same answer in the same time. Brakes, counted in the
// attempt counters every instance shares (Redis with REDIS_URL):
// - links per address: FORGOT_PER_ADDRESS, in a window as long as a link lives, so whenever one
//   is refused the last link sent is still valid: asking for someone's address never leaves its
//   owner without a working link;
// - link requests per IP: FORGOT_PER_IP, so one client cannot mail every address it knows (a
//   browser that signed in to the account before is spared it: known-devices.ts);
// - failed resets per IP: RESET_FAILURES_PER_IP (tokens are 256-bit: this only bounds the work).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordAnswer,
  forgotPasswordBody,
  RESET_LINK_MINUTES,
  resetPasswordAnswer,
  resetPasswordBody,
} from '@comics/shared/schemas/auth';
import { apiError } from '@comics/shared/schemas/errors';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';
import { inMinutes, tryAgainLater } from '../../platform/http/errors';
import { createFailureBudget, type Reserved } from '../../platform/limits/failure-budget';
import { loggableError } from '../../platform/logging/loggable-error';
import { isLinkUnusable, type PasswordResetService } from './password-reset';
import { AUTH_BODY_LIMIT_BYTES } from './routes';
import { securityLog } from './security-log';

const MINUTE = 60_000;

export const FORGOT_PER_ADDRESS = { max: 3, windowMs: RESET_LINK_MINUTES * MINUTE };
export const FORGOT_PER_IP = { max: 20, windowMs: 60 * MINUTE };
export const RESET_FAILURES_PER_IP = { max: 20, windowMs: 60 * MINUTE };

/** The one forgot answer, whatever the address. */
export const FORGOT_ANSWER = {
  message: `If an account exists for this address, we have sent it a link to choose a new password. It is valid for ${RESET_LINK_MINUTES} minutes.`,
};

/** A 429 with Retry-After, its words saying how long to wait, and a security log line saying what was braked. */
function refuse(
  request: FastifyRequest,
  attempt: 'password_forgot' | 'password_reset',
  by: 'ip' | 'email',
  retryAfterMs: number,
  message: (wait: string) => string,
) {
  securityLog(request, 'locked_out', { attempt, by });
  return tryAgainLater(429, 'rate_limited', message(inMinutes(retryAfterMs)), retryAfterMs / 1000);
}

export interface PasswordResetRouteOptions {
  resets: PasswordResetService;
  /** The shared attempt counters (app.ts `shared.attempts`). */
  attempts: AttemptCounter;
  /**
   * Whether this browser signed in to the account `email` names before (its known-device
   * cookie): it skips the per-IP budget, so strangers asking from the owner's office or carrier
   * NAT cannot keep the owner from a link. The per-address budget applies all the same.
   */
  knownDevice: (request: FastifyRequest, email: string) => Promise<boolean>;
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRouteOptions> = async (
  app,
  { resets, attempts, knownDevice },
) => {
  const tags = ['accounts'];
  const perAddress = createFailureBudget(attempts, 'password-forgot-address', FORGOT_PER_ADDRESS);
  const perIp = createFailureBudget(attempts, 'password-forgot-ip', FORGOT_PER_IP);
  const resetFailures = createFailureBudget(attempts, 'password-reset-ip', RESET_FAILURES_PER_IP);

  /** Counts a link request against its IP and its address; throws the 429 when either is spent. */
  async function withinForgotBudgets(request: FastifyRequest, address: string): Promise<void> {
    const ip: Reserved | null = (await knownDevice(request, address)) ? null : await perIp.reserve(request.ip);
    if (ip && !ip.allowed) {
      throw refuse(
        request,
        'password_forgot',
        'ip',
        ip.retryAfterMs,
        (wait) => `Too many requests for new passwords from your network. Ask again in ${wait}.`,
      );
    }
    const byAddress = await perAddress.reserve(address);
    if (!byAddress.allowed) {
      // Nothing is sent for this request: it does not count against the IP either.
      await ip?.reservation.succeeded();
      throw refuse(
        request,
        'password_forgot',
        'email',
        byAddress.retryAfterMs,
        (wait) =>
          `A link was sent to this address a short while ago: check your inbox and spam folder, or ask again in ${wait}.`,
      );
    }
  }

  app.post(
    '/user/password/forgot',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: "Mail a link to choose a new password ('Forgot password?')",
        description:
          'Answers 202 alike whether or not the address has an account; the link (valid 30 minutes, single use) goes to the address only when it has one.',
        body: forgotPasswordBody,
        response: { 202: forgotPasswordAnswer, 400: apiError, 429: apiError },
      },
      preHandler: async (request) => withinForgotBudgets(request, request.body.email.toLowerCase()),
      // After the answer has gone: the look-up, the link and the e-mail. Errors go to the log only.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        try {
          const outcome = await resets.sendLink(request.body.email);
          securityLog(request, 'password_reset_requested', { outcome });
        } catch (error) {
          request.log.error({ error: loggableError(error) }, 'password reset link not sent');
        }
      },
    },
    async (_request, reply) => reply.code(202).header('cache-control', 'no-store').send(FORGOT_ANSWER),
  );

  app.post(
    '/user/password/reset',
    {
      config: { access: 'public' },
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: "Set a new password with a 'Forgot password?' link",
        description:
          'Uses the link once, ends every session of the account and answers its e-mail for the login form; it does not sign in.',
        body: resetPasswordBody,
        response: { 200: resetPasswordAnswer, 400: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const reserved = await resetFailures.reserve(request.ip);
      if (!reserved.allowed) {
        throw refuse(
          request,
          'password_reset',
          'ip',
          reserved.retryAfterMs,
          (wait) => `Too many tries with links that do not work. Try again in ${wait}.`,
        );
      }
      try {
        const account = await resets.reset(request.body.token, request.body.password);
        await reserved.reservation.succeeded();
        securityLog(request, 'password_reset', { userId: account.id });
        return reply.header('cache-control', 'no-store').send({ email: account.email });
      } catch (error) {
        // Only a link that did not work counts against the IP (a common password tried no link).
        if (isLinkUnusable(error)) {
          await reserved.reservation.failed();
          securityLog(request, 'password_reset_refused', { reason: 'link_unusable' });
        } else await reserved.reservation.succeeded();
        throw error;
      }
    },
  );
};
