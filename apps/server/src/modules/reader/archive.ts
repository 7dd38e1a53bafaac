// An uploaded comic archive, CBZ (ZIP), CBR (RAR) or PDF, read from a file on disk without ever
// unpacking it whole. The format is told by the file's first bytes; its reader (zip-archive.ts,
// rar-archive.ts, pdf-archive.ts, whose entries are its pages drawn as JPEGs) lists the entries and reads one when asked, and the rules are the same for
// every format: the listing is checked whole before any page is used (entry names that could
// escape a folder, encrypted entries, sizes that spell a zip bomb, too many entries), the pages
// are told from the rest by their bytes, put in reading order by a natural sort of their paths,
// and read one at a time when asked. ComicInfo.xml, when present, is handed on, and says whether
// the book reads right to left.
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import { HttpError } from '../../platform/http/errors';
import { checkUploadedImage, sniffImageFormat } from '../media/images';
import { sniffArchiveFormat, type ArchiveEntry, type ArchiveReader } from './archive-format';
import { compareEntryPaths, isJunkName, unsafeNameProblem } from './archive-names';
import { archiveRefused, entryRefused, entryRefusedFor, notAnArchive } from './archive-refusals';
import { comicInfoText, directionOfComicInfo, isComicInfoName, MAX_COMIC_INFO_BYTES } from './comic-info';
import { openPdfArchive } from './pdf-archive';
import { openRarArchive } from './rar-archive';
import { openZipArchive } from './zip-archive';

export { compareEntryPaths, isJunkName, unsafeNameProblem } from './archive-names';
export { entryRefused, entryRefusedFor, quoteEntryName } from './archive-refusals';
export { directionOfComicInfo } from './comic-info';

export interface ArchiveLimits {
  /** Pages an archive may hold. */
  maxPages: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of every entry together. */
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: Omit<ArchiveLimits, 'maxPages'> = {
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
};

/** Entries of any kind an archive may list: a few per page is plenty, millions is an attack on the parser. */
export const MAX_ENTRIES = 5000;
/** Images barely compress: an entry over this size that shrank more than MAX_RATIO times is a zip bomb. */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;
const MAX_RATIO = 100;
/** Bytes that tell an image's format (sniffImageFormat reads at most 12). */
const SNIFFED_BYTES = 16;
const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i;

/** A page of the archive, in reading order; handed back to `readPage` to read it. */
export interface ArchivePage {
  /** The entry's path inside the archive. */
  readonly name: string;
}

export interface ComicArchive {
  pages: readonly ArchivePage[];
  /** Entries that are not pages (ComicInfo.xml, text files, thumbnails of file managers…), by name. */
  skipped: string[];
  direction: ReadingDirection;
  /** The text of the archive's ComicInfo.xml, or null when it has none. */
  comicInfo: string | null;
  /** The page's bytes, checked to be a JPEG, PNG, WebP or GIF of a sane size. */
  readPage(page: ArchivePage): Promise<Buffer>;
  close(): void;
}

/**
 * The reader of the archive at `path`, by its first bytes; 415 when it is no archive read here.
 * `inOnePass`: a RAR is unpacked in the archive's order, best read in it.
 */
async function openArchiveReader(path: string): Promise<{ reader: ArchiveReader; inOnePass: boolean }> {
  switch (await sniffArchiveFormat(path)) {
    case 'zip':
      return { reader: await openZipArchive(path), inOnePass: false };
    case 'rar4':
      return { reader: await openRarArchive(path, 4), inOnePass: true };
    case 'rar5':
      return { reader: await openRarArchive(path, 5), inOnePass: true };
    case 'pdf':
      return { reader: await openPdfArchive(path), inOnePass: false };
    default:
      throw notAnArchive();
  }
}

/** Refuses an entry whose declared size, or compression ratio, no page image has. */
function checkEntrySize(entry: ArchiveEntry, limits: ArchiveLimits): void {
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    const megabytes = Math.round(limits.maxEntryBytes / (1024 * 1024));
    throw entryRefused(entry.name, 'entry_too_large', `is larger than ${megabytes} MB unpacked`);
  }
  if (entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES && entry.uncompressedSize > entry.compressedSize * MAX_RATIO) {
    throw entryRefused(entry.name, 'entry_too_large', 'is compressed far more than any image can be');
  }
}

/** An entry's bytes, at most `maxBytes` (by its declared size, which the readers hold it to), or its first `stopAfter`. */
function readEntry(reader: ArchiveReader, entry: ArchiveEntry, maxBytes: number, stopAfter?: number) {
  if (entry.uncompressedSize > maxBytes) throw entryRefused(entry.name, 'entry_too_large', 'is too large');
  return reader.readEntry(entry, stopAfter);
}

/** A page's bytes, refused (naming the entry) unless they are a supported image of a sane size. */
async function checkedPage(reader: ArchiveReader, entry: ArchiveEntry, limits: ArchiveLimits): Promise<Buffer> {
  const bytes = await readEntry(reader, entry, limits.maxEntryBytes);
  try {
    await checkUploadedImage(bytes);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'image_too_large') {
      throw entryRefusedFor(entry.name, error);
    }
    throw entryRefused(entry.name, 'not_an_image', 'is not a JPEG, PNG, WebP or GIF image');
  }
  return bytes;
}

export interface OpenOptions {
  /**
   * Check each page's bytes when it is read instead of every page's before the first is used:
   * for an import, which writes nothing anyone sees before its commit and so need not read every
   * page twice. (A RAR's pages are still checked first: its reader goes through it in one pass.)
   */
  checkPagesWhenRead?: boolean;
}

/**
 * Opens the archive at `path` and checks it whole: every entry's name and size, every page's
 * bytes (unless told to check them as they are read). Refusals are 4xx HttpErrors naming the
 * form field `file` (and the entry at fault). The caller closes the archive.
 */
export async function openComicArchive(
  path: string,
  limits: ArchiveLimits,
  options: OpenOptions = {},
): Promise<ComicArchive> {
  const { reader, inOnePass } = await openArchiveReader(path);
  try {
    const pages: Array<{ page: ArchivePage; entry: ArchiveEntry }> = [];
    const skipped: string[] = [];
    let comicInfo: string | null = null;
    let totalBytes = 0;

    for (const entry of await reader.listEntries(MAX_ENTRIES)) {
      const { name } = entry;
      const unsafe = unsafeNameProblem(name);
      if (unsafe) throw entryRefused(name, 'unsafe_entry', unsafe);
      if (entry.isDirectory) continue;
      if (isJunkName(name)) {
        skipped.push(name);
        continue;
      }
      if (entry.isEncrypted) throw entryRefused(name, 'encrypted_entry', 'is encrypted');
      checkEntrySize(entry, limits);
      totalBytes += entry.uncompressedSize;
      if (totalBytes > limits.maxTotalBytes) {
        const megabytes = Math.round(limits.maxTotalBytes / (1024 * 1024));
        throw archiveRefused(422, 'archive_too_large', `The archive holds more than ${megabytes} MB unpacked.`);
      }

      if (isComicInfoName(name) && entry.uncompressedSize <= MAX_COMIC_INFO_BYTES) {
        comicInfo = comicInfoText(await readEntry(reader, entry, MAX_COMIC_INFO_BYTES));
        skipped.push(name);
        continue;
      }
      // A page is told by its bytes: an image's name must hold an image, any other name may.
      const isPage =
        IMAGE_NAME.test(name) ||
        sniffImageFormat(await readEntry(reader, entry, limits.maxEntryBytes, SNIFFED_BYTES)) !== null;
      if (!isPage) {
        skipped.push(name);
        continue;
      }
      pages.push({ page: { name }, entry });
      if (pages.length > limits.maxPages) {
        throw archiveRefused(
          422,
          'too_many_pages',
          `The archive holds more than ${limits.maxPages} pages.`,
          `At most ${limits.maxPages} pages`,
        );
      }
    }

    if (pages.length === 0) {
      throw archiveRefused(
        422,
        'no_pages',
        'The archive holds no pages (JPEG, PNG, WebP or GIF images).',
        'The archive holds no pages',
      );
    }
    // Every page is checked before the caller does any work with the first: in the archive's
    // order, which a RAR reader reads in one pass.
    if (!options.checkPagesWhenRead || inOnePass) {
      for (const { entry } of pages) await checkedPage(reader, entry, limits);
    }
    pages.sort((a, b) => compareEntryPaths(a.page.name, b.page.name));

    const entryOf = new Map(pages.map(({ page, entry }) => [page, entry]));
    return {
      pages: pages.map(({ page }) => page),
      skipped,
      direction: comicInfo === null ? 'ltr' : directionOfComicInfo(comicInfo),
      comicInfo,
      readPage: async (page) => {
        const entry = entryOf.get(page);
        if (!entry) throw new Error(`not a page of this archive: ${page.name}`);
        return checkedPage(reader, entry, limits);
      },
      close: () => reader.close(),
    };
  } catch (error) {
    reader.close();
    throw error;
  }
}
