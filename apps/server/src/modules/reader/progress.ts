// Where each reader stopped: a saved page per issue they own, and their shelf of issues being read.
// Each user's saved pages are kept per process, so opening the reader costs no query; a save drops
// them here and, when the app forwards the invalidation, on every other instance.
import type { ReadingProgress, ReadingShelfItem } from '@comics/shared/schemas/reader';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import { UserReadCache } from '../../platform/cache/user-read-cache';
import { issueOf } from '../catalog/wire';
import type { ProgressRow, ReaderRepository } from './repository';

/** A user's saved pages, by issue id. */
export type SavedPlaces = Map<number, ProgressRow>;

/** Some 100 bytes per saved page (a map entry, a row object, its Date). */
const PLACE_BYTES = 100;

/** A cache of saved places that counts its bytes by places. */
export function createPlacesCache(): UserReadCache<SavedPlaces> {
  return new UserReadCache<SavedPlaces>({ measure: (places, grow) => grow(places.size * PLACE_BYTES) });
}

const progressOf = (row: ProgressRow, pageCount = row.pageCount): ReadingProgress => ({
  issueId: row.issueId,
  // A set replaced by a shorter one (or back to generated pages) ends earlier.
  page: Math.min(row.page, pageCount),
  pageCount,
  updatedAt: row.updatedAt.toISOString(),
});

export function createReadingProgress(
  repository: Pick<ReaderRepository, 'listPlaces' | 'saveProgress' | 'saveFurthestProgress' | 'listProgress'>,
  addresses: MediaAddresses,
  places: UserReadCache<SavedPlaces> = createPlacesCache(),
) {
  return {
    /** Where the user stopped in the issue (now `pageCount` pages long), or null. */
    async savedPlace(userId: number, issueId: number, pageCount: number): Promise<ReadingProgress | null> {
      const saved = (await places.get(userId, () => repository.listPlaces(userId))).get(issueId);
      return saved ? progressOf(saved, pageCount) : null;
    },

    /** Saves the page (the caller has checked it exists and the user may read the issue). */
    async save(userId: number, issueId: number, page: number, pageCount: number): Promise<ReadingProgress> {
      const saved = await repository.saveProgress(userId, issueId, page, pageCount);
      places.invalidate(userId);
      return progressOf(saved);
    },

    /**
     * Saves a place read offline at `readAt` (never later than now: a device's clock may run
     * ahead) unless the saved place is further; answers the place kept.
     */
    async saveReadOffline(
      userId: number,
      issueId: number,
      page: number,
      pageCount: number,
      readAt: Date,
    ): Promise<ReadingProgress> {
      const at = new Date(Math.min(readAt.getTime(), Date.now()));
      const kept = await repository.saveFurthestProgress(userId, issueId, page, pageCount, at);
      places.invalidate(userId);
      return progressOf(kept, pageCount);
    },

    /** Tells `listener` of each user who saved a place here. */
    onSaved(listener: (userId: number) => void): void {
      places.onUserInvalidated(listener);
    },

    async shelf(userId: number): Promise<ReadingShelfItem[]> {
      const rows = await repository.listProgress(userId);
      return rows.map((row) => ({
        ...progressOf(row),
        issue: issueOf(row.issue, addresses),
        volumeName: row.volumeName,
      }));
    },
  };
}
