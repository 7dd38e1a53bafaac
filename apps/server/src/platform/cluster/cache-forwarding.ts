// What each per-process cache tells the other instances, and how it applies what they tell it.
// Each function links one cache to the bus both ways: local invalidations are published, and
// the other instances' are applied here only (never published again).
import type { CatalogEvents } from '../cache/catalog-events';
import type { ClusterBus, ClusterMessages } from './bus';
import type { UserReadCache } from '../cache/user-read-cache';

/** Catalogue writes: published after commit here, delivered to this instance's subscribers when elsewhere. */
export function clusterCatalogEvents(local: CatalogEvents, bus: ClusterBus): CatalogEvents {
  bus.subscribe('catalog', (change) => local.publish(change));
  return {
    publish(change) {
      local.publish(change);
      void bus.publish('catalog', change);
    },
    subscribe: (listener) => local.subscribe(listener),
  };
}

/** A per-user cache (carts, libraries, favourites, saved places), known to the others by `name`. */
export function forwardUserCache(
  name: string,
  cache: Pick<UserReadCache<unknown>, 'onInvalidate' | 'apply'>,
  bus: ClusterBus,
): void {
  cache.onInvalidate((invalidation) => void bus.publish('user-cache', { cache: name, invalidation }));
  bus.subscribe('user-cache', (message) => {
    if (message.cache === name) cache.apply(message.invalidation);
  });
}

/** A review changed a volume's ratings: answers that show them must be read again everywhere. */
export function clusterRatings(
  ratings: { changed(volumeId: number): void },
  bus: ClusterBus,
): (volumeId: number) => void {
  bus.subscribe('ratings', ({ volumeId }) => ratings.changed(volumeId));
  return (volumeId) => {
    ratings.changed(volumeId);
    void bus.publish('ratings', { volumeId });
  };
}

/** Sessions the other instances ended or changed (logout, role change, deactivation). */
export function forwardSessions(
  sessions: { forget(forgotten: ClusterMessages['sessions']): unknown },
  bus: ClusterBus,
): void {
  bus.subscribe('sessions', (forgotten) => sessions.forget(forgotten));
}
