// Attempt counters in the Redis every instance shares, so an account's fifth declined payment is
// the fifth whichever instance saw the other four. Each operation is one script, atomic in Redis.
// Should Redis fail, the count falls back to this process's own counters (limits then hold per
// instance) rather than failing every sign-in or letting every attempt through.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createInProcessAttemptCounter, type AttemptCounter, type AttemptWindow } from './attempt-counter';
import { loggableError } from '../logging/loggable-error';

// KEYS[1] the counter; ARGV[1] the amount (negative takes back), ARGV[2] the window in ms.
// A window starts with the key (PEXPIRE on creation only); taking back never creates a key.
const ADD = `
local by = tonumber(ARGV[1])
if by <= 0 and redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0} end
local count = redis.call('INCRBY', KEYS[1], by)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), math.max(redis.call('PTTL', KEYS[1]), 0)}`;

/** A failure is logged at most this often: when Redis is down, every counted attempt falls back. */
const LOG_EVERY_MS = 30_000;

const windowOf = ([count, resetInMs]: [number, number]): AttemptWindow => ({ count, resetInMs });

export function createRedisAttemptCounter(redis: Redis, prefix: string, log: FastifyBaseLogger): AttemptCounter {
  const local = createInProcessAttemptCounter();
  const keyOf = (key: string) => `${prefix}attempts:${key}`;
  let lastLogged = 0;

  /** Redis's answer, or this process's when Redis fails. */
  async function either<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      if (Date.now() - lastLogged >= LOG_EVERY_MS) {
        lastLogged = Date.now();
        log.warn({ err: loggableError(error) }, 'attempt counters: Redis failed, counting in this process meanwhile');
      }
      return fallback();
    }
  }

  return {
    add: (key, windowMs, by = 1) =>
      either(
        async () => windowOf((await redis.eval(ADD, 1, keyOf(key), by, windowMs)) as [number, number]),
        () => local.add(key, windowMs, by),
      ),
    peek: (key) =>
      either(
        async () => windowOf((await redis.eval(PEEK, 1, keyOf(key))) as [number, number]),
        () => local.peek(key),
      ),
    once: (key, periodMs) =>
      either(
        async () => (await redis.set(keyOf(`once:${key}`), '1', 'PX', periodMs, 'NX')) === 'OK',
        () => local.once(key, periodMs),
      ),
  };
}
