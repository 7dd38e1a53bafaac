// One archive of an import, from its bytes to a catalogue issue: hashed first (an archive imported
// before changes nothing and is not even opened), opened and checked with the upload's rules,
// described by its ComicInfo.xml or its path, its pages rendered and stored under a version
// nobody reads yet, and then the issue, its metadata and its pages committed in one transaction.
// Whatever goes wrong before the commit removes what this attempt wrote; a crash leaves the
// pending pages recorded on the file, and the next attempt removes them first.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Database } from '../../db/client';
import { HttpError } from '../../platform/http/errors';
import type { CatalogImporting, ImportOutcome, IssueImport } from '../catalog/importing';
import { parseComicInfo } from './comic-info';
import { issueMetadataOf } from './issue-metadata';

/** An opened archive, as the reader's archive module answers it. */
export interface ImportArchive {
  pages: ReadonlyArray<{ name: string }>;
  comicInfo: string | null;
  direction: 'ltr' | 'rtl';
  readPage(page: { name: string }): Promise<Buffer>;
  close(): void;
}

/** Pages stored under an issue id and version, ready to be attached. */
export interface StoredPages {
  issueId: number;
  version: string;
  pageCount: number;
}

/** What conversion uses of the reader and the media modules (wired in app.ts). */
export interface ImportTools {
  /** Opens an archive, refusing it (an HttpError with a sentence) by the upload's rules. */
  openArchive(path: string): Promise<ImportArchive>;
  /** Renders and stores every page under `at`; `onPage` is told how many are stored so far. */
  storePages(
    archive: ImportArchive,
    at: { issueId: number; version: string },
    onPage: (stored: number) => Promise<void>,
  ): Promise<
    StoredPages & {
      /** Makes them the issue's pages, in the import's transaction. */
      attach(tx: Database, uploadedBy: number | null): Promise<void>;
      /** After the commit: removes the pages they replaced, tells the caches. */
      committed(volumeId: number): Promise<void>;
    }
  >;
  /** Removes pages stored under `at` (best effort). */
  removePages(at: { issueId: number; version: string; pageCount: number }): Promise<void>;
  /** Stores a cover made from the first page's bytes; answers its address. */
  storeCover(bytes: Buffer, uploadedBy: number | null): Promise<string>;
  /** Removes a cover storeCover made that no issue took (best effort). */
  removeCover(address: string): Promise<void>;
}

export interface ConversionInput {
  /** Where the archive is on disk, and its name as the report shows it (a relative path). */
  location: string;
  name: string;
  startedBy: number | null;
  priceCentsFor(publisher: string): number;
  dryRun: boolean;
  /** Pages left by an earlier attempt that died before committing. */
  leftover: { issueId: number; version: string; pageCount: number } | null;
  /** The name of another archive of the same import that already became this issue, if any. */
  importedByAnother(issueId: number): Promise<string | null>;
}

export type ConversionResult =
  | { status: 'done'; outcome: ImportOutcome; volumeId: number | null; issueId: number | null }
  | { status: 'failed'; reason: string };

/** Told as the conversion goes, to keep the claim and show progress; false: the claim was lost. */
export interface ConversionProgress {
  hashed(contentHash: string): Promise<void>;
  pagesPlanned(pending: { issueId: number; version: string; pageCount: number }): Promise<void>;
  pagesStored(stored: number): Promise<void>;
}

/** Another worker committed the same issue meanwhile: this attempt's pages are under another id. */
export class ImportConflict extends Error {}

/** The claim on the file went to another worker (this one was too slow to renew it). */
export class ClaimLost extends Error {}

/** Read in pieces this large: each piece is a turn of the event loop, which a busy shop makes long. */
const HASHED_PIECE_BYTES = 4 * 1024 * 1024;

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: HASHED_PIECE_BYTES })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const newVersion = () => `i${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

/** A refusal as the report says it: the HttpError's sentence, or a generic one for the unexpected. */
function reasonOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 'The file is no longer there.';
  throw error;
}

export async function convertArchive(
  input: ConversionInput,
  tools: ImportTools,
  catalog: CatalogImporting,
  progress: ConversionProgress,
): Promise<ConversionResult> {
  if (input.leftover) await tools.removePages(input.leftover);

  let contentHash: string;
  try {
    contentHash = await sha256OfFile(input.location);
  } catch (error) {
    return { status: 'failed', reason: reasonOf(error) };
  }
  await progress.hashed(contentHash);
  const known = await catalog.findImported(contentHash);
  if (known) return { status: 'done', outcome: 'unchanged', ...known };

  let archive: ImportArchive;
  try {
    archive = await tools.openArchive(input.location);
  } catch (error) {
    return { status: 'failed', reason: reasonOf(error) };
  }
  try {
    const comicInfo = archive.comicInfo === null ? null : parseComicInfo(archive.comicInfo);
    const metadata = issueMetadataOf({ comicInfo, path: input.name });
    if ('problem' in metadata) return { status: 'failed', reason: metadata.problem };
    const existing = await catalog.findExisting(metadata);
    const twin = existing === null ? null : await input.importedByAnother(existing);
    if (twin !== null) {
      return {
        status: 'failed',
        reason: `Another archive of this import, ${twin}, is already issue ${metadata.issueNumber} of ${metadata.series}: two archives cannot be the same issue.`,
      };
    }
    if (input.dryRun) {
      return { status: 'done', outcome: existing ? 'updated' : 'created', volumeId: null, issueId: existing };
    }

    const at = { issueId: existing ?? (await catalog.reserveIssueId()), version: newVersion() };
    await progress.pagesPlanned({ ...at, pageCount: archive.pages.length });
    let stored: Awaited<ReturnType<ImportTools['storePages']>> | null = null;
    let cover: string | null = null;
    let imported: IssueImport;
    try {
      stored = await tools.storePages(archive, at, progress.pagesStored);
      cover = await tools.storeCover(await archive.readPage(archive.pages[0]!), input.startedBy);
      imported = await catalog.importIssue(
        {
          ...metadata,
          archiveHash: contentHash,
          cover,
          priceCents: input.priceCentsFor(metadata.publisher),
        },
        at.issueId,
        async (issueId, tx) => {
          if (issueId !== at.issueId) throw new ImportConflict();
          await stored!.attach(tx, input.startedBy);
        },
      );
    } catch (error) {
      await tools.removePages({ ...at, pageCount: archive.pages.length });
      // Best effort, not to hide the failure that matters: a cover left behind is only wasted space.
      if (cover !== null) await tools.removeCover(cover).catch(() => {});
      if (error instanceof ImportConflict || error instanceof ClaimLost) throw error;
      return { status: 'failed', reason: reasonOf(error) };
    }
    // Committed: from here on the pages are the issue's, whatever fails.
    if (imported.outcome === 'unchanged') {
      // Another worker imported the same archive meanwhile: its pages and cover are the issue's.
      await tools.removePages({ ...at, pageCount: archive.pages.length });
      await tools.removeCover(cover);
    } else await stored.committed(imported.volumeId);
    return { status: 'done', ...imported };
  } finally {
    archive.close();
  }
}
