// An administrator's upload of an issue's pages: the archive (already on disk) is checked whole,
// every page is rendered and stored under a version nobody has seen, and only then does the
// database switch the issue to the new set, in one transaction; the replaced set's images go
// after. A failure before the switch removes what this upload wrote, so readers always see the
// old set or the new one, complete. Removing the pages brings the generated demo pages back.
// Converting is the heaviest work the server does (some 325 ms of CPU a page), so archives are
// converted a bounded number at a time, one per admin, and their pages share the encoding slots
// fairly between the admins converting (platform/limits/work-slots.ts). Both keep a JPEG page's
// bytes as its source, which a download gives as uploaded. An import stores less: a JPEG page's
// narrowest rendition and its placeholder, the wider renditions made from the source on a reader's
// first request (page-renditions.ts, ADR 018), one page at a time.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PagesUploadAnswer } from '@comics/shared/schemas/reader';
import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_PAGES, PAGE_WIDTHS } from '@comics/shared/schemas/reader';
import type { Database } from '../../db/client';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { HttpError, tryAgainLater } from '../../platform/http/errors';
import { loggableError } from '../../platform/logging/loggable-error';
import { contentTypeOfKey, type MediaStorage } from '../../platform/storage/media-storage';
import { backgroundStep } from '../../platform/limits/give-way';
import { WorkSlots } from '../../platform/limits/work-slots';
import type { AuditLog } from '../audit/service';
import {
  DEFAULT_ARCHIVE_LIMITS,
  entryRefusedFor,
  openComicArchive,
  type OpenOptions,
  type ArchivePage,
  type ComicArchive,
} from './archive';
import { issueShape } from './generated-pages';
import { mapLimited } from '@comics/shared/map-limited';
import { sniffImageFormat } from '../media/images';
import {
  pageJpegKey,
  pageKey,
  pageSourceKey,
  SOURCE_EXTENSIONS,
  VERSION_PATTERN,
  type SourceFormat,
} from './page-keys';
import { renderFirstView, renderPage, type RenderedPage } from './page-renditions';
import type { CatalogService } from '../catalog/service';
import type { PageSet, ReaderRepository, StoredPage } from './repository';

export interface PageUploadLimits {
  /** Bytes of one archive, as sent. */
  maxArchiveBytes: number;
  /** Pages of one archive. */
  maxPages: number;
}

export interface PageUploadDependencies {
  repository: ReaderRepository;
  /** The catalogue's issue (its volume, for the change event). */
  findIssue: CatalogService['findIssue'];
  storage: MediaStorage;
  catalogChanges?: CatalogEvents;
  audit?: Pick<AuditLog, 'record'>;
  /** Told of images left behind (a failed clean-up is not the admin's problem). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** MAX_ARCHIVE_BYTES and MAX_ARCHIVE_PAGES unless told (tests use small ones). */
  limits?: Partial<PageUploadLimits>;
}

/** The rendition slots' client for imported archives (one import worker per instance). */
const IMPORTS_CLIENT = 'imports';
/** Pages rendered at once, in all: sharp keeps a core busy per page, and the server has two. */
const RENDITION_SLOTS = 2;
/** Pages one upload renders at once: an admin alone uses both cores; two admins get one each. */
const PAGES_AT_ONCE = 2;
/**
 * Pages an import renders at once: one core, whatever else runs, so the shop keeps the other (a
 * page's first view is some 30 ms of CPU; the next page is read and the last one written meanwhile).
 */
const IMPORT_RENDERS_AT_ONCE = 1;
/**
 * Pages an import has in hand: one rendering (and, on a busy shop, resting after it: give-way.ts),
 * the other being read or written. More in hand went no faster once a page was inflated in one
 * piece, and took more of the shop's event loop.
 */
const IMPORT_PAGES_AT_ONCE = 2;
/**
 * Archives converted at once in the process: two admins can each get on with an issue, and the
 * page drawings and covers still find CPU (a third upload would only slow the two down, the pages
 * sharing two slots). An archive is held from before its body is received until it is stored.
 */
const UPLOADS_AT_ONCE = 2;
/** An admin converts one archive at a time: a second would only queue behind the first's pages. */
const UPLOADS_PER_ADMIN = 1;
/**
 * Seconds before a refused upload is worth trying again: the longest archive (300 pages at some
 * 325 ms on two cores) converts in about 50 s.
 */
const UPLOAD_RETRY_AFTER_SECONDS = 60;
const PAGES_FIELD = ['pages'] as const;
const WEBP = 'image/webp';
const JPEG = 'image/jpeg';

const issueNotFound = () => new HttpError(404, 'issue_not_found', 'Issue not found');

/** A set's version: part of every key and address of its images, so it is never reused. */
function newVersion(): string {
  const version = `u${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
  if (!VERSION_PATTERN.test(version)) throw new Error(`made a version storage keys refuse: ${version}`);
  return version;
}

/** Every storage key a page may have at `widths` (its source as uploaded, and its JPEGs for reading apps, too). */
function keysOfPage(issueId: number, version: string, number: number, widths: readonly number[]): string[] {
  return [
    ...widths.flatMap((width) => [
      pageKey(issueId, version, number, width),
      pageJpegKey(issueId, version, number, width),
    ]),
    ...Object.keys(SOURCE_EXTENSIONS).map((format) => pageSourceKey(issueId, version, number, format as SourceFormat)),
  ];
}

/** Every storage key a stored set may have (an imported page's wider widths too, made or not yet). */
function keysOf(set: Pick<PageSet, 'issueId' | 'version' | 'pages'>): string[] {
  return set.pages.flatMap((page) => keysOfPage(set.issueId, set.version, page.number, page.widths));
}

const busy = () =>
  tryAgainLater(503, 'busy', 'Another archive is being converted; try again in a minute.', UPLOAD_RETRY_AFTER_SECONDS);

export function createPageUploads(deps: PageUploadDependencies) {
  const { repository, findIssue: catalogIssue, storage, catalogChanges, audit, log } = deps;
  const limits: PageUploadLimits = {
    maxArchiveBytes: deps.limits?.maxArchiveBytes ?? MAX_ARCHIVE_BYTES,
    maxPages: deps.limits?.maxPages ?? MAX_ARCHIVE_PAGES,
  };
  // No waiting places: an upload past the bound is refused before its body is received, rather
  // than holding an admin's connection open for minutes.
  const conversions = new WorkSlots(
    {
      concurrency: UPLOADS_AT_ONCE,
      maxWaiting: 0,
      maxWaitingPerClient: 0,
      maxRunningPerClient: UPLOADS_PER_ADMIN,
    },
    busy,
  );
  // Every upload converting, and the import worker, asks for at most PAGES_AT_ONCE slots, so the
  // waiting places always suffice: a page is never refused halfway through an archive.
  const renditions = new WorkSlots(
    {
      concurrency: RENDITION_SLOTS,
      maxWaiting: (UPLOADS_AT_ONCE + 1) * PAGES_AT_ONCE,
      maxWaitingPerClient: PAGES_AT_ONCE,
    },
    busy,
  );

  // An import's pages take their turn in the rendition slots too, one at a time (IMPORT_RENDERS_AT_ONCE).
  const importRenders = new WorkSlots(
    {
      concurrency: IMPORT_RENDERS_AT_ONCE,
      maxWaiting: IMPORT_PAGES_AT_ONCE,
      maxWaitingPerClient: IMPORT_PAGES_AT_ONCE,
    },
    busy,
  );

  /** An archive on disk, checked whole by the upload's limits (an import's archives too). */
  const openArchive = (path: string, options?: OpenOptions) =>
    openComicArchive(path, { ...DEFAULT_ARCHIVE_LIMITS, maxPages: limits.maxPages }, options);

  async function findIssue(issueId: number) {
    const issue = await catalogIssue(issueId);
    if (!issue) throw issueNotFound();
    return issue;
  }

  /** Best effort: images left behind are never addressed again (their version is gone), only wasted. */
  async function removeQuietly(keys: readonly string[], why: string): Promise<void> {
    const outcomes = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    if (failed.length > 0) {
      log?.warn(
        { error: loggableError(failed[0]!.reason), left: failed.length, of: keys.length },
        `page images could not be removed (${why})`,
      );
    }
  }

  /** Removes a replaced set's images, when it is the set read before (else a concurrent change got there first). */
  async function removeReplaced(before: PageSet | null, replaced: string | null): Promise<void> {
    if (replaced === null) return;
    if (before?.version !== replaced) {
      log?.warn({ issueId: before?.issueId, version: replaced }, 'the images of a replaced page set were left behind');
      return;
    }
    await removeQuietly(keysOf(before), 'replaced page set');
  }

  function announce(volumeId: number, issueId: number): void {
    // Cached page lists of the issue drop it on every instance; nothing else shows pages.
    catalogChanges?.publish({ kind: 'issue_updated', volumeId, issueId, fields: PAGES_FIELD, issuesChanged: false });
  }

  /**
   * Renders the archive's page as page `number` of the set and stores its renditions, and a
   * JPEG's bytes as its source (what a download gives as uploaded), each key noted in `written`
   * before it is written. A page sharp cannot render is refused naming its entry.
   */
  async function storePage(
    archive: ComicArchive,
    page: ArchivePage,
    at: { issueId: number; version: string; number: number; client: string },
    written: string[],
    /** The page's bytes when the caller read them already (an import, to tell a JPEG). */
    read?: Buffer,
  ): Promise<StoredPage> {
    let rendered: RenderedPage;
    let bytes: Buffer;
    try {
      bytes = read ?? (await archive.readPage(page));
      rendered = await renditions.run(at.client, () => renderPage(bytes));
    } catch (error) {
      throw error instanceof HttpError ? entryRefusedFor(page.name, error) : error;
    }
    const writes = rendered.renditions.map((rendition) => {
      const key = pageKey(at.issueId, at.version, at.number, rendition.width);
      written.push(key);
      return storage.put(key, rendition.bytes, WEBP);
    });
    // The page as uploaded, for downloads (never served as a page, and not read to render here).
    const format = sniffImageFormat(bytes);
    if (format) {
      const source = pageSourceKey(at.issueId, at.version, at.number, format);
      written.push(source);
      writes.push(storage.put(source, bytes, contentTypeOfKey(source)));
    }
    await Promise.all(writes);
    return {
      number: at.number,
      width: rendered.width,
      height: rendered.height,
      widths: rendered.renditions.map((rendition) => rendition.width),
      placeholder: rendered.placeholder,
    };
  }

  /**
   * An imported page, stored as storePage does, except a JPEG's: its source, its narrowest
   * rendition and its placeholder now, its wider renditions when a reader first asks for them.
   * (Other formats, rare in comics, are rendered whole: the source key is a JPEG's.)
   */
  async function storeImportedPage(
    archive: ComicArchive,
    page: ArchivePage,
    at: { issueId: number; version: string; number: number },
    written: string[],
  ): Promise<StoredPage> {
    let bytes: Buffer;
    let rendered: Awaited<ReturnType<typeof renderFirstView>>;
    try {
      bytes = await archive.readPage(page);
      if (sniffImageFormat(bytes) !== 'jpeg') {
        return await importRenders.run(IMPORTS_CLIENT, () =>
          storePage(archive, page, { ...at, client: IMPORTS_CLIENT }, written, bytes),
        );
      }
      rendered = await importRenders.run(IMPORTS_CLIENT, async () => {
        const step = backgroundStep();
        const firstView = await renditions.run(IMPORTS_CLIENT, () => renderFirstView(bytes));
        // Resting in the import's slot: its next page waits too.
        await step.giveWay();
        return firstView;
      });
    } catch (error) {
      throw error instanceof HttpError ? entryRefusedFor(page.name, error) : error;
    }
    const narrowest = rendered.renditions[0]!;
    const keys = [
      pageSourceKey(at.issueId, at.version, at.number),
      pageKey(at.issueId, at.version, at.number, narrowest.width),
    ];
    written.push(...keys);
    await Promise.all([storage.put(keys[0]!, bytes, JPEG), storage.put(keys[1]!, narrowest.bytes, WEBP)]);
    return {
      number: at.number,
      width: rendered.width,
      height: rendered.height,
      widths: rendered.widths,
      placeholder: rendered.placeholder,
    };
  }

  return {
    limits,
    openArchive,

    /** 404 for an unknown issue: checked before an archive is received. */
    async assertIssueExists(issueId: number): Promise<void> {
      await findIssue(issueId);
    },

    /**
     * `work` (receiving and converting one archive) in `adminId`'s conversion slot; 503 'busy'
     * with Retry-After at once, before `work` starts, when the admin is converting one already or
     * the process is converting all it will.
     */
    converting<T>(adminId: number, work: () => Promise<T>): Promise<T> {
      return conversions.run(`admin:${adminId}`, work);
    },

    /** Makes the archive at `archivePath` the issue's pages; 4xx HttpErrors naming `file` when refused. */
    async upload(input: { issueId: number; archivePath: string; uploadedBy: number }): Promise<PagesUploadAnswer> {
      const { issueId, uploadedBy } = input;
      const issue = await findIssue(issueId);
      const archive = await openArchive(input.archivePath);
      const version = newVersion();
      const written: string[] = [];
      let outcome: { replaced: string | null } | false;
      let before: PageSet | null;
      try {
        const pages = await mapLimited(archive.pages, PAGES_AT_ONCE, (page, index) =>
          storePage(archive, page, { issueId, version, number: index + 1, client: `admin:${uploadedBy}` }, written),
        );
        before = await repository.findPageSet(issueId);
        const set: PageSet = { issueId, version, pageCount: pages.length, direction: archive.direction, pages };
        outcome = await repository.replacePageSet(set, uploadedBy);
        if (!outcome) throw issueNotFound();
      } catch (error) {
        await removeQuietly(written, 'refused upload');
        throw error;
      } finally {
        archive.close();
      }

      await removeReplaced(before, outcome.replaced);
      announce(issue.volumeId, issueId);
      await audit?.record({
        actorId: uploadedBy,
        action: 'issue.updated',
        target: `issue ${issueId}`,
        details: { fields: PAGES_FIELD, pageCount: archive.pages.length, direction: archive.direction },
      });
      return { issueId, pageCount: archive.pages.length, direction: archive.direction, skipped: archive.skipped };
    },

    /**
     * An imported archive's pages (imports/converting.ts), rendered and stored as an upload's are,
     * under `at`, which for a new issue is an id its row will get. `attach` makes them the issue's
     * pages in the import's transaction; `committed` then removes the set they replaced and tells
     * the caches. What a failure left is removed with `removeStored`.
     */
    async storeImported(
      archive: ComicArchive,
      at: { issueId: number; version: string },
      onPage: (stored: number) => Promise<void>,
    ) {
      const written: string[] = [];
      let stored = 0;
      let pages: StoredPage[];
      try {
        pages = await mapLimited(archive.pages, IMPORT_PAGES_AT_ONCE, async (page, index) => {
          const result = await storeImportedPage(archive, page, { ...at, number: index + 1 }, written);
          await onPage(++stored);
          return result;
        });
      } catch (error) {
        await removeQuietly(written, 'refused import');
        throw error;
      }
      const set: PageSet = { ...at, pageCount: pages.length, direction: archive.direction, pages };
      // Read before the import's transaction (the embedded database has one connection, which
      // that transaction holds); the replaced set is removed only if it is still this one.
      const before = await repository.findPageSet(at.issueId);
      let replaced: string | null = null;
      return {
        ...at,
        pageCount: pages.length,
        async attach(tx: Database, uploadedBy: number | null): Promise<void> {
          const outcome = await repository.replacePageSet(set, uploadedBy, tx);
          if (!outcome) throw issueNotFound();
          replaced = outcome.replaced;
        },
        async committed(volumeId: number): Promise<void> {
          await removeReplaced(before, replaced);
          announce(volumeId, at.issueId);
        },
      };
    },

    /** Removes stored pages no set names (an import that failed or died before its commit). */
    async removeStored(at: { issueId: number; version: string; pageCount: number }): Promise<void> {
      const keys = Array.from({ length: at.pageCount }, (_, index) =>
        keysOfPage(at.issueId, at.version, index + 1, PAGE_WIDTHS),
      ).flat();
      await removeQuietly(keys, 'unfinished import');
    },

    /** Removes the issue's uploaded pages (it reads generated ones again); 404 when it has none. */
    async remove(input: { issueId: number; removedBy: number }): Promise<void> {
      const { issueId, removedBy } = input;
      const issue = await findIssue(issueId);
      const before = await repository.findPageSet(issueId);
      const removed = await repository.deletePageSet(issueId, issueShape(issueId).pageCount);
      if (removed === null) throw new HttpError(404, 'pages_not_found', 'The issue has no uploaded pages.');
      await removeReplaced(before, removed);
      announce(issue.volumeId, issueId);
      await audit?.record({
        actorId: removedBy,
        action: 'issue.updated',
        target: `issue ${issueId}`,
        details: { fields: PAGES_FIELD, removed: true },
      });
    },
  };
}

export type PageUploads = ReturnType<typeof createPageUploads>;
