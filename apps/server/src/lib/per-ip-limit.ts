// A budget of requests per client IP per minute, as a check a handler awaits only where the
// work is costly (a read that misses the cache, say), so cheap requests never pay for it. Over
// budget: 429 with Retry-After and the API's error shape. Counters live in the process, in
// @fastify/rate-limit's store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export type PerIpCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** `name` keeps this budget's counters apart from other budgets; null when perMinute is 0 (off). */
export function perIpLimit(app: FastifyInstance, name: string, perMinute: number): PerIpCheck | null {
  if (perMinute === 0) return null;
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  return async (request, reply) => {
    const state = await limit(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', String(state.ttlInSeconds));
      throw new HttpError(429, 'rate_limited', `Too many requests. Try again in ${state.ttlInSeconds} seconds.`);
    }
  };
}
