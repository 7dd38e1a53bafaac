// The reading apps in the app (issue 27): OPDS 1.2 and 2.0 catalogues of the caller's comics and
// the shop, and an owner's pages streamed to the app (OPDS-PSE). Who is calling comes from the
// auth module's reading-app guards (a session, or an app password over HTTP Basic). Feeds are kept
// ready to send until what they show changes: the catalogue, a user's purchases or places.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { ReadingAppGuards } from '../auth/reading-app-access';
import type { CatalogService } from '../catalog/service';
import type { ReaderService } from '../reader/service';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { createFeedAnswers, type FeedAnswersDependencies } from './feed-answers';
import { createFeeds } from './feeds';
import { createOpdsRepository } from './repository';
import { opdsRoutes } from './routes';

export interface OpdsModuleNeeds {
  catalog: CatalogService;
  catalogChanges: CatalogEvents;
  reader: ReaderService;
  guards: ReadingAppGuards;
  /** Each tells of the users whose feeds changed: what they own, where they stopped. */
  userChanges: FeedAnswersDependencies['userChanges'];
}

export function opdsModule(
  { config, database, mediaAddresses, metrics, sharedUserCache }: Platform,
  { catalog, catalogChanges, reader, guards, userChanges }: OpdsModuleNeeds,
) {
  const feeds = createFeeds({
    repository: createOpdsRepository(database.db),
    catalog,
    reader,
    publicUrl: config.publicUrl,
    mediaAddress: mediaAddresses.addressOf,
  });
  const answers = createFeedAnswers({
    perUser: sharedUserCache('opds-feeds'),
    sharedTtlMs: config.CATALOG_CACHE_TTL * 1000,
    catalogChanges,
    userChanges,
  });
  metrics?.registerCache('opds-shared-feeds', answers.sharedStats);
  return {
    rootRoutes: (root: FastifyInstance) =>
      root.register(opdsRoutes, {
        feeds,
        answers,
        reader,
        signedIn: guards.signedIn,
        anybody: guards.anybody,
        publicUrl: config.publicUrl,
      }),
  };
}
