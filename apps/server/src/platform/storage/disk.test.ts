// The disk store: the contract every media store keeps, and what is the disk's own: files under
// its root with no temporary file left behind (none among the keys' files even after a crash),
// folders made again when removed, and no key able to reach a file outside the root.
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from './media-storage';
import { describeMediaStorageContract, HOSTILE_KEYS } from './contract';
import { createDiskStorage } from './disk';

let sandbox: string;
let root: string;
let storage: MediaStorage;

beforeAll(async () => {
  sandbox = await mkdtemp(path.join(tmpdir(), 'comics-storage-'));
  root = path.join(sandbox, 'media');
  storage = createDiskStorage(root);
  // A file beside the root that traversal keys would aim at.
  await writeFile(path.join(sandbox, 'secret.png'), 'secret');
});
afterAll(() => rm(sandbox, { recursive: true, force: true }));

describeMediaStorageContract('disk', {
  open: async () => storage,
  async openWatched() {
    const folder = await mkdtemp(path.join(sandbox, 'watched-'));
    return {
      storage: createDiskStorage(path.join(folder, 'media')),
      accesses: async () => (await readdir(folder, { recursive: true })).length,
    };
  },
});

describe('disk storage', () => {
  it('keeps an object as the file its key names, and leaves no temporary file behind', async () => {
    await storage.put('uploads/files/a.jpg', Buffer.from('first version'), 'image/jpeg');
    await storage.put('uploads/files/a.jpg', Buffer.from('second'), 'image/jpeg');
    expect(await readFile(path.join(root, 'uploads', 'files', 'a.jpg'), 'utf8')).toBe('second');
    expect(await readdir(path.join(root, 'uploads', 'files'))).toEqual(['a.jpg']);
  });

  it('writes outside the keys’ folders until a file is whole, and removes writes a crash cut off', async () => {
    await storage.put('uploads/whole/a.jpg', Buffer.from('whole'), 'image/jpeg');
    const partial = path.join(root, '.partial');
    expect(await readdir(partial)).toEqual([]);
    // Left by a process killed mid-write: one two hours ago, one maybe still being written.
    await writeFile(path.join(partial, 'cut-off'), 'half a page');
    await utimes(
      path.join(partial, 'cut-off'),
      new Date(Date.now() - 2 * 3_600_000),
      new Date(Date.now() - 2 * 3_600_000),
    );
    await writeFile(path.join(partial, 'under-way'), 'a page being written');
    createDiskStorage(root);
    await expect.poll(() => readdir(partial)).toEqual(['under-way']);
    expect(await readdir(path.join(root, 'uploads', 'whole'))).toEqual(['a.jpg']);
  });

  it('answers null for a key that names a folder', async () => {
    await mkdir(path.join(root, 'uploads', 'folder.png'), { recursive: true });
    expect(await storage.get('uploads/folder.png')).toBeNull();
    expect(await storage.exists('uploads/folder.png')).toBe(false);
  });

  it('makes a folder again when it was removed behind its back', async () => {
    await storage.put('uploads/again/a.png', Buffer.from('1'), 'image/png');
    await rm(path.join(root, 'uploads', 'again'), { recursive: true });
    await storage.put('uploads/again/b.png', Buffer.from('2'), 'image/png');
    expect(await text((await storage.get('uploads/again/b.png'))!.body)).toBe('2');
  });

  it('left the file beside its root untouched by every hostile key', async () => {
    for (const key of HOSTILE_KEYS) await storage.put(key, Buffer.from('evil'), 'image/png').catch(() => undefined);
    expect(await readFile(path.join(sandbox, 'secret.png'), 'utf8')).toBe('secret');
    expect(await readdir(sandbox)).toEqual(expect.arrayContaining(['media', 'secret.png']));
  });

  it('is healthy on a fresh install, making its root, and unhealthy when a file stands there', async () => {
    const fresh = path.join(sandbox, 'fresh', 'media');
    expect(await createDiskStorage(fresh).healthy()).toBe(true);
    expect(await readdir(path.join(sandbox, 'fresh'))).toEqual(['media']);

    await writeFile(path.join(sandbox, 'not-a-folder'), 'x');
    expect(await createDiskStorage(path.join(sandbox, 'not-a-folder')).healthy()).toBe(false);
  });

  it('signs no URLs: the disk is not reachable by browsers', () => {
    expect(storage.signedUrl).toBeUndefined();
  });
});
