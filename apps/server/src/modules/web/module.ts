// The web app in the app: its built files, guests' first pages rendered on the server, and the
// answer to every path no route takes (installed last, once every route is known).
import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../catalog/service';
import type { MediaService } from '../media/service';
import type { Platform } from '../../platform/platform';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { installNotFound } from '../../platform/http/not-found';
import { registerWebApp } from './routes';

export interface WebModuleNeeds {
  catalog: CatalogService;
  media: MediaService;
  catalogChanges: CatalogEvents;
  /** The cards' average ratings: a review re-renders the guest's first pages too. */
  ratingsVersion: () => string;
}

export function webModule({ config, mediaAddresses }: Platform, needs: WebModuleNeeds) {
  return {
    async rootRoutes(root: FastifyInstance) {
      const sendPage = config.webDist
        ? await registerWebApp(root, {
            webDist: config.webDist,
            ...needs,
            addresses: mediaAddresses,
            publicUrl: config.publicUrl,
          })
        : null;
      installNotFound(root, sendPage);
    },
  };
}
