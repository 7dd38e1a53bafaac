// The cart in the app: each user's cart and library (what they bought), cached per process; a
// write's invalidation reaches the other instances' copies too.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { cartRoutes } from './routes';
import { createCartService } from './service';

export function cartModule(
  { database, mediaAddresses, sharedUserCache }: Platform,
  { catalogChanges }: { catalogChanges: CatalogEvents },
) {
  const cart = createCartService({
    db: database.db,
    catalogChanges,
    carts: sharedUserCache('carts'),
    libraries: sharedUserCache('libraries'),
    media: mediaAddresses,
  });
  return { service: cart, apiRoutes: (api: FastifyInstance) => api.register(cartRoutes, { cart }) };
}
