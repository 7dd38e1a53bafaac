// What every media store promises, as vitest cases that a store's test file declares for its own
// kind (storage-disk.test.ts, storage-s3.test.ts): the shared stores must behave like the
// single-process one. Not a test file itself (vitest takes only *.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidStorageKey, StorageKeyError, type MediaStorage } from './media-storage';

export interface StorageContractSetup {
  /** A working store; opened once, before the cases. */
  open(): Promise<MediaStorage>;
  /**
   * A store of the same kind over a backend that records what reaches it (disk: the entries made
   * in an empty folder; network: the requests a server receives), and that record's size.
   */
  openWatched(): Promise<{ storage: MediaStorage; accesses(): Promise<number> }>;
  /**
   * Why the backend under test, a stand-in for the real service, cannot keep a replace whole when
   * that is so: the case is then reported as skipped, with this reason, instead of failing on it.
   */
  tornReplacesBecause?: string;
}

/** Keys no store may take: traversal, odd characters, unknown types, absurd lengths. */
export const HOSTILE_KEYS = [
  '../x.webp',
  'a/../b.webp',
  'x.exe',
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

async function bytesOf(storage: MediaStorage, key: string) {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: stored.size, contentType: stored.contentType };
}

export function describeMediaStorageContract(kind: string, setup: StorageContractSetup): void {
  describe(`${kind} storage, as every media store`, () => {
    let storage: MediaStorage;
    beforeAll(async () => {
      storage = await setup.open();
    });

    it('gives back what was put, byte for byte, with its size and content type', async () => {
      // Every byte value, so no store may treat the bytes as text.
      const bytes = Buffer.from(Array.from({ length: 3 * 256 }, (_, i) => i % 256));
      await storage.put('uploads/abc123/1200x800.webp', bytes, 'image/webp');
      expect(await storage.exists('uploads/abc123/1200x800.webp')).toBe(true);
      const stored = await bytesOf(storage, 'uploads/abc123/1200x800.webp');
      expect(stored).toEqual({ bytes, size: bytes.length, contentType: 'image/webp' });
    });

    it('replaces an object whole', async () => {
      await storage.put('uploads/replaced/a.jpg', Buffer.from('first version, the longer one'), 'image/jpeg');
      await storage.put('uploads/replaced/a.jpg', Buffer.from('second'), 'image/jpeg');
      expect(await bytesOf(storage, 'uploads/replaced/a.jpg')).toEqual({
        bytes: Buffer.from('second'),
        size: 6,
        contentType: 'image/jpeg',
      });
    });

    it('answers null and false for an unknown key', async () => {
      expect(await storage.get('uploads/nothing/here.png')).toBeNull();
      expect(await storage.exists('uploads/nothing/here.png')).toBe(false);
    });

    it('deletes, and deleting what is not there is no error', async () => {
      await storage.delete('uploads/never/there.png');
      await storage.put('uploads/gone/1.gif', Buffer.from('GIF89a'), 'image/gif');
      await storage.delete('uploads/gone/1.gif');
      expect(await storage.get('uploads/gone/1.gif')).toBeNull();
      expect(await storage.exists('uploads/gone/1.gif')).toBe(false);
      await storage.delete('uploads/gone/1.gif');
    });

    it('refuses content that its key does not name', async () => {
      await expect(storage.put('uploads/x/a.png', Buffer.from('x'), 'image/webp')).rejects.toThrow(StorageKeyError);
      expect(await storage.exists('uploads/x/a.png')).toBe(false);
    });

    const whole = 'shows a reader during a replace the old or the new object, whole';
    const replaceCase = setup.tornReplacesBecause ? it.skip : it;
    replaceCase(setup.tornReplacesBecause ? `${whole} (not here: ${setup.tornReplacesBecause})` : whole, async () => {
      const key = 'uploads/racing/page.png';
      // Different sizes and fillings: a mix of the two, or a cut, would show.
      const versions = [Buffer.alloc(384 * 1024, 'a'), Buffer.alloc(256 * 1024, 'b')];
      await storage.put(key, versions[0]!, 'image/png');
      let writing = true;
      const writer = (async () => {
        for (let round = 1; round <= 12; round++) await storage.put(key, versions[round % 2]!, 'image/png');
        writing = false;
      })();
      const reader = async () => {
        do {
          const stored = await bytesOf(storage, key);
          expect(stored).not.toBeNull();
          const which = versions.findIndex((version) => version.equals(stored!.bytes));
          expect(which, `a read of ${stored!.bytes.length} bytes`).not.toBe(-1);
          expect(stored!.size).toBe(stored!.bytes.length);
        } while (writing);
      };
      await Promise.all([writer, reader(), reader(), reader()]);
      expect(await bytesOf(storage, key)).toMatchObject({ bytes: versions[0] });
    });

    it('is healthy', async () => {
      expect(await storage.healthy()).toBe(true);
    });

    it.each(HOSTILE_KEYS)('refuses the key %j everywhere, before touching its backend', async (key) => {
      const watched = await setup.openWatched();
      expect(isValidStorageKey(key)).toBe(false);
      await expect(watched.storage.put(key, Buffer.from('evil'), 'image/png')).rejects.toThrow(StorageKeyError);
      await expect(watched.storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(watched.storage.exists(key)).rejects.toThrow(StorageKeyError);
      await expect(watched.storage.delete(key)).rejects.toThrow(StorageKeyError);
      if (watched.storage.signedUrl) {
        await expect(watched.storage.signedUrl(key, 60)).rejects.toThrow(StorageKeyError);
      }
      expect(await watched.accesses()).toBe(0);
    });

    it('records what reaches a watched backend, so no access above could go unseen', async () => {
      const watched = await setup.openWatched();
      await watched.storage.exists('uploads/probe/a.png').catch(() => undefined);
      await watched.storage.put('uploads/probe/a.png', Buffer.from('x'), 'image/png').catch(() => undefined);
      expect(await watched.accesses()).toBeGreaterThan(0);
    });
  });
}
