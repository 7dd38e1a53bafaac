// The reader, the module's public face: an issue's pages (editions.ts: its uploaded set, or
// generated demo pages, kept per process), who may read them past the preview (access.ts: owners
// and administrators, through page addresses that open pages only while the session that asked
// for them lives and its account may still read the issue), the images themselves (page-images.ts)
// and where each reader stopped (progress.ts).
import type { ReadingAccess, ReadingProgress } from '@comics/shared/schemas/reader';
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { CatalogEvents } from '../../platform/cache/catalog-events';
import { HttpError, validationFailed } from '../../platform/http/errors';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { UserReadCache } from '../../platform/cache/user-read-cache';
import type { CatalogService } from '../catalog/service';
import { createReadingAccess, type Reader, type ReadingAccessDependencies } from './access';
import { createEditions } from './editions';
import { createPageImages } from './page-images';
import type { PageDrawingsOptions } from './page-drawings';
import { createReadingProgress, type SavedPlaces } from './progress';
import type { ReaderRepository } from './repository';

export interface ReaderServiceDependencies extends ReadingAccessDependencies {
  repository: ReaderRepository;
  /** The catalogue's issue with its volume's name. */
  findIssue: CatalogService['findIssue'];
  storage: MediaStorage;
  addresses: MediaAddresses;
  catalogChanges?: CatalogEvents;
  /** How long an issue's pages are kept without an event dropping them; 0 keeps none. Default a minute. */
  cacheTtlMs?: number;
  /** Limits on drawing generated pages at once. */
  drawings?: PageDrawingsOptions;
  /**
   * Each user's saved pages, by issue: the reader's opening costs no query. Its invalidations
   * reach the other instances when the app forwards them (a save there shows here at once).
   */
  places?: UserReadCache<SavedPlaces>;
}

export function createReaderService(deps: ReaderServiceDependencies) {
  const editions = createEditions(deps);
  const rights = createReadingAccess(deps);
  const images = createPageImages(deps.storage, deps.drawings);
  const progress = createReadingProgress(deps.repository, deps.addresses, deps.places);

  return {
    edition: editions.edition,
    isKept: editions.isKept,
    /** What the editions' cache counts (hits, misses, evictions), for the metrics. */
    editionCacheStats: editions.cacheStats,
    pageImage: images.pageImage,
    pageJpeg: images.pageJpeg,
    downloadPage: images.downloadPage,
    mayRead: rights.mayRead,
    grantOf: rights.grantOf,
    ownershipChanged: rights.ownershipChanged,
    shelf: progress.shelf,
    onPlaceSaved: progress.onSaved,

    /** Whether the reader owns the issue and, if so, the token opening its pages and the saved page. */
    async access(reader: Reader, issueId: number): Promise<ReadingAccess> {
      const edition = await editions.edition(issueId);
      if (!(await rights.mayRead(reader, issueId))) {
        return { owned: false, token: null, tokenExpiresAt: null, progress: null };
      }
      const [{ token, expiresAt }, saved] = await Promise.all([
        rights.tokenFor(reader, issueId),
        progress.savedPlace(reader.id, issueId, edition.pageCount),
      ]);
      return { owned: true, token, tokenExpiresAt: expiresAt.toISOString(), progress: saved };
    },

    /**
     * 404 unknown issue, 403 not_owner, 400 naming `page` past the issue's end. With `readAt` (a
     * place read offline) the furthest place wins against the saved one.
     */
    async saveProgress(reader: Reader, issueId: number, page: number, readAt?: string): Promise<ReadingProgress> {
      const edition = await editions.edition(issueId);
      if (!(await rights.mayRead(reader, issueId))) {
        throw new HttpError(403, ERROR_CODES.notOwner, 'Only owners of this issue keep their place in it.');
      }
      if (page > edition.pageCount) {
        throw validationFailed({ page: `This issue has ${edition.pageCount} pages` });
      }
      return readAt === undefined
        ? progress.save(reader.id, issueId, page, edition.pageCount)
        : progress.saveReadOffline(reader.id, issueId, page, edition.pageCount, new Date(readAt));
    },
  };
}

export type ReaderService = ReturnType<typeof createReaderService>;
