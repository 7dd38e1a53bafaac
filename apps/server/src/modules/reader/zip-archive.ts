// A ZIP archive (CBZ) read with yauzl from the file on disk, never unpacked: the central
// directory is listed, and an entry is inflated as a stream when asked, yauzl checking as it goes
// that no entry gives more bytes than it declares.
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

export async function openZipArchive(path: string): Promise<ArchiveReader> {
  const zip = await openZip(path);
  const zipEntries = new WeakMap<ArchiveEntry, Entry>();

  return {
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
      let stream;
      try {
        stream = await zip.openReadStreamPromise(zipEntry);
      } catch {
        throw entryRefused(
          entry.name,
          'unreadable_entry',
          'is stored in a way that cannot be read (unknown compression)',
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= stopAfter) break;
        }
      } catch {
        throw entryRefused(entry.name, 'unreadable_entry', 'is damaged');
      } finally {
        stream.destroy();
      }
      return Buffer.concat(chunks);
    },

    close: () => zip.close(),
  };
}
