// The disk store: what goes in comes out with its type, unknown keys are null, and no key can
// reach a file outside the store's root.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidStorageKey, StorageKeyError, type MediaStorage } from './storage';
import { createDiskStorage } from './storage-disk';

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

describe('disk storage', () => {
  it('gives back what was put, with its size and content type', async () => {
    const bytes = Buffer.from('not really a webp, the store does not care');
    await storage.put('uploads/abc123/1200x800.webp', bytes, 'image/webp');
    expect(await storage.exists('uploads/abc123/1200x800.webp')).toBe(true);
    const stored = await storage.get('uploads/abc123/1200x800.webp');
    expect(stored).not.toBeNull();
    expect(stored!.size).toBe(bytes.length);
    expect(stored!.contentType).toBe('image/webp');
    expect(await text(stored!.body)).toBe(bytes.toString());
    expect(await readFile(path.join(root, 'uploads', 'abc123', '1200x800.webp'))).toEqual(bytes);
  });

  it('replaces an object whole and leaves no temporary file behind', async () => {
    await storage.put('uploads/replaced/a.jpg', Buffer.from('first version'), 'image/jpeg');
    await storage.put('uploads/replaced/a.jpg', Buffer.from('second'), 'image/jpeg');
    expect(await text((await storage.get('uploads/replaced/a.jpg'))!.body)).toBe('second');
    expect(await readdir(path.join(root, 'uploads', 'replaced'))).toEqual(['a.jpg']);
  });

  it('answers null and false for an unknown key, and deletes without complaint', async () => {
    expect(await storage.get('uploads/nothing/here.png')).toBeNull();
    expect(await storage.exists('uploads/nothing/here.png')).toBe(false);
    await storage.delete('uploads/nothing/here.png');

    await storage.put('uploads/gone/1.gif', Buffer.from('GIF89a'), 'image/gif');
    await storage.delete('uploads/gone/1.gif');
    expect(await storage.get('uploads/gone/1.gif')).toBeNull();
    expect(await storage.exists('uploads/gone/1.gif')).toBe(false);
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
    expect(await storage.exists('uploads/again/b.png')).toBe(true);
  });

  it('refuses content that its key does not name', async () => {
    await expect(storage.put('uploads/x/a.png', Buffer.from('x'), 'image/webp')).rejects.toThrow(StorageKeyError);
  });

  const hostileKeys = [
    '../secret.png',
    'uploads/../../secret.png',
    '/etc/passwd.png',
    'uploads/./a.png',
    'uploads//a.png',
    'uploads\\..\\..\\secret.png',
    'uploads/%2e%2e/secret.png',
    'uploads/a\u0000.png',
    'uploads/.hidden.png',
    'uploads/a.png/',
    'uploads/a.svg',
    'uploads/a.PNG',
    'uploads/a',
    '',
    'a/'.repeat(200) + 'a.png',
  ];

  it.each(hostileKeys)('refuses the key %j everywhere', async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toThrow(StorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.exists(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
  });

  it('left the file beside its root untouched', async () => {
    expect(await readFile(path.join(sandbox, 'secret.png'), 'utf8')).toBe('secret');
    expect(await readdir(sandbox)).toEqual(expect.arrayContaining(['media', 'secret.png']));
  });
});
