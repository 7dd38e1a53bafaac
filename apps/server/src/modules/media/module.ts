// Media in the app: uploaded images, drawn covers and their rasters under /media.
import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../catalog/service';
import type { Platform } from '../../platform/platform';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { mediaRoutes } from './routes';
import { createMediaService } from './service';
import { imageUploadRoutes } from './upload-routes';

export function mediaModule(
  { database, storage, mediaAddresses }: Platform,
  { catalog, catalogChanges }: { catalog: CatalogService; catalogChanges: CatalogEvents },
) {
  const media = createMediaService({ db: database.db, storage });
  return {
    service: media,
    apiRoutes: (api: FastifyInstance) => api.register(imageUploadRoutes, { media, addresses: mediaAddresses }),
    rootRoutes: (root: FastifyInstance) => root.register(mediaRoutes, { catalog, media, catalogChanges }),
  };
}
