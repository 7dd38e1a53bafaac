// Imports as the rest of the shop sees them: a batch of archives is queued (and recorded in the
// audit log), the worker is woken, and a batch's report says where each file stands: uploading,
// queued, converting (pages so far), created, updated, unchanged, or failed with the reason in a
// sentence. Files still to upload or convert can be given up, by an administrator or by time.
import type { ImportBatches, ImportReport } from '@comics/shared/schemas/imports';
import type { AuditLog } from '../audit/service';
import type { ImportBatchRow, ImportRepository, NewBatch } from './repository';

/** An upload not finished a day after its batch was started is given up. */
export const UPLOAD_GIVEN_UP_AFTER_MS = 24 * 60 * 60_000;

export interface ImportServiceOptions {
  repository: ImportRepository;
  audit: Pick<AuditLog, 'record'>;
  /** Wakes this instance's worker (a new batch is queued). */
  wake(): void;
  /** Removes the bytes of uploads given up. */
  discardUploads(uploadIds: readonly string[]): Promise<void>;
}

const batchFields = (batch: ImportBatchRow) => ({
  id: batch.id,
  source: batch.source === 'upload' ? ('upload' as const) : ('folder' as const),
  dryRun: batch.dryRun,
  createdAt: batch.createdAt.toISOString(),
  finishedAt: batch.finishedAt?.toISOString() ?? null,
});

export function createImportService({ repository, audit, wake, discardUploads }: ImportServiceOptions) {
  /** Records a finished batch's outcome in the audit log. */
  async function batchFinished(batchId: number): Promise<void> {
    const batch = await repository.findBatch(batchId);
    if (!batch) return;
    const { created, updated, unchanged, failed } = await repository.counts(batchId);
    await audit.record({
      actorId: batch.startedBy,
      action: 'import.finished',
      target: `import ${batchId}`,
      details: { created, updated, unchanged, failed, dryRun: batch.dryRun },
    });
  }

  async function stopWaiting(where: Parameters<ImportRepository['stopWaiting']>[0], reason: string) {
    const { uploadIds, finishedBatches } = await repository.stopWaiting(where, reason);
    await discardUploads(uploadIds);
    for (const batchId of finishedBatches) await batchFinished(batchId);
  }

  return {
    async startBatch(batch: NewBatch): Promise<number> {
      const batchId = await repository.createBatch(batch);
      await audit.record({
        actorId: batch.startedBy,
        action: 'import.started',
        target: `import ${batchId}`,
        details: { source: batch.source, files: batch.files.length, dryRun: batch.dryRun ?? false },
      });
      wake();
      return batchId;
    },

    batchFinished,

    /** Gives up the batch's files not converting yet; the one in hand finishes. */
    cancel: (batchId: number) => stopWaiting({ batchId }, 'Cancelled by an administrator before it was imported.'),

    /** Gives up uploads left unfinished for a day (their batches can then finish). */
    giveUpStaleUploads: () =>
      stopWaiting(
        { uploadingSince: new Date(Date.now() - UPLOAD_GIVEN_UP_AFTER_MS) },
        'Its upload did not finish within a day; send it again in a new import.',
      ),

    async recent(limit: number): Promise<ImportBatches['batches']> {
      return (await repository.recent(limit)).map((batch) => ({ ...batchFields(batch), counts: batch.counts }));
    },

    async report(batchId: number): Promise<ImportReport | null> {
      const batch = await repository.findBatch(batchId);
      if (!batch) return null;
      const [counts, files] = await Promise.all([repository.counts(batchId), repository.files(batchId)]);
      return {
        ...batchFields(batch),
        counts,
        files: files.map((file) => ({
          id: file.id,
          name: file.name,
          sizeBytes: file.sizeBytes,
          status: file.status,
          outcome: file.outcome,
          reason: file.reason,
          pagesDone: file.pagesDone,
          pagesTotal: file.pagesTotal,
          volumeId: file.volumeId,
          issueId: file.issueId,
        })),
      };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
