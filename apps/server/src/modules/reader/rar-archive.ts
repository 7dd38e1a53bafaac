// A RAR archive (CBR), RAR 4 or RAR 5, read with node-unrar-js's file extractor (unrar-session.ts),
// in a worker thread of the archive's own (unrar-thread.ts), off the event loop: unrar reads the
// archive through the file system a block at a time and unpacks the one entry asked for into a
// file of a private folder, which is read and removed at once. So memory holds one page at most,
// whatever the archive's size (createExtractorFromData would hold the whole archive in memory,
// and every entry it unpacks). Refused, as they cannot be read one entry at a
// time: solid archives (unrar unpacks every entry before the one asked for, each time) and
// volumes of a multi-volume set (the rest of their entries are in files never sent); encrypted
// headers too, as nothing can be listed without the password.
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrarError, type ArcHeader } from 'node-unrar-js';
import type { ArchiveEntry, ArchiveReader } from './archive-format';
import { archiveRefused, damagedArchive, entryRefused } from './archive-refusals';
import { checkRar5Dictionaries } from './rar5-dictionary';
import { openUnrarThread, UnpackFailed } from './unrar-thread';

const encrypted = () => archiveRefused(422, 'encrypted_entry', 'The archive is encrypted.');

const solid = () =>
  archiveRefused(
    422,
    'unsupported_archive',
    'The archive is a solid RAR, whose pages cannot be read one at a time; pack it again without the solid option.',
  );

/** Refuses an archive that, by its header, cannot be read one entry at a time. */
function checkArchiveHeader(header: ArcHeader): void {
  if (header.flags.headerEncrypted) throw encrypted();
  if (header.flags.volume) {
    throw archiveRefused(
      422,
      'unsupported_archive',
      'The archive is one volume of a multi-volume RAR; pack the issue again as a single archive.',
    );
  }
  if (header.flags.solid) throw solid();
}

/** An error unrar met opening or listing the archive, as a refusal. */
function listingRefusal(error: unknown): unknown {
  if (!(error instanceof UnrarError)) return error;
  switch (error.reason) {
    case 'ERAR_MISSING_PASSWORD':
    case 'ERAR_BAD_PASSWORD':
      return encrypted();
    case 'ERAR_UNKNOWN_FORMAT':
      return archiveRefused(
        422,
        'unsupported_archive',
        'The archive was made by a version of RAR that cannot be read.',
      );
    default:
      return damagedArchive();
  }
}

/** An error unrar met unpacking `name`, as a refusal naming it. */
function unpackingRefusal(name: string, error: unknown): unknown {
  if (!(error instanceof UnrarError)) return error;
  switch (error.reason) {
    case 'ERAR_MISSING_PASSWORD':
    case 'ERAR_BAD_PASSWORD':
      return entryRefused(name, 'encrypted_entry', 'is encrypted');
    case 'ERAR_UNKNOWN_FORMAT':
      return entryRefused(name, 'unreadable_entry', 'is stored in a way that cannot be read (unknown compression)');
    case 'ERAR_NO_MEMORY':
      return entryRefused(name, 'unreadable_entry', 'needs more memory to unpack than the server gives it');
    default:
      return entryRefused(name, 'unreadable_entry', 'is damaged');
  }
}

/** The first `length` bytes of the file at `file`. */
async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function openRarArchive(archivePath: string, version: 4 | 5): Promise<ArchiveReader> {
  // Unpacked entries land here, one at a time, each under a name of ours, never the archive's.
  const folder = await mkdtemp(path.join(tmpdir(), 'comics-rar-'));
  const unrar = await openUnrarThread(archivePath, folder).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  /** Each listed entry's place in the archive: unrar unpacks by place, as names may repeat. */
  const indexes = new WeakMap<ArchiveEntry, number>();
  let unpacked = 0;
  let closed = false;

  /** Unpacks the entry into the folder's file `fileName`; refused naming the entry. */
  async function unpack(entry: ArchiveEntry, fileName: string): Promise<void> {
    const index = indexes.get(entry);
    if (index === undefined) throw new Error(`not an entry of this archive: ${entry.name}`);
    let header;
    try {
      header = await unrar.unpack(index, fileName);
    } catch (error) {
      if (!(error instanceof UnpackFailed)) throw error;
      if (error.askedForAnotherFile) {
        throw entryRefused(
          entry.name,
          'unreadable_entry',
          'cannot be unpacked without another file (a further volume), which was not sent',
        );
      }
      throw unpackingRefusal(entry.name, error.failure);
    }
    if (header.name !== entry.name) throw new Error(`unrar unpacked ${header.name}, not ${entry.name}`);
  }

  return {
    async listEntries(maxEntries) {
      // Before unrar reads a header: it allocates a dictionary as soon as it opens the archive.
      if (version === 5) await checkRar5Dictionaries(archivePath, maxEntries);
      let headers;
      try {
        headers = await unrar.list(maxEntries, checkArchiveHeader);
      } catch (error) {
        throw listingRefusal(error);
      }
      if (headers.length > maxEntries) {
        throw archiveRefused(422, 'too_many_entries', `The archive holds more than ${maxEntries} files.`);
      }
      return headers.map((header, index): ArchiveEntry => {
        // Solid entries continue a stream begun by earlier ones, whatever the archive's header says.
        if (header.flags.solid) throw solid();
        const entry: ArchiveEntry = {
          name: header.name,
          isDirectory: header.flags.directory,
          isEncrypted: header.flags.encrypted,
          uncompressedSize: header.unpSize,
          compressedSize: header.packSize,
        };
        indexes.set(entry, index);
        return entry;
      });
    },

    async readEntry(entry, stopAfter) {
      if (closed) throw new Error('the archive is closed');
      const file = path.join(folder, `entry-${++unpacked}`);
      try {
        // Asked at once, before anything is awaited: concurrent reads unpack in the order they were asked in.
        await unpack(entry, path.basename(file));
        const size = await stat(file).then(
          (stats) => stats.size,
          () => null,
        );
        // No file: unrar made a link or a folder of it, which no page is.
        if (size === null) throw entryRefused(entry.name, 'unreadable_entry', 'is not a file');
        if (size > entry.uncompressedSize) throw entryRefused(entry.name, 'unreadable_entry', 'is damaged');
        return stopAfter === undefined || stopAfter >= size ? await readFile(file) : await readHead(file, stopAfter);
      } finally {
        await rm(file, { force: true });
      }
    },

    close() {
      if (closed) return;
      closed = true;
      unrar.close();
      void rm(folder, { recursive: true, force: true });
    },
  };
}
