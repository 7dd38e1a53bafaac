// A download's pages, per issue and page-set version: each page's file in the storage (page-images'
// downloadPage: as uploaded, or a JPEG), named in reading order, with the size and CRC-32 a ZIP's headers must carry before
// its bytes (stored-zip.ts). Worked out on the version's first download in this process, reading
// each file once, and kept per process: a version's files never change (new pages are a new
// version), so working them out again on another instance reads the same bytes to the same sums,
// and a download resumed there gets the same archive. Not kept in the storage (its keys take
// images only) nor in a table: that would only save the one read per process.
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { BoundedCache, sharedLoad, type CacheStats } from '../../platform/cache/bounded-cache';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { Edition } from './editions';
import { mapLimited } from '@comics/shared/map-limited';
import type { DownloadPage } from './page-images';
import type { PageImage } from './page-drawings';

/** A page as a file of the download. */
export interface DownloadFile {
  /** `001.jpg`, `002.png`…: reading order is name order in every reader. */
  name: string;
  key: string;
  size: number;
  crc32: number;
  /** Upright, in pixels. */
  width: number;
  height: number;
}

export interface DownloadFilesDependencies {
  storage: MediaStorage;
  /** The page as a download's JPEG, made first when it must be (in `client`'s share of the drawing slots). */
  downloadPage(edition: Edition, number: number, client: string): Promise<DownloadPage | null>;
}

/**
 * Pages worked out at once: a generated issue's first download draws and converts each page, and
 * the drawing slots are two; pages already stored are only read.
 */
const PAGES_AT_ONCE = 2;
/** Some 100 bytes a file: an issue of 300 pages is 30 kB. */
const BYTES_PER_FILE = 100;
/** A version's files never change: the TTL only lets what nobody downloads any more go. */
const TTL_MS = 60 * 60 * 1000;

/** `001.jpg` for page 1: three digits hold the 300 pages an archive may have. */
const pageFileNameInDownload = (number: number, extension: string) => `${String(number).padStart(3, '0')}.${extension}`;

/** Size and CRC-32 of an image, read once. */
async function sumsOf(image: PageImage): Promise<{ size: number; crc32: number }> {
  if (Buffer.isBuffer(image.body)) return { size: image.body.length, crc32: crc32(image.body) };
  let size = 0;
  let sum = 0;
  for await (const chunk of image.body as AsyncIterable<Buffer>) {
    sum = crc32(chunk, sum);
    size += chunk.length;
  }
  return { size, crc32: sum };
}

export function createDownloadFiles({ storage, downloadPage }: DownloadFilesDependencies) {
  const kept = new BoundedCache<string, Promise<DownloadFile[]>>({
    maxEntries: 1_000,
    maxBytes: 8 * 1024 * 1024,
    ttlMs: TTL_MS,
  });
  const keyOf = (edition: Edition) => `${edition.issueId}/${edition.version}`;

  async function workOut(edition: Edition, client: string): Promise<DownloadFile[]> {
    return mapLimited(edition.pages, PAGES_AT_ONCE, async (page) => {
      const found = await downloadPage(edition, page.number, client);
      if (!found) throw new Error(`page ${page.number} of ${keyOf(edition)} is missing from the storage`);
      const sums = await sumsOf(found.image);
      if (sums.size !== found.image.size)
        throw new Error(`${found.key} read ${sums.size} of ${found.image.size} bytes`);
      const { key, width, height, extension } = found;
      return { name: pageFileNameInDownload(page.number, extension), key, width, height, ...sums };
    });
  }

  return {
    /** The edition's files, worked out (pages converted and read) on its first download here. */
    filesOf: (edition: Edition, client: string): Promise<DownloadFile[]> =>
      sharedLoad(kept, keyOf(edition), () => workOut(edition, client), {
        measure: (files, grow) => grow(files.length * BYTES_PER_FILE),
      }),

    /**
     * The file's bytes, checked to be the size it was summed at. A file gone or changed (removed
     * under a download, or by hand) drops the edition's files: the next download works them out again.
     */
    async open(edition: Edition, file: DownloadFile): Promise<Readable> {
      const stored = await storage.get(file.key);
      if (stored?.size === file.size) return stored.body;
      stored?.body.destroy();
      kept.delete(keyOf(edition));
      throw new Error(`${file.key} is ${stored ? `${stored.size} bytes, not ${file.size}` : 'gone'}`);
    },

    /** What the cache counts (hits, misses, evictions), for the metrics. */
    cacheStats: kept as CacheStats,
  };
}

export type DownloadFiles = ReturnType<typeof createDownloadFiles>;
