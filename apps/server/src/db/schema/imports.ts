// Bulk imports of comic archives (issue 26): a batch an administrator started (from the browser
// or the import command) and its files, each a job any instance's import worker may claim. A
// file is claimed with FOR UPDATE SKIP LOCKED and a lease stamped with the claiming instance's
// liveness key, so the files of an instance that died are taken over at once by another.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { issues, volumes } from './catalog';
import { users } from './users';

/** 'uploading': declared on the Import screen, its bytes still on their way (tus). */
export const importFileStatusEnum = pgEnum('import_file_status', ['uploading', 'queued', 'running', 'done', 'failed']);
export const importOutcomeEnum = pgEnum('import_outcome', ['created', 'updated', 'unchanged']);

export const importBatches = pgTable('import_batches', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** The administrator who started it; null for the import command (or once the account is gone). */
  startedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  /** 'folder' (npm run import) or 'upload' (the Import screen). */
  source: text().notNull(),
  /** What a new issue costs unless its publisher has a price of its own. */
  defaultPriceCents: integer().notNull(),
  /** Publisher name (lower case) → price in cents of that publisher's new issues. */
  publisherPrices: jsonb().$type<Record<string, number>>().notNull().default({}),
  /** Checked and reported, nothing written to the catalogue. */
  dryRun: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When its last file was done or failed; null while any is queued or running. */
  finishedAt: timestamp({ withTimezone: true }),
});

export const importFiles = pgTable(
  'import_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer()
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** The archive's path in the imported folder, or its name as uploaded: what reports show. */
    name: text().notNull(),
    /** Where the archive is on this machine's disk (the folder imported, or the upload area); null until uploaded. */
    location: text(),
    /** The tus upload that is bringing it (the Import screen), until it is queued. */
    uploadId: text(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    status: importFileStatusEnum().notNull().default('queued'),
    outcome: importOutcomeEnum(),
    /** Why it failed, as a sentence a person can act on. */
    reason: text(),
    /** SHA-256 of the archive's bytes, hex: the same archive imported again changes nothing. */
    contentHash: text(),
    volumeId: integer().references(() => volumes.id, { onDelete: 'set null' }),
    issueId: integer().references(() => issues.id, { onDelete: 'set null' }),
    pagesTotal: integer(),
    pagesDone: integer().notNull().default(0),
    /** The liveness key of the instance converting it (db/instance-lock.ts). */
    claimedBy: integer(),
    /** A claim past this is free to take again, whoever holds it. */
    leaseUntil: timestamp({ withTimezone: true }),
    /**
     * The pages being written (the issue id they are stored under, which for a new issue is
     * reserved and not yet a row, and their version): what a resumed conversion removes first.
     */
    pendingIssueId: integer(),
    pendingVersion: text(),
    attempts: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('import_files_batch_idx').on(t.batchId, t.id),
    index('import_files_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('import_files_pages_check', sql`${t.pagesDone} >= 0`),
    check(
      'import_files_location_check',
      sql`${t.status}::text in ('uploading', 'failed') or ${t.location} is not null`,
    ),
  ],
);
