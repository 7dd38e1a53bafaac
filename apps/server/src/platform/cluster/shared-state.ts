// What the instances of one shop share besides the database, chosen by configuration: with
// REDIS_URL, the cluster bus (cache invalidations), the rate-limit counters and the attempt
// counters (failure budgets) live in Redis; without it all stay in this process, which is right
// for exactly one instance.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { createInProcessAttemptCounter, type AttemptCounter } from '../limits/attempt-counter';
import { createRedisAttemptCounter } from '../limits/attempt-counter-redis';
import { createInProcessBus, type ClusterBus } from './bus';
import { createRedisBus } from './bus-redis';
import { sharedLimitStore } from '../limits/limit-store';
import type { ReadinessCheck } from './readiness';
import { connectRedis, redisAnswers } from './redis';

export interface SharedState {
  bus: ClusterBus;
  /** @fastify/rate-limit's `store` option; undefined: its own in-process store. */
  limitStore: ReturnType<typeof sharedLimitStore> | undefined;
  /** Counters of failed attempts (platform/limits/failure-budget.ts), shared like the rate limits. */
  attempts: AttemptCounter;
  /** Checks /api/ready makes of the shared services. */
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

/** Connects to the shared services; rejects (the instance must not start) when Redis is unreachable. */
export async function openSharedState(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'instanceId'>,
  log: FastifyBaseLogger,
): Promise<SharedState> {
  if (!config.REDIS_URL) {
    return {
      bus: createInProcessBus(config.instanceId),
      limitStore: undefined,
      attempts: createInProcessAttemptCounter(),
      readiness: [],
      close: async () => {},
    };
  }
  const limits: Redis = await connectRedis(config.REDIS_URL, `comics-limits-${config.instanceId}`);
  const bus = await createRedisBus({
    url: config.REDIS_URL,
    prefix: config.REDIS_KEY_PREFIX,
    instanceId: config.instanceId,
    log,
  }).catch((error: unknown) => {
    limits.disconnect();
    throw error;
  });
  return {
    bus,
    limitStore: sharedLimitStore(limits, config.REDIS_KEY_PREFIX, log),
    attempts: createRedisAttemptCounter(limits, config.REDIS_KEY_PREFIX, log),
    readiness: [{ name: 'redis', check: async () => (await redisAnswers(limits)) && (await bus.ping()) }],
    async close() {
      await Promise.allSettled([bus.close(), limits.quit()]);
    },
  };
}
