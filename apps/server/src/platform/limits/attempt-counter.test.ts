// Attempt counters answer alike in this process and in Redis; Redis's are shared by every
// instance on it and fall back to the process when Redis fails; failure budgets built on them
// count only failures, refuse once spent, and cannot be slipped under by a burst.
import { randomBytes } from 'node:crypto';
import fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessAttemptCounter, type AttemptCounter } from './attempt-counter';
import { createRedisAttemptCounter } from './attempt-counter-redis';
import { createFailureBudget } from './failure-budget';
import { connectRedis } from '../cluster/redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = fastify().log;
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function redisClient(): Promise<Redis> {
  const redis = await connectRedis(REDIS_URL, 'attempt-counter-test');
  cleanups.push(async () => redis.quit().catch(() => {}));
  return redis;
}

const freshPrefix = () => `test-${randomBytes(4).toString('hex')}:`;

const kinds: Array<[string, () => Promise<AttemptCounter>]> = [
  ['in process', async () => createInProcessAttemptCounter()],
  ['in Redis', async () => createRedisAttemptCounter(await redisClient(), freshPrefix(), quiet)],
];

describe.each(kinds)('attempt counter %s', (_kind, make) => {
  it('counts in a window that the first add starts and later adds do not extend', async () => {
    const counter = await make();
    expect(await counter.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    const first = await counter.add('a', 300);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(200);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const second = await counter.add('a', 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeLessThan(first.resetInMs - 80);
    expect((await counter.peek('a')).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await counter.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    expect((await counter.add('a', 300)).count).toBe(1);
  });

  it('takes back, but never opens a window by taking back', async () => {
    const counter = await make();
    await counter.add('b', 60_000, 3);
    expect((await counter.add('b', 60_000, -1)).count).toBe(2);
    expect(await counter.add('nothing', 60_000, -1)).toEqual({ count: 0, resetInMs: 0 });
    expect((await counter.peek('nothing')).count).toBe(0);
  });

  it('says "first" once per period for a key, apart from the counters', async () => {
    const counter = await make();
    await counter.add('c', 60_000);
    expect(await counter.once('c', 200)).toBe(true);
    expect(await counter.once('c', 200)).toBe(false);
    expect((await counter.peek('c')).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await counter.once('c', 200)).toBe(true);
  });

  it('keeps a failure budget: failures count, successes are given back, a spent budget refuses', async () => {
    const budget = createFailureBudget(await make(), 'login', { max: 3, windowMs: 60_000 });
    const attempt = async (outcome: 'fail' | 'succeed') => {
      const reserved = await budget.reserve('owner@example.com');
      if (!reserved.allowed) return 'refused';
      if (outcome === 'fail') return (await reserved.reservation.failed()) ? 'spent it' : 'failed';
      await reserved.reservation.succeeded();
      return 'succeeded';
    };
    for (let i = 0; i < 5; i++) expect(await attempt('succeed')).toBe('succeeded');
    expect(await attempt('fail')).toBe('failed');
    expect(await attempt('fail')).toBe('failed');
    expect((await budget.spent('owner@example.com')).spent).toBe(false);
    expect(await attempt('fail')).toBe('spent it');
    expect(await budget.spent('owner@example.com')).toMatchObject({ spent: true });
    const refused = await budget.reserve('owner@example.com');
    expect(refused).toMatchObject({ allowed: false });
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    // Other keys and other budgets are untouched.
    expect(await attempt('succeed')).toBe('refused');
    expect((await budget.reserve('someone-else@example.com')).allowed).toBe(true);
  });

  it('lets no burst of parallel attempts slip under the budget', async () => {
    const budget = createFailureBudget(await make(), 'burst', { max: 10, windowMs: 60_000 });
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => budget.reserve('target')));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    // The refused ones gave their reservations back: the budget holds exactly the ten.
    for (const outcome of outcomes) if (outcome.allowed) await outcome.reservation.failed();
    expect(await budget.spent('target')).toMatchObject({ spent: true });
  });
});

describe('attempt counter in Redis', () => {
  it('is shared by every instance on the same Redis', async () => {
    const prefix = freshPrefix();
    const one = createRedisAttemptCounter(await redisClient(), prefix, quiet);
    const two = createRedisAttemptCounter(await redisClient(), prefix, quiet);
    await one.add('shared', 60_000);
    expect((await two.add('shared', 60_000)).count).toBe(2);
    expect(await one.once('notice', 60_000)).toBe(true);
    expect(await two.once('notice', 60_000)).toBe(false);
  });

  it('counts in this process while Redis fails', async () => {
    const redis = await redisClient();
    const counter = createRedisAttemptCounter(redis, freshPrefix(), quiet);
    redis.disconnect();
    expect((await counter.add('x', 60_000)).count).toBe(1);
    expect((await counter.add('x', 60_000)).count).toBe(2);
    expect(await counter.once('y', 60_000)).toBe(true);
  });
});

describe('attempt counter in process', () => {
  it('holds at most its bound of keys, dropping the windows that end first', async () => {
    let now = 0;
    const counter = createInProcessAttemptCounter({ maxKeys: 3, now: () => now });
    for (const key of ['k1', 'k2', 'k3', 'k4']) {
      await counter.add(key, 1000);
      now += 1;
    }
    expect((await counter.peek('k1')).count).toBe(0);
    expect((await counter.peek('k4')).count).toBe(1);
  });
});
