// Brute-force brakes on sign-in and sign-up: a budget per client IP and a tighter one per
// e-mail address (so spreading a password guess over many IPs does not help). Over either
// budget the answer is 429 with Retry-After. Counters live in the process; the scale-out
// work moves them to Redis.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/errors';
import { securityLog } from './security-log';

const MINUTE = 60_000;

export interface AttemptBudget {
  /** Attempts one IP may make per minute (configurable: many users can share one NAT). */
  perIpPerMinute: number;
  /** Attempts naming one e-mail address, and the window they are counted in. */
  perEmail?: { max: number; windowMs: number };
}

/** Per-e-mail budgets: generous for a person, useless for guessing passwords. */
export const LOGIN_PER_EMAIL = { max: 10, windowMs: 15 * MINUTE };
export const SIGNUP_PER_EMAIL = { max: 5, windowMs: 60 * MINUTE };

function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

export function attemptLimit(app: FastifyInstance, name: string, budget: AttemptBudget): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: budget.perIpPerMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const perEmail =
    budget.perEmail &&
    app.createRateLimit({
      max: budget.perEmail.max,
      timeWindow: budget.perEmail.windowMs,
      keyGenerator: (request) => `${name}:email:${emailOf(request)}`,
    });

  return async (request, reply) => {
    const limits = perEmail && emailOf(request) !== null ? [perIp, perEmail] : [perIp];
    for (const limit of limits) {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) {
        securityLog(request, 'locked_out', { attempt: name, by: limit === perIp ? 'ip' : 'email' });
        reply.header('retry-after', String(state.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${state.ttlInSeconds} seconds.`);
      }
    }
  };
}
