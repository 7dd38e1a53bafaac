// Media storage on local disk, one file per key under a root folder (DATA_DIR/media). Writes go
// to a hidden temporary file in the target's folder, are flushed, then renamed over the target,
// so a reader or a crash never sees half a file. The content type is the key's extension's
// (keys always carry one), so no metadata file has to be kept in step with the data file.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
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

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export function createDiskStorage(root: string): MediaStorage {
  const rootFolder = path.resolve(root);
  const madeFolders = new Set<string>();

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
    const temporary = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
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
        // The folder went away behind our back (cleaned by hand): make it again, once.
        madeFolders.delete(folder);
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
