// Brakes on sign-up and the Google sign-in: a budget of attempts per client IP, and for sign-ups a
// tighter one per e-mail address (so spreading attempts over many IPs does not help). Over either
// budget the answer is 429 with Retry-After, and a security log line says who was locked out.
// Counters live in @fastify/rate-limit's store (Redis when instances share one). The password
// login counts failures instead, and spares its owner's browsers: login-brakes.ts.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requestBudget, type BudgetCheck } from '../../platform/limits/request-budget';
import { securityLog } from './security-log';

const MINUTE = 60_000;

export interface AttemptBudget {
  /** Attempts one IP may make per minute (configurable: many users can share one NAT). */
  perIpPerMinute: number;
  /** Attempts naming one e-mail address, and the window they are counted in. */
  perEmail?: { max: number; windowMs: number };
}

/** Sign-ups naming one e-mail address: generous for a person, useless for probing. */
export const SIGNUP_PER_EMAIL = { max: 5, windowMs: 60 * MINUTE };

function emailOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
}

export function attemptLimit(app: FastifyInstance, name: string, budget: AttemptBudget): preHandlerAsyncHookHandler {
  const check = (by: 'ip' | 'email', max: number, windowMs: number, key: (request: FastifyRequest) => string) =>
    requestBudget(app, name, {
      max,
      windowMs,
      key: (request) => `${by}:${key(request)}`,
      refusal: 'Too many attempts.',
      onExceeded: (request) => securityLog(request, 'locked_out', { attempt: name, by }),
    });
  const perIp = check('ip', budget.perIpPerMinute, MINUTE, (request) => request.ip);
  const perEmail =
    budget.perEmail && check('email', budget.perEmail.max, budget.perEmail.windowMs, (r) => emailOf(r) ?? '');

  return async (request, reply) => {
    const checks: BudgetCheck[] = perEmail && emailOf(request) !== null ? [perIp, perEmail] : [perIp];
    for (const within of checks) await within(request, reply);
  };
}
