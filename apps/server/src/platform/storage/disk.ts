// Media storage on local disk, one file per key under a root folder (DATA_DIR/media). Writes go
// to a temporary file in the root's `.partial` folder (no key names it), are flushed, then renamed
// over the target, so a reader or a crash never sees half a file, and a write cut off by a crash
// leaves nothing among the keys' files (an import's pages are removed by their keys); what it left
// there is removed at a later start, once no write can still be under way. The content type is the
// key's extension's (keys always carry one), so no metadata file has to be kept in step with the data file.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStorageKey,
  contentTypeOfKey,
  StorageKeyError,
  type MediaStorage,
  type StoredObject,
} from './media-storage';

/** Folders known to exist: forgotten past this many, so a long-running server's memory stays flat. */
const REMEMBERED_FOLDERS = 10_000;
/** A health check waits no longer than this: a hung network mount is unhealthy, not a hung check. */
const HEALTH_CHECK_MS = 2_000;
/** Writes under way, in the root (a rename stays on one file system); keys never start with a dot. */
const PARTIAL_FOLDER = '.partial';
/** A write left this long was cut off (its process died): removed at a start. No write takes an hour. */
const ABANDONED_AFTER_MS = 60 * 60_000;

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export function createDiskStorage(root: string): MediaStorage {
  const rootFolder = path.resolve(root);
  const partialFolder = path.join(rootFolder, PARTIAL_FOLDER);
  const madeFolders = new Set<string>();
  void removeAbandonedWrites(partialFolder);

  /** The file of a key; assertStorageKey already rules out escapes, the prefix check is a second lock. */
  function fileOf(key: string): string {
    const file = path.join(rootFolder, ...assertStorageKey(key).split('/'));
    if (!file.startsWith(rootFolder + path.sep)) throw new StorageKeyError(key, 'outside the storage root');
    return file;
  }

  async function ensureFolder(folder: string): Promise<void> {
    if (madeFolders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    if (madeFolders.size >= REMEMBERED_FOLDERS) madeFolders.clear();
    madeFolders.add(folder);
  }

  async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
    await ensureFolder(partialFolder);
    const temporary = path.join(partialFolder, randomBytes(8).toString('hex'));
    try {
      const handle = await open(temporary, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        // On disk before it gets its name: after a crash the key holds the whole file or none.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new StorageKeyError(key, `its extension does not name ${contentType}`);
      }
      const folder = path.dirname(file);
      await ensureFolder(folder);
      try {
        await writeAtomically(file, bytes);
      } catch (error) {
        if (!isMissing(error)) throw error;
        // A folder went away behind our back (cleaned by hand): make them again, once.
        madeFolders.delete(folder);
        madeFolders.delete(partialFolder);
        await ensureFolder(folder);
        await writeAtomically(file, bytes);
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here and closes it when read or destroyed.
        return { body: handle.createReadStream(), size: stats.size, contentType: contentTypeOfKey(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async healthy() {
      // A fresh install has no root yet (puts make it): made here too, so it is not reported as down.
      const check = mkdir(rootFolder, { recursive: true })
        .then(() => access(rootFolder, constants.W_OK))
        .then(() => true);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_CHECK_MS);
      });
      try {
        return await Promise.race([check, timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Best effort, in the background: what is left is only disk space, removed at a later start. */
async function removeAbandonedWrites(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => []);
  const before = Date.now() - ABANDONED_AFTER_MS;
  for (const name of names) {
    const file = path.join(folder, name);
    const modified = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => Infinity,
    );
    if (modified < before) await rm(file, { force: true }).catch(() => {});
  }
}
