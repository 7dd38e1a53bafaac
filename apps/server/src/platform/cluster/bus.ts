// Messages between the shop's instances. Every per-process cache (catalogue answers, sessions,
// carts, favourites, ratings) drops its own stale entries when a write happens here; with several
// instances the write's owner also publishes the same fact on this bus, and every other instance
// applies it locally. The single-process bus has nobody to tell; the Redis bus (cluster-bus-redis.ts)
// reaches every instance subscribed to the same Redis. Messages are plain JSON, and a subscriber
// applies a message to its own process only (never re-publishes), so nothing echoes.
// Delivery is at most once: a message lost while Redis is unreachable is covered by each cache's
// own lifetime (sessions 10 s, per-user answers 30 s, catalogue answers CATALOG_CACHE_TTL).

import type { CatalogChange } from '../cache/catalog-events';
import type { Invalidation } from '../cache/user-read-cache';

/** What the instances tell each other; each topic carries one JSON message shape. */
export interface ClusterMessages {
  /** A catalogue write committed (platform/cache/catalog-events.ts's CatalogueChange). */
  catalog: CatalogChange;
  /** A review changed a volume's ratings. */
  ratings: { volumeId: number };
  /** Per-user answers to drop: which cache, and whose entry (or everyone's). */
  'user-cache': { cache: string; invalidation: Invalidation };
  /** Sessions to forget: one (by its token's hash) or every session of a user. */
  sessions: { tokenHash: string } | { userId: number };
}

export type ClusterTopic = keyof ClusterMessages;

export interface ClusterBus {
  /** Who this instance is in the cluster's messages. */
  readonly instanceId: string;
  /** Whether other instances can be told anything ('redis'), or this process is alone ('in-process'). */
  readonly kind: 'in-process' | 'redis';
  /**
   * Tells every other instance. Resolves once the broker has taken the message or, when
   * `acknowledged`, once every instance it reached has applied it (at most half a second);
   * at once in process. Never rejects: a failure is logged and the caches' lifetimes bound
   * the staleness.
   */
  publish<T extends ClusterTopic>(
    topic: T,
    message: ClusterMessages[T],
    options?: { acknowledged?: boolean },
  ): Promise<void>;
  /** Told the messages other instances publish on topic (never this instance's own); answers the unsubscribe. */
  subscribe<T extends ClusterTopic>(topic: T, handler: (message: ClusterMessages[T]) => void): () => void;
  /** Whether the broker answers (readiness); always true in process. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export function createInProcessBus(instanceId: string): ClusterBus {
  return {
    instanceId,
    kind: 'in-process',
    publish: async () => {},
    subscribe: () => () => {},
    ping: async () => true,
    close: async () => {},
  };
}
