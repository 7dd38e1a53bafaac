// The import worker: converts queued archives one at a time per instance (a conversion keeps a
// core busy rendering pages, and the shop must keep serving), claiming each file for a lease it
// renews with its progress, at most once a second. Any number of instances share the queue; the
// files of an instance that died are taken over at once (its liveness key), those of a stalled
// one when their lease ends.
import { goneInstances, type InstanceLiveness } from '../../db/instance-lock';
import { loggableError } from '../../platform/logging/loggable-error';
import type { CatalogImporting } from '../catalog/importing';
import { ClaimLost, convertArchive, ImportConflict, type ConversionResult, type ImportTools } from './converting';
import type { ImportFileRow, ImportRepository } from './repository';

/** A claim lasts this long without news from its worker (renewed with the progress). */
const LEASE_MS = 2 * 60_000;
/** Pages stored are told at most this often (a database write each), and when the last one is. */
const PROGRESS_EVERY_MS = 1_000;
/** An unexpected error (not the archive's fault) is tried again this many times in all. */
const MAX_ATTEMPTS = 3;

export interface ImportLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ImportWorkerOptions {
  repository: ImportRepository;
  catalog: CatalogImporting;
  tools: ImportTools;
  liveness: Pick<InstanceLiveness, 'key' | 'isAlive'>;
  log: ImportLog;
  /** How often an idle worker looks for queued files (another instance may have queued them). */
  pollMs?: number;
  /** Told after each file (an uploaded archive is removed). */
  onFileDone?: (file: ImportFileRow, result: ConversionResult) => Promise<void>;
  /** Told when a file was its batch's last one open. */
  onBatchDone?: (batchId: number) => Promise<void>;
}

export interface ImportWorker {
  start(): void;
  /** Looks for work now (a batch was just queued). */
  wake(): void;
  /** Finishes the file in hand, then stops. */
  stop(): Promise<void>;
  /** Converts files until none is left to claim; answers how many it handled. */
  drain(): Promise<number>;
}

export function createImportWorker(options: ImportWorkerOptions): ImportWorker {
  const { repository, catalog, tools, liveness, log, pollMs = 5_000 } = options;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;

  async function convert(file: ImportFileRow): Promise<ConversionResult | 'requeued'> {
    const batch = (await repository.findBatch(file.batchId))!;
    const renew = async (values: Parameters<ImportRepository['progress']>[2]) => {
      if (!(await repository.progress(file.id, liveness.key, values, LEASE_MS))) throw new ClaimLost();
    };
    let pagesTotal = 0;
    let toldAt = 0;
    const pagesStored = async (pagesDone: number) => {
      if (pagesDone < pagesTotal && performance.now() - toldAt < PROGRESS_EVERY_MS) return;
      toldAt = performance.now();
      await renew({ pagesDone });
    };
    const leftover =
      file.pendingIssueId !== null && file.pendingVersion !== null
        ? { issueId: file.pendingIssueId, version: file.pendingVersion, pageCount: file.pagesTotal ?? 0 }
        : null;
    try {
      return await convertArchive(
        {
          // Only an uploading file has none, and the queue never hands one out.
          location: file.location!,
          name: file.name,
          startedBy: batch.startedBy,
          dryRun: batch.dryRun,
          leftover,
          importedByAnother: (issueId) => repository.importedByAnother(file, issueId),
          priceCentsFor: (publisher) =>
            batch.publisherPrices[publisher.trim().toLowerCase()] ?? batch.defaultPriceCents,
        },
        tools,
        catalog,
        {
          hashed: (contentHash) => renew({ contentHash }),
          pagesPlanned: ({ issueId, version, pageCount }) => {
            pagesTotal = pageCount;
            toldAt = performance.now();
            return renew({ pendingIssueId: issueId, pendingVersion: version, pagesTotal: pageCount, pagesDone: 0 });
          },
          pagesStored,
        },
      );
    } catch (error) {
      if (error instanceof ClaimLost) return 'requeued';
      if (error instanceof ImportConflict) {
        await repository.requeue(file.id, liveness.key);
        return 'requeued';
      }
      log.error({ error: loggableError(error), fileId: file.id, name: file.name }, 'import of an archive failed');
      if (file.attempts < MAX_ATTEMPTS) {
        await repository.requeue(file.id, liveness.key);
        return 'requeued';
      }
      return { status: 'failed', reason: 'An unexpected error on the server stopped its import three times.' };
    }
  }

  async function drainAll(): Promise<number> {
    let handled = 0;
    while (!stopping) {
      const gone = await goneInstances(liveness, await repository.claimants(liveness.key));
      const file = await repository.claimNext(liveness.key, LEASE_MS, gone);
      if (!file) break;
      const result = await convert(file);
      if (result === 'requeued') continue;
      const { finishedBatch } = await repository.finish(file.id, liveness.key, result);
      handled += 1;
      log.info(
        { fileId: file.id, batchId: file.batchId, name: file.name, ...result },
        result.status === 'done' ? `archive imported (${result.outcome})` : 'archive refused',
      );
      await options.onFileDone?.(file, result);
      if (finishedBatch !== null) await options.onBatchDone?.(finishedBatch);
    }
    return handled;
  }

  function drain(): Promise<number> {
    running ??= drainAll().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (timer) clearTimeout(timer);
    if (!started || stopping) return;
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error: unknown) => log.error({ error: loggableError(error) }, 'import queue unreachable'))
        .finally(() => schedule(pollMs));
    }, delayMs).unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (started && !running) schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
    drain,
  };
}
