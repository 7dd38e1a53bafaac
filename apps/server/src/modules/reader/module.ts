// The reader in the app (issue 13): pages of every issue, who may read them, where each reader
// stopped, administrators' page uploads, and owners' DRM-free downloads (issue 27). Where readers
// stopped and who owns what are cached per process; a save or a purchase taken back on another
// instance drops them here too.
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../audit/service';
import type { CartService } from '../cart/service';
import type { CatalogService } from '../catalog/service';
import type { Platform } from '../../platform/platform';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { forwardUserCache } from '../../platform/cluster/cache-forwarding';
import { KnownOwners } from './known-owners';
import { createDownloadLimit } from './download-limit';
import { downloadRoutes } from './download-routes';
import { createDownloads } from './downloads';
import { createPlacesCache } from './progress';
import { createReaderRepository } from './repository';
import { pageImageRoutes, readerRoutes } from './routes';
import { createReaderService, type ReaderServiceDependencies } from './service';
import { createPageUploads, type PageUploadLimits } from './upload';
import { pageUploadRoutes } from './upload-routes';

export interface ReaderModuleNeeds {
  catalog: CatalogService;
  catalogChanges: CatalogEvents;
  cart: Pick<CartService, 'owns'>;
  sessions: { live: ReaderServiceDependencies['sessionOf'] };
  audit: AuditLog;
  /**
   * Who calls a reading app's route (the auth module's readingAppGuard: a session, or an app
   * password): installed on the downloads' scope.
   */
  readingAppGuard: (scope: FastifyInstance) => void;
  /** Test-only: smaller limits for page uploads than the real ones. */
  pageUploadLimits?: Partial<PageUploadLimits>;
}

export function readerModule(
  { config, database, log, shared, metrics, storage, secrets, mediaAddresses }: Platform,
  { catalog, catalogChanges, cart, sessions, audit, readingAppGuard, pageUploadLimits }: ReaderModuleNeeds,
) {
  const repository = createReaderRepository(database.db);
  const places = createPlacesCache();
  forwardUserCache('reading-places', places, shared.bus);
  metrics?.registerCache('reading-places', places);
  const owners = new KnownOwners();
  forwardUserCache('reader-owners', owners, shared.bus);
  const reader = createReaderService({
    repository,
    secrets,
    findIssue: (id) => catalog.findIssue(id),
    storage,
    addresses: mediaAddresses,
    owns: (userId, issueId) => cart.owns(userId, issueId),
    // A page address opens pages only while the session it names lives (from the sessions' memory).
    sessionOf: (tokenHash) => sessions.live(tokenHash),
    owners,
    catalogChanges,
    cacheTtlMs: config.CATALOG_CACHE_TTL * 1000,
    places,
  });
  metrics?.registerCache('reader-editions', reader.editionCacheStats);
  const uploads = createPageUploads({
    repository,
    findIssue: (id) => catalog.findIssue(id),
    storage,
    catalogChanges,
    audit,
    log,
    ...(pageUploadLimits ? { limits: pageUploadLimits } : {}),
  });
  const downloads = createDownloads({
    repository,
    storage,
    edition: reader.edition,
    downloadPage: reader.downloadPage,
    publicUrl: config.publicUrl,
  });
  metrics?.registerCache('download-files', downloads.filesCacheStats);
  const readsPerIp = { reader, uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP };
  return {
    service: reader,
    /** What an import (the imports module) uses: archives read, and pages stored, by the upload's rules. */
    importPages: {
      // Each page checked as the import reads it: nothing is visible before its commit.
      open: (path: string) => uploads.openArchive(path, { checkPagesWhenRead: true }),
      store: uploads.storeImported,
      remove: uploads.removeStored,
      maxArchiveBytes: uploads.limits.maxArchiveBytes,
    },
    async apiRoutes(api: FastifyInstance) {
      await api.register(readerRoutes, readsPerIp);
      await api.register(pageUploadRoutes, { uploads });
    },
    async rootRoutes(root: FastifyInstance) {
      await root.register(pageImageRoutes, readsPerIp);
      await root.register(downloadRoutes, {
        downloads,
        limit: createDownloadLimit(shared.attempts),
        guard: readingAppGuard,
      });
    },
  };
}
