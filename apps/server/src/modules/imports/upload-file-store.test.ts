import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadFileStore } from './upload-file-store';

let directory: string;
let store: Awaited<ReturnType<typeof createUploadFileStore>>;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'comics-upload-store-'));
  store = await createUploadFileStore({ directory });
});

afterAll(() => rm(directory, { recursive: true, force: true }));

async function created(id: string, size: number) {
  await store.create(new Upload({ id, size, offset: 0 }));
}

/** The bytes in request-sized pieces (16 kB), then, when `failure` is given, the request cut short. */
function request(bytes: Buffer, failure?: Error): Readable {
  return new Readable({
    read() {
      for (let start = 0; start < bytes.length; start += 16 * 1024) this.push(bytes.subarray(start, start + 16 * 1024));
      if (failure) this.destroy(failure);
      else this.push(null);
    },
  });
}

describe('the import uploads’ file store', () => {
  it('writes what requests bring from their offsets, and answers the new offset', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 12_345);
    await created('1-aa', bytes.length);
    const middle = 1024 * 1024 + 7;
    expect(await store.write(request(bytes.subarray(0, middle)), '1-aa', 0)).toBe(middle);
    expect(await store.write(request(bytes.subarray(middle)), '1-aa', middle)).toBe(bytes.length);
    expect((await readFile(path.join(directory, '1-aa'))).equals(bytes)).toBe(true);
    expect((await store.getUpload('1-aa')).offset).toBe(bytes.length);
  });

  it('keeps every byte a request brought before it was cut short, so the client goes on from there', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 999);
    await created('2-bb', 4 * 1024 * 1024);
    await expect(store.write(request(bytes, new Error('connection reset')), '2-bb', 0)).rejects.toBe(
      ERRORS.FILE_WRITE_ERROR,
    );
    expect((await store.getUpload('2-bb')).offset).toBe(bytes.length);
    expect((await readFile(path.join(directory, '2-bb'))).equals(bytes)).toBe(true);
  });
});
