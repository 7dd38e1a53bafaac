// An uploaded comic archive (CBZ: a ZIP of page images), read from a file on disk without ever
// unpacking it: the central directory is checked whole before any page is used (entry names that
// could escape a folder, encrypted entries, sizes that spell a zip bomb), the pages are told from
// the rest by their bytes, put in reading order by a natural sort of their paths, and read one at
// a time when asked. ComicInfo.xml, when present, says whether the book reads right to left.
import { XMLParser } from 'fast-xml-parser';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ErrorCode } from '@comics/shared/error-codes';
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import { HttpError } from '../../platform/http/errors';
import { checkUploadedImage, sniffImageFormat } from '../media/images';

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
const MAX_ENTRIES = 5000;
/** Images barely compress: an entry over this size that shrank more than MAX_RATIO times is a zip bomb. */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;
const MAX_RATIO = 100;
const MAX_COMIC_INFO_BYTES = 1024 * 1024;
/** Bytes that tell an image's format (sniffImageFormat reads at most 12). */
const SNIFFED_BYTES = 16;
const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i;
/** Files operating systems and archivers drop beside the real ones. */
const JUNK_NAMES = new Set(['thumbs.db', 'desktop.ini']);

/** A page of the archive, in reading order. */
export interface ArchivePage {
  /** The entry's path inside the archive. */
  name: string;
  entry: Entry;
}

export interface ComicArchive {
  pages: readonly ArchivePage[];
  /** Entries that are not pages (ComicInfo.xml, text files, thumbnails of file managers…), by name. */
  skipped: string[];
  direction: ReadingDirection;
  /** The page's bytes, checked to be a JPEG, PNG, WebP or GIF of a sane size. */
  readPage(page: ArchivePage): Promise<Buffer>;
  close(): void;
}

/** An entry name as it may appear in a message: quoted, without control characters, not too long. */
export function quoteEntryName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(printable.length > 120 ? `${printable.slice(0, 117)}...` : printable);
}

/** A refusal of one entry: 422 naming the archive's form field, the message naming the entry. */
export function entryRefused(name: string, code: HttpError['code'], problem: string): HttpError {
  const message = `The archive's entry ${quoteEntryName(name)} ${problem}.`;
  return new HttpError(422, code, message, { file: message });
}

/** `error` (a refusal of the entry's image) as a refusal naming the entry. */
export function entryRefusedFor(name: string, error: HttpError): HttpError {
  return entryRefused(name, error.code, `cannot be used: ${error.message.replace(/\.$/, '')}`);
}

const archiveRefused = (status: number, code: ErrorCode, message: string, fieldMessage = message) =>
  new HttpError(status, code, message, { file: fieldMessage });

const notAnArchive = () =>
  archiveRefused(415, 'not_an_archive', 'The file is not a ZIP or CBZ archive.', 'Only CBZ or ZIP archives');

/** Why an entry's path could land outside the folder it is unpacked into (or is no path at all), or null. */
export function unsafeNameProblem(name: string): string | null {
  if (name.length === 0) return 'has no name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'has control characters in its name';
  if (name.includes('\\')) return 'has a backslash in its name';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'has an absolute path';
  if (name.split('/').includes('..')) return "has a '..' in its path";
  return null;
}

/** Files no comic is made of: hidden files and folders, macOS resource forks, Windows thumbnails. */
export function isJunkName(name: string): boolean {
  const segments = name.split('/').filter(Boolean);
  const file = segments.at(-1) ?? '';
  return (
    segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX') || JUNK_NAMES.has(file.toLowerCase())
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Reading order of two entry paths: folder by folder, each name compared naturally ('p2' before
 * 'p10', case aside), so a folder's files stay together; names the collator finds equal keep a
 * fixed order.
 */
export function compareEntryPaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = collator.compare(left[i]!, right[i]!);
    if (order !== 0) return order;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const comicInfoParser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: false });

/** The reading direction a ComicInfo.xml gives: right to left only when it says Manga=YesAndRightToLeft. */
export function directionOfComicInfo(xml: string): ReadingDirection {
  try {
    const document = comicInfoParser.parse(xml.replace(/^\uFEFF/, ''), true) as { ComicInfo?: { Manga?: unknown } };
    const manga = document.ComicInfo?.Manga;
    return typeof manga === 'string' && manga.trim() === 'YesAndRightToLeft' ? 'rtl' : 'ltr';
  } catch {
    // A malformed ComicInfo.xml says nothing: the pages are still good.
    return 'ltr';
  }
}

/** The entry's path as stored (strict: a backslash stays a backslash, so it is refused, not reinterpreted). */
const entryName = (entry: Entry) =>
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);

/** Refuses an entry whose declared size, or compression ratio, no page image has. */
function checkEntrySize(name: string, entry: Entry, limits: ArchiveLimits): void {
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    const megabytes = Math.round(limits.maxEntryBytes / (1024 * 1024));
    throw entryRefused(name, 'entry_too_large', `is larger than ${megabytes} MB unpacked`);
  }
  if (entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES && entry.uncompressedSize > entry.compressedSize * MAX_RATIO) {
    throw entryRefused(name, 'entry_too_large', 'is compressed far more than any image can be');
  }
}

/**
 * Reads an entry's bytes, at most `maxBytes` (and never more than its declared size: yauzl's
 * validateEntrySizes checks as it inflates), stopping after `stopAfter` bytes when given.
 */
async function readEntry(zip: ZipFile, name: string, entry: Entry, maxBytes: number, stopAfter = Infinity) {
  if (entry.uncompressedSize > maxBytes) throw entryRefused(name, 'entry_too_large', 'is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw entryRefused(name, 'unreadable_entry', 'is stored in a way that cannot be read (unknown compression)');
  }
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= stopAfter) break;
    }
  } catch {
    throw entryRefused(name, 'unreadable_entry', 'is damaged');
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** A page's bytes, refused (naming the entry) unless they are a supported image of a sane size. */
async function checkedPage(zip: ZipFile, page: ArchivePage, limits: ArchiveLimits): Promise<Buffer> {
  const bytes = await readEntry(zip, page.name, page.entry, limits.maxEntryBytes);
  try {
    await checkUploadedImage(bytes);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'image_too_large') {
      throw entryRefusedFor(page.name, error);
    }
    throw entryRefused(page.name, 'not_an_image', 'is not a JPEG, PNG, WebP or GIF image');
  }
  return bytes;
}

async function openZip(path: string): Promise<ZipFile> {
  try {
    // Names are decoded below, strictly, so an unsafe one is refused by name instead of failing the read.
    return await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      decodeStrings: false,
    });
  } catch {
    throw notAnArchive();
  }
}

/** Every entry of the central directory; a directory that cannot be walked is a damaged archive. */
async function listEntries(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > MAX_ENTRIES) {
    throw archiveRefused(422, 'too_many_entries', `The archive holds more than ${MAX_ENTRIES} files.`);
  }
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch {
    throw archiveRefused(422, 'damaged_archive', 'The archive is damaged and cannot be read.');
  }
  return entries;
}

/**
 * Opens the archive at `path` and checks it whole: every entry's name and size, every page's
 * bytes. Refusals are 4xx HttpErrors naming the form field `file` (and the entry at fault). The
 * caller closes the archive.
 */
export async function openComicArchive(path: string, limits: ArchiveLimits): Promise<ComicArchive> {
  const zip = await openZip(path);
  try {
    const pages: ArchivePage[] = [];
    const skipped: string[] = [];
    let direction: ReadingDirection = 'ltr';
    let totalBytes = 0;

    for (const entry of await listEntries(zip)) {
      const name = entryName(entry);
      const unsafe = unsafeNameProblem(name);
      if (unsafe) throw entryRefused(name, 'unsafe_entry', unsafe);
      if (name.endsWith('/')) continue;
      if (isJunkName(name)) {
        skipped.push(name);
        continue;
      }
      if (entry.isEncrypted()) throw entryRefused(name, 'encrypted_entry', 'is encrypted');
      checkEntrySize(name, entry, limits);
      totalBytes += entry.uncompressedSize;
      if (totalBytes > limits.maxTotalBytes) {
        const megabytes = Math.round(limits.maxTotalBytes / (1024 * 1024));
        throw archiveRefused(422, 'archive_too_large', `The archive holds more than ${megabytes} MB unpacked.`);
      }

      if (name.toLowerCase() === 'comicinfo.xml' && entry.uncompressedSize <= MAX_COMIC_INFO_BYTES) {
        direction = directionOfComicInfo((await readEntry(zip, name, entry, MAX_COMIC_INFO_BYTES)).toString('utf8'));
        skipped.push(name);
        continue;
      }
      // A page is told by its bytes: an image's name must hold an image, any other name may.
      const isPage =
        IMAGE_NAME.test(name) ||
        sniffImageFormat(await readEntry(zip, name, entry, limits.maxEntryBytes, SNIFFED_BYTES)) !== null;
      if (!isPage) {
        skipped.push(name);
        continue;
      }
      pages.push({ name, entry });
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
    pages.sort((a, b) => compareEntryPaths(a.name, b.name));
    // Every page is checked before the caller does any work with the first.
    for (const page of pages) await checkedPage(zip, page, limits);

    return {
      pages,
      skipped,
      direction,
      readPage: (page) => checkedPage(zip, page, limits),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
