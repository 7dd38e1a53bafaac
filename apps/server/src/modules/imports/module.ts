// Imports in the app: the queue of archives to convert, and this instance's worker, started
// when the app is ready and stopped (after the file in hand) before the database closes. The
// archives are read and their pages stored by the reader, their covers by the media module,
// and their issues written by the catalogue: what each lends is named in ImportsModuleNeeds.
import type { Platform } from '../../platform/platform';
import type { AuditLog } from '../audit/service';
import type { CatalogImporting } from '../catalog/importing';
import type { ImportTools } from './converting';
import { createImportRepository } from './repository';
import { createImportService, type ImportService } from './service';
import { createImportWorker, type ImportWorker } from './worker';

export interface ImportsModuleNeeds {
  catalog: CatalogImporting;
  tools: ImportTools;
  audit: AuditLog;
}

export function importsModule(
  { app, database, log, liveness }: Platform,
  { catalog, tools, audit }: ImportsModuleNeeds,
) {
  const repository = createImportRepository(database.db);
  const worker = createImportWorker({
    repository,
    catalog,
    tools,
    liveness,
    log,
    onBatchDone: (batchId) => service.batchFinished(batchId),
  });
  const service = createImportService({ repository, audit, wake: () => worker.wake() });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  // The import command (cli/import.ts) drives this app's queue and worker without listening.
  app.decorate('imports', { service, worker });
  return { service, worker };
}

declare module 'fastify' {
  interface FastifyInstance {
    imports: { service: ImportService; worker: ImportWorker };
  }
}
