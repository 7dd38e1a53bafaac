// The catalogue in the app: its cached public answers, the administrators' edits, and the event
// every catalogue write publishes after commit, which every cache of catalogue data (answers,
// covers, carts, favourites, pages) hears at once, on every instance.
import type { FastifyInstance } from 'fastify';
import type { FollowsService } from '../follows/service';
import type { Platform } from '../../platform/platform';
import { createInProcessCatalogEvents } from '../../platform/cache/catalog-events';
import { ResponseCache } from '../../platform/cache/response-cache';
import { clusterCatalogEvents, clusterRatings } from '../../platform/cluster/cache-forwarding';
import { loggableError } from '../../platform/logging/loggable-error';
import { createCatalogAdminRepository } from './admin-repository';
import { catalogAdminRoutes } from './admin-routes';
import { createCatalogAdminService, type IssueAddedHook } from './admin-service';
import { createCatalogImporting } from './importing';
import { RatingVersions } from './rating-versions';
import { createCatalogRepository } from './repository';
import { catalogRoutes } from './routes';
import { createCatalogService } from './service';

export function catalogModule(
  { config, database, log, shared, metrics, mediaAddresses }: Platform,
  { follows, mail }: { follows: FollowsService; mail: { wake(): void } },
) {
  const cache = new ResponseCache(config.CATALOG_CACHE_TTL * 1000, 10_000, config.CATALOG_CACHE_MAX_BYTES);
  metrics?.registerCache('catalogue', cache);
  const catalog = createCatalogService({ repository: createCatalogRepository(database.db) });
  const changes = clusterCatalogEvents(
    createInProcessCatalogEvents({
      onListenerError: (error, change) =>
        log.error({ error: loggableError(error), change }, 'a cache missed a catalogue change'),
    }),
    shared.bus,
  );
  // A new issue's e-mails to its series' followers commit with it; the worker sends them after.
  const issueAdded: IssueAddedHook = async (issue, tx) =>
    (await follows.issueAdded(tx, issue)) > 0 ? () => mail.wake() : undefined;
  const adminRepository = createCatalogAdminRepository(database.db);
  const catalogAdmin = createCatalogAdminService({
    repository: adminRepository,
    events: changes,
    defaultIssuePriceCents: config.DEFAULT_ISSUE_PRICE_CENTS,
    issueAdded,
  });
  // Imported archives' issues (the imports module), written whole with their pages.
  const importing = createCatalogImporting({
    db: database.db,
    repository: adminRepository,
    events: changes,
    issueAdded,
  });
  // A review saved or deleted shows in the volume's cached avgRating at once, on every instance.
  const ratings = new RatingVersions();
  return {
    service: catalog,
    importing,
    changes,
    ratings,
    onRatingsChanged: clusterRatings(ratings, shared.bus),
    async apiRoutes(api: FastifyInstance) {
      await api.register(catalogRoutes, {
        service: catalog,
        cache,
        catalogChanges: changes,
        ratings,
        uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP,
        media: mediaAddresses,
      });
      await api.register(catalogAdminRoutes, { catalogAdmin, media: mediaAddresses });
    },
  };
}
