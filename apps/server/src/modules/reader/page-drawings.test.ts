import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { createDiskStorage } from '../../platform/storage/disk';
import type { MediaStorage } from '../../platform/storage/media-storage';
import { HttpError } from '../../platform/http/errors';
import { createPageDrawings, type PageImage, type PageToDraw } from './page-drawings';
import { pageKey } from './page-keys';

let folder: string;
let storage: MediaStorage;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'page-drawings-'));
  storage = createDiskStorage(folder);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let counter = 0;
const page = (width = 320): PageToDraw => ({
  key: pageKey(1, 'gtest', ++counter, width),
  svg: () =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1920"><rect width="1280" height="1920" fill="#c33"/></svg>',
  svgWidth: 1280,
  width,
});

async function bytesOf(image: PageImage): Promise<Buffer> {
  if (Buffer.isBuffer(image.body)) return image.body;
  const chunks: Buffer[] = [];
  for await (const chunk of image.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('page drawings', () => {
  it('draw a WebP of the width asked for, store it, and read it from the storage afterwards', async () => {
    const drawings = createPageDrawings(storage);
    const wanted = page(640);
    const first = await bytesOf(await drawings.open(wanted, 'ip:a'));
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 640, height: 960 });
    expect(drawings.drawn).toBe(1);
    const stored = await storage.get(wanted.key);
    expect(await bytesOf(stored!)).toEqual(first);

    // Another process (a fresh drawings object) finds it stored too: nothing is drawn again.
    const elsewhere = createPageDrawings(storage);
    expect(await bytesOf(await elsewhere.open(wanted, 'ip:a'))).toEqual(first);
    expect(elsewhere.drawn).toBe(0);
  });

  it('share one drawing between the requests for a key that arrive while it is drawn', async () => {
    const drawings = createPageDrawings(storage);
    const wanted = page();
    let asked = 0;
    const beforeDrawing = async () => void asked++;
    const images = await Promise.all(
      Array.from({ length: 5 }, (_, i) => drawings.open(wanted, `ip:${i}`, beforeDrawing)),
    );
    expect(drawings.drawn).toBe(1);
    const bytes = await Promise.all(images.map(bytesOf));
    for (const each of bytes) expect(each).toEqual(bytes[0]);
    // Only the requests that would have drawn were asked; one that found a drawing under way joined it.
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(5);
  });

  it('draw no more than the concurrency at once, queue a few, and refuse past the queue', async () => {
    const drawings = createPageDrawings(storage, { concurrency: 1, maxWaiting: 2 });
    const outcomes = await Promise.allSettled(
      [page(), page(), page(), page()].map((wanted, i) => drawings.open(wanted, `ip:${i}`)),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(HttpError);
    expect(refused[0]!.reason).toMatchObject({
      statusCode: 503,
      code: ERROR_CODES.busy,
      headers: { 'retry-after': '5' },
    });
    expect(drawings.drawn).toBe(3);
    // The queue empties: a later drawing is taken again.
    await drawings.open(page(), 'ip:0');
    expect(drawings.drawn).toBe(4);
  });

  it('draw nothing when the caller’s budget refuses', async () => {
    const drawings = createPageDrawings(storage);
    const wanted = page();
    const refusal = new Error('over budget');
    await expect(drawings.open(wanted, 'ip:a', () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(drawings.drawn).toBe(0);
    expect(await storage.exists(wanted.key)).toBe(false);
  });

  it("draw a client's pages within its share, the others' beside them, and refuse nobody a drawing under way", async () => {
    // Fresh keys are looked up without I/O, so the requests take their places in the order made.
    const written = new Set<string>();
    const quick: MediaStorage = {
      ...storage,
      get: async (key) => (written.has(key) ? storage.get(key) : null),
      put: async (key, bytes, type) => {
        written.add(key);
        await storage.put(key, bytes, type);
      },
    };
    const drawings = createPageDrawings(quick, { concurrency: 1, maxWaiting: 8, maxWaitingPerClient: 2 });
    const flood = Array.from({ length: 5 }, () => page());
    const flooded = flood.map((wanted) => drawings.open(wanted, 'ip:flooder'));
    // One drawing, two waiting: the flooder's fourth and fifth are refused; another client's is not,
    // nor a request of anybody's for a page the flooder already has under way.
    const other = drawings.open(page(), 'ip:other');
    const joined = drawings.open(flood[2]!, 'ip:other');
    const outcomes = await Promise.allSettled([...flooded, other, joined]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(drawings.drawn).toBe(4);
  });
});
