// Request budgets counted in Redis behave as the in-process ones do, are shared by every app
// on the same Redis, and fall back to this process when Redis fails.
import { randomBytes } from 'node:crypto';
import fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../http/errors';
import { sharedLimitStore } from './limit-store';
import { connectRedis } from '../cluster/redis';
import { requestBudget } from './request-budget';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An app with one budget of 3 requests a minute per caller on GET /; `redis` null: in process. */
async function appWithBudget(redis: Redis | null, prefix = 'unused:'): Promise<FastifyInstance> {
  const app = fastify();
  installErrorHandler(app);
  const store = redis ? sharedLimitStore(redis, prefix, app.log) : undefined;
  await app.register(fastifyRateLimit, { global: false, ...(store ? { store } : {}) });
  const within = requestBudget(app, 'test', {
    max: 3,
    windowMs: 60_000,
    key: (request) => String(request.headers['x-caller']),
  });
  app.get('/', async (request, reply) => {
    await within(request, reply);
    return { ok: true };
  });
  cleanups.push(() => app.close());
  return app;
}

async function redisClient(): Promise<Redis> {
  const redis = await connectRedis(REDIS_URL, 'limit-store-test');
  cleanups.push(async () => redis.quit().catch(() => {}));
  return redis;
}

const statuses = async (apps: FastifyInstance[], count: number, caller = 'alice') => {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await apps[i % apps.length]!.inject({ url: '/', headers: { 'x-caller': caller } });
    answers.push(res.statusCode);
  }
  return answers;
};

describe('limits counted in Redis', () => {
  it('answer as the in-process ones do: 3 pass, the 4th is 429 with Retry-After, other callers unaffected', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    for (const app of [await appWithBudget(null), await appWithBudget(await redisClient(), prefix)]) {
      expect(await statuses([app], 4)).toEqual([200, 200, 200, 429]);
      const refused = await app.inject({ url: '/', headers: { 'x-caller': 'alice' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(await statuses([app], 1, 'bob')).toEqual([200]);
    }
  });

  it('are shared by every app on the same Redis and prefix, and only by them', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const redis = await redisClient();
    const [one, two] = [await appWithBudget(redis, prefix), await appWithBudget(redis, prefix)];
    expect(await statuses([one, two], 4)).toEqual([200, 200, 200, 429]);
    const elsewhere = await appWithBudget(redis, `test-${randomBytes(4).toString('hex')}:`);
    expect(await statuses([elsewhere], 1)).toEqual([200]);
  });

  it('are counted in this process while Redis fails, instead of failing or letting everything through', async () => {
    const redis = await redisClient();
    const app = await appWithBudget(redis, `test-${randomBytes(4).toString('hex')}:`);
    redis.disconnect();
    expect(await statuses([app], 4)).toEqual([200, 200, 200, 429]);
  });
});
