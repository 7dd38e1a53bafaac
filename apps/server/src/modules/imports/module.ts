// Imports in the app: the queue of archives to convert, the Import screen's uploads (tus) and
// routes, and this instance's worker, started when the app is ready and stopped (after the file
// in hand) before the database closes. The archives are read and their pages stored by the
// reader, their covers by the media module, and their issues written by the catalogue: what each
// lends is named in ImportsModuleNeeds.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import type { AuditLog } from '../audit/service';
import type { CatalogImporting } from '../catalog/importing';
import type { ImportTools } from './converting';
import { createImportRepository } from './repository';
import { importRoutes } from './routes';
import { createImportService, type ImportService } from './service';
import { createImportUploads } from './uploads';
import { createImportWorker, type ImportWorker } from './worker';

/** How often unfinished uploads are looked for (given up after a day). */
const STALE_UPLOADS_SWEEP_MS = 60 * 60_000;

export interface ImportsModuleNeeds {
  catalog: CatalogImporting;
  tools: ImportTools;
  audit: AuditLog;
  /** The largest archive accepted (the page upload's limit). */
  maxArchiveBytes: number;
}

export function importsModule(
  { app, config, database, log, liveness }: Platform,
  { catalog, tools, audit, maxArchiveBytes }: ImportsModuleNeeds,
) {
  const repository = createImportRepository(database.db);
  const uploads = createImportUploads({
    directory: config.importUploadDir,
    maxArchiveBytes,
    repository,
    onQueued: () => worker.wake(),
  });
  const worker = createImportWorker({
    repository,
    catalog,
    tools,
    liveness,
    log,
    onFileDone: async (file) => {
      // An uploaded archive is not kept once imported (or refused): the catalogue has its pages.
      if (file.uploadId) await uploads.discard([file.uploadId]);
    },
    onBatchDone: (batchId) => service.batchFinished(batchId),
  });
  const service = createImportService({
    repository,
    audit,
    wake: () => worker.wake(),
    discardUploads: uploads.discard,
  });

  let sweep: NodeJS.Timeout | null = null;
  const sweepStaleUploads = () =>
    service
      .giveUpStaleUploads()
      .catch((error: unknown) => log.error({ error }, 'sweeping unfinished import uploads failed'));
  app.addHook('onReady', async () => {
    worker.start();
    sweep = setInterval(sweepStaleUploads, STALE_UPLOADS_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    await worker.stop();
  });
  // The import command (cli/import.ts) drives this app's queue and worker without listening.
  app.decorate('imports', { service, worker });
  return {
    service,
    worker,
    apiRoutes: (api: FastifyInstance) =>
      api.register(importRoutes, {
        service,
        uploads,
        repository,
        defaultPriceCents: config.DEFAULT_ISSUE_PRICE_CENTS,
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    imports: { service: ImportService; worker: ImportWorker };
  }
}
