// Import batches and their files in the database: a batch with its files in one statement (an
// Import screen's files wait in 'uploading' until their tus upload is complete), the claim of the next file (FOR UPDATE SKIP LOCKED, so instances never take the same one, with a
// lease; a claim whose instance is gone or whose lease ended is taken over), progress, outcomes,
// and the report of a batch.
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { importBatches, importFiles } from '../../db/schema/imports';

export type ImportFileRow = typeof importFiles.$inferSelect;
export type ImportBatchRow = typeof importBatches.$inferSelect;

export interface NewBatch {
  startedBy: number | null;
  source: 'folder' | 'upload';
  defaultPriceCents: number;
  publisherPrices?: Record<string, number>;
  dryRun?: boolean;
  /** `location` null: the file is still to be uploaded. */
  files: ReadonlyArray<{ name: string; location: string | null; sizeBytes: number }>;
}

/** A batch as the list of recent imports shows it. */
export type BatchSummary = ImportBatchRow & { counts: BatchCounts };

const OPEN_STATUSES = sql`('uploading', 'queued', 'running')`;

export interface BatchCounts {
  uploading: number;
  queued: number;
  running: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  pagesDone: number;
  pagesTotal: number;
}

/** Marks the batch finished when none of its files is open any more; true when this call did. */
async function closeIfDone(tx: Database, batchId: number): Promise<boolean> {
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`update ${importBatches} set finished_at = now()
        where ${importBatches.id} = ${batchId} and ${importBatches.finishedAt} is null
          and not exists (select 1 from ${importFiles}
                          where ${importFiles.batchId} = ${batchId} and ${importFiles.status} in ${OPEN_STATUSES})
        returning ${importBatches.id}`,
  );
  return closed.length > 0;
}

async function countsOf(db: Database, batchId: number): Promise<BatchCounts> {
  const [row] = await queryRows<BatchCounts>(
    db,
    sql`select count(*) filter (where status = 'uploading')::int as uploading,
                 count(*) filter (where status = 'queued')::int as queued,
                 count(*) filter (where status = 'running')::int as running,
                 count(*) filter (where outcome = 'created')::int as created,
                 count(*) filter (where outcome = 'updated')::int as updated,
                 count(*) filter (where outcome = 'unchanged')::int as unchanged,
                 count(*) filter (where status = 'failed')::int as failed,
                 coalesce(sum(pages_done), 0)::int as "pagesDone",
                 coalesce(sum(pages_total), 0)::int as "pagesTotal"
            from ${importFiles} where batch_id = ${batchId}`,
  );
  return row!;
}

export function createImportRepository(db: Database) {
  return {
    async createBatch({ files, ...batch }: NewBatch): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(importBatches)
          .values({
            startedBy: batch.startedBy,
            source: batch.source,
            defaultPriceCents: batch.defaultPriceCents,
            publisherPrices: batch.publisherPrices ?? {},
            dryRun: batch.dryRun ?? false,
            // A batch without files is done as it starts.
            finishedAt: files.length === 0 ? new Date() : null,
          })
          .returning({ id: importBatches.id });
        const batchId = row!.id;
        // In slices: PostgreSQL takes at most 65,535 parameters a statement.
        for (let start = 0; start < files.length; start += 5_000) {
          await tx
            .insert(importFiles)
            .values(
              files
                .slice(start, start + 5_000)
                .map(
                  (file) => ({ ...file, batchId, status: file.location === null ? 'uploading' : 'queued' }) as const,
                ),
            );
        }
        return batchId;
      });
    },

    /** A file waiting for its upload, or undefined (no such file, or no longer waiting). */
    async waitingForUpload(fileId: number): Promise<ImportFileRow | undefined> {
      const [file] = await db
        .select()
        .from(importFiles)
        .where(and(eq(importFiles.id, fileId), eq(importFiles.status, 'uploading')));
      return file;
    },

    /**
     * Records the tus upload now bringing the file; answers the one it replaces (to remove) or
     * null, and undefined when the file is not waiting for an upload.
     */
    async uploadStarted(fileId: number, uploadId: string): Promise<string | null | undefined> {
      return db.transaction(async (tx) => {
        const [file] = await tx
          .select({ uploadId: importFiles.uploadId })
          .from(importFiles)
          .where(and(eq(importFiles.id, fileId), eq(importFiles.status, 'uploading')))
          .for('update');
        if (!file) return undefined;
        await tx.update(importFiles).set({ uploadId }).where(eq(importFiles.id, fileId));
        return file.uploadId;
      });
    },

    /** The upload is complete: the file joins the queue. False when it stopped waiting (cancelled). */
    async uploaded(fileId: number, uploadId: string, location: string): Promise<boolean> {
      const rows = await db
        .update(importFiles)
        .set({ status: 'queued', location })
        .where(and(eq(importFiles.id, fileId), eq(importFiles.status, 'uploading'), eq(importFiles.uploadId, uploadId)))
        .returning({ id: importFiles.id });
      return rows.length > 0;
    },

    /**
     * Fails the batch's files not yet converting (uploading or queued) with `reason`, closing the
     * batch when nothing else is open; answers their uploads (to remove) and whether it closed.
     */
    async stopWaiting(
      where: { batchId: number } | { uploadingSince: Date },
      reason: string,
    ): Promise<{ uploadIds: string[]; finishedBatches: number[] }> {
      return db.transaction(async (tx) => {
        const stopped = await tx
          .update(importFiles)
          .set({ status: 'failed', reason, finishedAt: new Date() })
          .where(
            'batchId' in where
              ? and(eq(importFiles.batchId, where.batchId), inArray(importFiles.status, ['uploading', 'queued']))
              : and(
                  eq(importFiles.status, 'uploading'),
                  inArray(
                    importFiles.batchId,
                    tx
                      .select({ id: importBatches.id })
                      .from(importBatches)
                      .where(lt(importBatches.createdAt, where.uploadingSince)),
                  ),
                ),
          )
          .returning({ batchId: importFiles.batchId, uploadId: importFiles.uploadId });
        const finishedBatches: number[] = [];
        for (const batchId of new Set(stopped.map((file) => file.batchId))) {
          if (await closeIfDone(tx, batchId)) finishedBatches.push(batchId);
        }
        return { uploadIds: stopped.flatMap((file) => (file.uploadId ? [file.uploadId] : [])), finishedBatches };
      });
    },

    findBatch: async (id: number): Promise<ImportBatchRow | undefined> =>
      (await db.select().from(importBatches).where(eq(importBatches.id, id)))[0],

    /**
     * The next file to convert, claimed for `leaseMs` by instance `claimant`: the oldest queued
     * one, else one whose claim ended (lease over, or held by a key in `goneInstances`).
     */
    async claimNext(
      claimant: number,
      leaseMs: number,
      goneInstances: readonly number[],
    ): Promise<ImportFileRow | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const takeOver = [lt(importFiles.leaseUntil, now)];
        if (goneInstances.length > 0) takeOver.push(inArray(importFiles.claimedBy, [...goneInstances]));
        const [next] = await tx
          .select({ id: importFiles.id })
          .from(importFiles)
          .where(or(eq(importFiles.status, 'queued'), and(eq(importFiles.status, 'running'), or(...takeOver))))
          .orderBy(asc(importFiles.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return null;
        const [claimed] = await tx
          .update(importFiles)
          .set({
            status: 'running',
            claimedBy: claimant,
            leaseUntil: new Date(now.getTime() + leaseMs),
            attempts: sql`${importFiles.attempts} + 1`,
            startedAt: sql`coalesce(${importFiles.startedAt}, now())`,
          })
          .where(eq(importFiles.id, next.id))
          .returning();
        return claimed ?? null;
      });
    },

    /** Instances holding running files other than `self`, to ask whether they still run. */
    async claimants(self: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ key: importFiles.claimedBy })
        .from(importFiles)
        .where(
          and(eq(importFiles.status, 'running'), isNotNull(importFiles.claimedBy), ne(importFiles.claimedBy, self)),
        );
      return rows.map((row) => row.key!);
    },

    /** Moves the claim's lease on and records progress; false when the claim was lost meanwhile. */
    async progress(
      fileId: number,
      claimant: number,
      values: Partial<
        Pick<ImportFileRow, 'pagesDone' | 'pagesTotal' | 'contentHash' | 'pendingIssueId' | 'pendingVersion'>
      >,
      leaseMs: number,
    ): Promise<boolean> {
      const rows = await db
        .update(importFiles)
        .set({ ...values, leaseUntil: new Date(Date.now() + leaseMs) })
        .where(and(eq(importFiles.id, fileId), eq(importFiles.claimedBy, claimant), eq(importFiles.status, 'running')))
        .returning({ id: importFiles.id });
      return rows.length > 0;
    },

    /** Records how the file ended and closes its batch when it was the last one open (answered then). */
    async finish(
      fileId: number,
      claimant: number,
      result:
        | {
            status: 'done';
            outcome: 'created' | 'updated' | 'unchanged';
            volumeId: number | null;
            issueId: number | null;
          }
        | { status: 'failed'; reason: string },
    ): Promise<{ finishedBatch: number | null }> {
      return db.transaction(async (tx) => {
        const [file] = await tx
          .update(importFiles)
          .set({
            ...result,
            claimedBy: null,
            leaseUntil: null,
            pendingIssueId: null,
            pendingVersion: null,
            finishedAt: new Date(),
          })
          .where(and(eq(importFiles.id, fileId), eq(importFiles.claimedBy, claimant)))
          .returning({ batchId: importFiles.batchId });
        if (!file) return { finishedBatch: null };
        return { finishedBatch: (await closeIfDone(tx, file.batchId)) ? file.batchId : null };
      });
    },

    /** Gives the file back to the queue (a conflict with another import of the same issue). */
    async requeue(fileId: number, claimant: number): Promise<void> {
      await db
        .update(importFiles)
        .set({ status: 'queued', claimedBy: null, leaseUntil: null })
        .where(and(eq(importFiles.id, fileId), eq(importFiles.claimedBy, claimant)));
    },

    counts: (batchId: number): Promise<BatchCounts> => countsOf(db, batchId),

    /** The name of another file of `file`'s batch that became issue `issueId`, or null. */
    async importedByAnother(file: Pick<ImportFileRow, 'id' | 'batchId'>, issueId: number): Promise<string | null> {
      const [other] = await db
        .select({ name: importFiles.name })
        .from(importFiles)
        .where(
          and(
            eq(importFiles.batchId, file.batchId),
            eq(importFiles.issueId, issueId),
            eq(importFiles.status, 'done'),
            ne(importFiles.id, file.id),
          ),
        )
        .limit(1);
      return other?.name ?? null;
    },

    /** The latest batches, newest first, with their counts. */
    async recent(limit: number): Promise<BatchSummary[]> {
      const batches = await db.select().from(importBatches).orderBy(desc(importBatches.id)).limit(limit);
      return Promise.all(batches.map(async (batch) => ({ ...batch, counts: await countsOf(db, batch.id) })));
    },

    files: (batchId: number): Promise<ImportFileRow[]> =>
      db.select().from(importFiles).where(eq(importFiles.batchId, batchId)).orderBy(asc(importFiles.id)),
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
