// Request budgets: how many requests sharing a key (a client IP, an e-mail address) may pass in
// a window, as a check a handler awaits only where the work is costly (a sign-in, a read that
// misses the cache), so cheap requests never pay for it. Over budget: 429 with Retry-After and
// the API's error shape. Counters live in the process, in @fastify/rate-limit's store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/** Resolves when the request is within its budget; throws the 429 otherwise. */
export type BudgetCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Budget {
  max: number;
  windowMs: number;
  /** What the requests are counted by; `name` keeps this budget's counters apart from others'. */
  key: (request: FastifyRequest) => string;
  /** Words for the 429 before 'Try again in N seconds.' */
  refusal?: string;
  /** Told of each refused request (the sign-in budgets log a lock-out). */
  onExceeded?: (request: FastifyRequest) => void;
}

export function requestBudget(app: FastifyInstance, name: string, budget: Budget): BudgetCheck {
  const limit = app.createRateLimit({
    max: budget.max,
    timeWindow: budget.windowMs,
    keyGenerator: (request) => `${name}:${budget.key(request)}`,
  });
  return async (request, reply) => {
    const state = await limit(request);
    if (state.isAllowed || !state.isExceeded) return;
    budget.onExceeded?.(request);
    reply.header('retry-after', String(state.ttlInSeconds));
    const refusal = budget.refusal ?? 'Too many requests.';
    throw new HttpError(429, 'rate_limited', `${refusal} Try again in ${state.ttlInSeconds} seconds.`);
  };
}

/** A per-IP budget per minute; null when perMinute is 0 (off). */
export function perIpLimit(app: FastifyInstance, name: string, perMinute: number): BudgetCheck | null {
  if (perMinute === 0) return null;
  return requestBudget(app, name, { max: perMinute, windowMs: 60_000, key: (request) => `ip:${request.ip}` });
}
