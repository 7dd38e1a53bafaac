// Connections to the Redis that several instances share (REDIS_URL). Commands fail fast while
// Redis is unreachable instead of queueing: a rate limit or an invalidation must not hold a
// request up; ioredis keeps reconnecting in the background.
import type { Redis } from 'ioredis';

/** Milliseconds any one command may take before it counts as failed. */
const COMMAND_TIMEOUT_MS = 1_000;

/** A connected client named after its use (it shows in Redis's CLIENT LIST); rejects when Redis cannot be reached. */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  // Loaded only when REDIS_URL is set: one instance on its own never maps ioredis (some 7 MB of heap).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 3_000,
    // Reconnect soon after a loss, but do not hammer a Redis that is down.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener a lost connection would be an uncaught 'error' event; the state is read
  // by the callers' own failures (and /api/ready).
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${safeAddress(url)} is unreachable: ${(error as Error).message}`);
  }
  return redis;
}

/** The address without its password, for messages. */
export function safeAddress(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.username = '';
  return parsed.toString();
}

/** Whether Redis answers a PING within the command timeout. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  return redis.ping().then(
    (answer) => answer === 'PONG',
    () => false,
  );
}
