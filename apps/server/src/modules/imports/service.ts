// Imports as the rest of the shop sees them: a batch of archives is queued (and recorded in the
// audit log), the worker is woken, and a batch's report says where each file stands: queued,
// converting (pages so far), created, updated, unchanged, or failed with the reason in a sentence.
import type { AuditLog } from '../audit/service';
import type { BatchCounts, ImportRepository, NewBatch } from './repository';

export interface ImportFileReport {
  id: number;
  name: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  outcome: 'created' | 'updated' | 'unchanged' | null;
  reason: string | null;
  pagesDone: number;
  pagesTotal: number | null;
  volumeId: number | null;
  issueId: number | null;
}

export interface ImportReport {
  id: number;
  source: 'folder' | 'upload';
  dryRun: boolean;
  createdAt: Date;
  finishedAt: Date | null;
  counts: BatchCounts;
  files: ImportFileReport[];
}

export interface ImportServiceOptions {
  repository: ImportRepository;
  audit: Pick<AuditLog, 'record'>;
  /** Wakes this instance's worker (a new batch is queued). */
  wake(): void;
}

export function createImportService({ repository, audit, wake }: ImportServiceOptions) {
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

    /** Records a finished batch's outcome in the audit log (the worker calls it). */
    async batchFinished(batchId: number): Promise<void> {
      const batch = await repository.findBatch(batchId);
      if (!batch) return;
      const { created, updated, unchanged, failed } = await repository.counts(batchId);
      await audit.record({
        actorId: batch.startedBy,
        action: 'import.finished',
        target: `import ${batchId}`,
        details: { created, updated, unchanged, failed, dryRun: batch.dryRun },
      });
    },

    async report(batchId: number): Promise<ImportReport | null> {
      const batch = await repository.findBatch(batchId);
      if (!batch) return null;
      const [counts, files] = await Promise.all([repository.counts(batchId), repository.files(batchId)]);
      return {
        id: batch.id,
        source: batch.source === 'upload' ? 'upload' : 'folder',
        dryRun: batch.dryRun,
        createdAt: batch.createdAt,
        finishedAt: batch.finishedAt,
        counts,
        files: files.map((file) => ({
          id: file.id,
          name: file.name,
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
