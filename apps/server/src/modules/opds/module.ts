// The reading apps in the app (issue 27): OPDS 1.2 and 2.0 catalogues of the caller's comics and
// the shop, and an owner's pages streamed to the app (OPDS-PSE). Who is calling comes from the
// auth module's reading-app guards (a session, or an app password over HTTP Basic).
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { ReadingAppGuards } from '../auth/reading-app-access';
import type { CatalogService } from '../catalog/service';
import type { ReaderService } from '../reader/service';
import { createFeeds } from './feeds';
import { createOpdsRepository } from './repository';
import { opdsRoutes } from './routes';

export interface OpdsModuleNeeds {
  catalog: CatalogService;
  reader: ReaderService;
  guards: ReadingAppGuards;
}

export function opdsModule(
  { config, database, mediaAddresses }: Platform,
  { catalog, reader, guards }: OpdsModuleNeeds,
) {
  const feeds = createFeeds({
    repository: createOpdsRepository(database.db),
    catalog,
    reader,
    publicUrl: config.publicUrl,
    mediaAddress: mediaAddresses.addressOf,
  });
  return {
    rootRoutes: (root: FastifyInstance) =>
      root.register(opdsRoutes, {
        feeds,
        reader,
        signedIn: guards.signedIn,
        anybody: guards.anybody,
        publicUrl: config.publicUrl,
      }),
  };
}
