// The Import screen's API shapes (issue 26): a batch of archives declared before their bytes are
// sent (each with the tus protocol to IMPORT_UPLOADS_PATH, metadata `fileId`), and a batch's
// report as it goes. Prices are dollars here, as on every administrator's price field.
import { z } from 'zod';
import { issuePrice } from './admin';

/** Where archives are uploaded with tus 1.0.0 (creation, termination, expiration). */
export const IMPORT_UPLOADS_PATH = '/api/admin/imports/uploads';
/** Most files one batch may declare. */
export const MAX_IMPORT_FILES = 5_000;

/** POST /api/admin/imports: the files about to be uploaded, and what their new issues cost. */
export const importBatchBody = z.object({
  /** Without it, the shop's default price. */
  defaultPrice: issuePrice.optional(),
  publisherPrices: z
    .array(
      z.object({
        publisher: z.string().trim().min(1, { error: 'This field is required' }).max(200),
        price: issuePrice,
      }),
    )
    .max(200)
    .default([]),
  files: z
    .array(
      z.object({
        /** The name, or the path within a dropped folder ('Publisher/Series (2020)/Series 001.cbz'). */
        name: z.string().trim().min(1, { error: 'This field is required' }).max(1000),
        size: z.number().int().positive({ error: 'The file is empty' }),
      }),
    )
    .min(1, { error: 'Choose at least one archive' })
    .max(MAX_IMPORT_FILES, { error: `At most ${MAX_IMPORT_FILES} files at once` }),
});
export type ImportBatchBody = z.input<typeof importBatchBody>;

export const IMPORT_FILE_STATUSES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged'] as const;

export const importCounts = z.object({
  uploading: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importFileReport = z.object({
  id: z.number().int(),
  name: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(IMPORT_FILE_STATUSES),
  outcome: z.enum(IMPORT_OUTCOMES).nullable(),
  /** Why it failed, as a sentence. */
  reason: z.string().nullable(),
  pagesDone: z.number().int(),
  pagesTotal: z.number().int().nullable(),
  volumeId: z.number().int().nullable(),
  issueId: z.number().int().nullable(),
});
export type ImportFileReport = z.infer<typeof importFileReport>;

const batchFields = {
  id: z.number().int(),
  source: z.enum(['folder', 'upload']),
  dryRun: z.boolean(),
  createdAt: z.string(),
  /** Null while any file is uploading, queued or converting. */
  finishedAt: z.string().nullable(),
  counts: importCounts,
};

/** GET /api/admin/imports/{id} (and the answer of POST /api/admin/imports, 201). */
export const importReport = z.object({ ...batchFields, files: z.array(importFileReport) });
export type ImportReport = z.infer<typeof importReport>;

/** GET /api/admin/imports: the shop's default price and the latest batches. */
export const importBatches = z.object({
  defaultPrice: z.number(),
  batches: z.array(z.object(batchFields)),
});
export type ImportBatches = z.infer<typeof importBatches>;
