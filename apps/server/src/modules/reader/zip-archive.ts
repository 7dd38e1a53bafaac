// A ZIP archive (CBZ) read with yauzl from the file on disk, never unpacked: the central
// directory is listed, and an entry is read when asked in one read of its stored bytes and one
// inflate (a page is a few megabytes at most: streamed in 16 kB pieces, it took a hundred turns of
// a busy event loop, each behind every request waiting), checked to give exactly the bytes it declares.
import { open, type FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { constants, inflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ArchiveEntry, ArchiveReader } from './archive-format';
import { archiveRefused, damagedArchive, entryRefused, notAnArchive } from './archive-refusals';

/** The entry's path as stored (strict: a backslash stays a backslash, so it is refused, not reinterpreted). */
const entryName = (entry: Entry) =>
  yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);

async function openZip(path: string): Promise<ZipFile> {
  try {
    // Names are decoded strictly by entryName, so an unsafe one is refused by name instead of failing the read.
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

const inflate = promisify(inflateRaw);
/**
 * A whole entry is inflated into one piece of its declared size (zlib's smallest is 64 bytes; the
 * largest is a bound on what a declared size may make us allocate): in zlib's default 16 kB
 * pieces, a page took a hundred turns of the event loop, each handing its piece over and copying it.
 */
const MIN_INFLATE_CHUNK_BYTES = 64;
const MAX_INFLATE_CHUNK_BYTES = 32 * 1024 * 1024;
/**
 * Compressed bytes read when only an entry's first bytes are wanted (telling a page's format):
 * a deflate block's header and code tables take a few hundred, so its first output bytes are
 * inflated from these without inflating the whole page.
 */
const PREFIX_COMPRESSED_BYTES = 16 * 1024;
const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;

/** The bytes an entry's local header says its data starts at; null when no local header is there. */
async function dataStartOf(file: FileHandle, entry: Entry): Promise<number | null> {
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  const { bytesRead } = await file.read(header, 0, LOCAL_HEADER_BYTES, entry.relativeOffsetOfLocalHeader);
  if (bytesRead < LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER) return null;
  return entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
}

export async function openZipArchive(path: string): Promise<ArchiveReader> {
  const zip = await openZip(path);
  const file = await open(path, 'r').catch((error: unknown) => {
    zip.close();
    throw error;
  });
  const zipEntries = new WeakMap<ArchiveEntry, Entry>();

  const reader: ArchiveReader = {
    async listEntries(maxEntries) {
      // The central directory says how many entries it holds before any is read.
      if (zip.entryCount > maxEntries) {
        throw archiveRefused(422, 'too_many_entries', `The archive holds more than ${maxEntries} files.`);
      }
      const entries: ArchiveEntry[] = [];
      try {
        for await (const zipEntry of zip.eachEntry()) {
          const name = entryName(zipEntry);
          const entry: ArchiveEntry = {
            name,
            isDirectory: name.endsWith('/'),
            isEncrypted: zipEntry.isEncrypted(),
            uncompressedSize: zipEntry.uncompressedSize,
            compressedSize: zipEntry.compressedSize,
          };
          zipEntries.set(entry, zipEntry);
          entries.push(entry);
        }
      } catch {
        throw damagedArchive();
      }
      return entries;
    },

    async readEntry(entry, stopAfter = Infinity) {
      const zipEntry = zipEntries.get(entry);
      if (!zipEntry) throw new Error(`not an entry of this archive: ${entry.name}`);
      const damaged = () => entryRefused(entry.name, 'unreadable_entry', 'is damaged');
      const method = zipEntry.compressionMethod;
      if (method !== STORED && method !== DEFLATED) {
        throw entryRefused(
          entry.name,
          'unreadable_entry',
          'is stored in a way that cannot be read (unknown compression)',
        );
      }
      const start = await dataStartOf(file, zipEntry);
      if (start === null) throw damaged();
      // A stored entry's first bytes are its first bytes; a deflated one's come from inflating the
      // start of its data when only they are wanted, else it is inflated whole (it is bounded).
      const prefixOnly = method === DEFLATED && stopAfter < zipEntry.uncompressedSize;
      const length =
        method === STORED || prefixOnly
          ? Math.min(zipEntry.compressedSize, method === STORED ? stopAfter : PREFIX_COMPRESSED_BYTES)
          : zipEntry.compressedSize;
      const stored = Buffer.alloc(length);
      const { bytesRead } = await file.read(stored, 0, length, start);
      if (bytesRead < length) throw damaged();
      if (method === STORED) {
        if (zipEntry.compressedSize !== zipEntry.uncompressedSize) throw damaged();
        return stored;
      }
      let bytes: Buffer | null;
      try {
        bytes = await inflate(stored, {
          maxOutputLength: Math.max(1, zipEntry.uncompressedSize),
          // A prefix ends mid-stream: what it inflates to is kept, not refused as truncated.
          ...(prefixOnly
            ? { finishFlush: constants.Z_SYNC_FLUSH }
            : {
                chunkSize: Math.max(
                  MIN_INFLATE_CHUNK_BYTES,
                  Math.min(zipEntry.uncompressedSize, MAX_INFLATE_CHUNK_BYTES),
                ),
              }),
        });
      } catch {
        // A prefix that does not inflate: the whole entry decides whether it is damaged.
        if (!prefixOnly) throw damaged();
        bytes = null;
      }
      if (prefixOnly) {
        if (bytes && bytes.length >= stopAfter) return bytes.subarray(0, stopAfter);
        return (await reader.readEntry(entry)).subarray(0, stopAfter);
      }
      if (!bytes) throw damaged();
      if (bytes.length !== zipEntry.uncompressedSize) throw damaged();
      return stopAfter < bytes.length ? bytes.subarray(0, stopAfter) : bytes;
    },

    close: () => {
      zip.close();
      void file.close().catch(() => {});
    },
  };
  return reader;
}
