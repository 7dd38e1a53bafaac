// Favourites in the app: each user's list, cached per process, invalidated on every instance.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { favouritesRoutes } from './routes';
import { createFavouritesService } from './service';

export function favouritesModule(
  { database, mediaAddresses, sharedUserCache }: Platform,
  { catalogChanges }: { catalogChanges: CatalogEvents },
) {
  const favourites = createFavouritesService({
    db: database.db,
    catalogChanges,
    lists: sharedUserCache('favourites'),
    media: mediaAddresses,
  });
  return { apiRoutes: (api: FastifyInstance) => api.register(favouritesRoutes, { favourites }) };
}
