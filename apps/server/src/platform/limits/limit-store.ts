// Where attempt and rate limits are counted when several instances share a Redis: in Redis, so
// the 31st sign-in attempt in a minute is refused whichever instance answers it. Should Redis be
// unreachable the count falls back to this process's own store (limits then hold per instance)
// rather than failing every sign-in or letting every attempt through.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
// The plugin's own stores (not in its typings' exports): the same counting rules in both places.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { loggableError } from '../logging/loggable-error';

type Store = FastifyRateLimitStore;
type Callback = Parameters<Store['incr']>[1];

/** What the plugin hands a store (its global options, or a route's merged ones). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** A failure is logged at most this often: when Redis is down, every counted request fails over. */
const LOG_EVERY_MS = 30_000;

/** A store class for @fastify/rate-limit's `store` option: Redis first, this process when Redis fails. */
export function sharedLimitStore(redis: Redis, prefix: string, log: FastifyBaseLogger) {
  let lastLogged = 0;
  const fellBack = (error: Error) => {
    if (Date.now() - lastLogged < LOG_EVERY_MS) return;
    lastLogged = Date.now();
    log.warn({ err: loggableError(error) }, 'rate limits: Redis failed, counting in this process meanwhile');
  };

  class SharedLimitStore {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: StoreParams, shared?: Store, local?: Store) {
      const { continueExceeding = false, exponentialBackoff = false } = params;
      this.shared = shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, `${prefix}limit:`);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff, 10_000);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          fellBack(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<Store['child']>[0] & StoreParams): Store {
      return new SharedLimitStore(routeOptions, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return SharedLimitStore;
}
