// The Import screen's API end to end on the database under test: a batch declared, its archives
// sent with tus-js-client (the protocol's reference client, as the browser runs it) to the
// listening app, one of them cut off mid-way and resumed from the byte the server has, then
// converted into issues; and every refusal: who may call, a bad declaration, a creation for a
// file not waiting, cancelling, uploads left unfinished for a day.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { Upload, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@comics/shared/schemas/imports';
import { makeZip } from '../../../test/cbz';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helpers';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { importBatches } from '../../db/schema/imports';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let endpoint: string;
let dataDir: string;

const comicInfo = (series: string, number: number) =>
  Buffer.from(
    `<?xml version="1.0"?><ComicInfo><Series>${series}</Series><Number>${number}</Number><Publisher>Tusk</Publisher><Writer>Ada Upload</Writer></ComicInfo>`,
  );

async function archive(series: string, number: number, pageCount: number) {
  const pages = await Promise.all(
    Array.from({ length: pageCount }, async (_, index) => ({
      name: `p${index + 1}.png`,
      // Noise, so that the archive is large enough to be sent in several chunks.
      data: await sharp({
        create: {
          width: 400,
          height: 600,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg()
        .toBuffer(),
    })),
  );
  return makeZip([...pages, { name: 'ComicInfo.xml', data: comicInfo(series, number) }]);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'comics-import-uploads-'));
  t = await buildTestApp({ DATA_DIR: dataDir, LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signedInUser(t, 'ADMIN');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/admin/imports/uploads`;
});

afterAll(async () => {
  await t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function declare(files: Array<{ name: string; size: number }>, prices: object = {}) {
  const response = await admin.call('POST', '/api/admin/imports', { files, ...prices });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportReport>();
}

/** Sends `bytes` with tus-js-client; `stopAfter` bytes acknowledged, aborts (a dropped connection). */
function send(bytes: Buffer, fileId: number, options: Partial<UploadOptions> & { stopAfter?: number } = {}) {
  return new Promise<{ url: string; firstOffset: number | null }>((resolve, reject) => {
    let firstOffset: number | null = null;
    const upload: Upload = new Upload(bytes, {
      endpoint,
      chunkSize: 64 * 1024,
      retryDelays: [],
      metadata: { fileId: String(fileId), filename: 'archive.cbz' },
      headers: admin.headers,
      ...options,
      onProgress: (sent) => {
        firstOffset ??= sent;
      },
      onChunkComplete: (_chunk, accepted) => {
        if (options.stopAfter !== undefined && accepted >= options.stopAfter) {
          void upload.abort().then(() => resolve({ url: upload.url!, firstOffset }));
        }
      },
      onSuccess: () => resolve({ url: upload.url!, firstOffset }),
      onError: reject,
    });
    upload.start();
  });
}

async function finished(batchId: number): Promise<ImportReport> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const report = (await admin.call('GET', `/api/admin/imports/${batchId}`)).json<ImportReport>();
    if (report.finishedAt !== null) return report;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${batchId} did not finish`);
}

describe('uploading archives for an import', () => {
  it('resumes a cut-off upload from the byte the server has, and imports what arrived', async () => {
    const first = await archive('Tusk Tales', 1, 3);
    const second = await archive('Tusk Tales', 2, 2);
    expect(first.length).toBeGreaterThan(3 * 64 * 1024);
    const batch = await declare(
      [
        { name: 'Tusk/Tusk Tales 001.cbz', size: first.length },
        { name: 'Tusk/Tusk Tales 002.cbz', size: second.length },
      ],
      { defaultPrice: 1.5, publisherPrices: [{ publisher: 'Tusk', price: 2.25 }] },
    );
    expect(batch.counts).toMatchObject({ uploading: 2, queued: 0 });
    const [firstFile, secondFile] = batch.files;

    const cut = await send(first, firstFile!.id, { stopAfter: 2 * 64 * 1024 });
    const head = await admin.call('GET', `/api/admin/imports/${batch.id}`);
    expect(head.json<ImportReport>().files[0]!.status).toBe('uploading');
    // A new page (or a reconnect) goes on at the server's offset: the first chunks are not sent again.
    const resumed = await send(first, firstFile!.id, { uploadUrl: cut.url });
    expect(resumed.url).toBe(cut.url);
    expect(resumed.firstOffset).toBeGreaterThanOrEqual(2 * 64 * 1024);
    await send(second, secondFile!.id);

    const report = await finished(batch.id);
    expect(report.counts).toMatchObject({ created: 2, failed: 0, uploading: 0, pagesDone: 5 });
    const issue = await t.app.inject({ method: 'GET', url: `/api/comics/${report.files[0]!.volumeId}` });
    expect(issue.statusCode).toBe(200);
    const prices = await queryRows<{ price_cents: number }>(
      t.database.db,
      sql`select price_cents from issues where id in (${report.files[0]!.issueId}, ${report.files[1]!.issueId})`,
    );
    expect(prices).toEqual([{ price_cents: 225 }, { price_cents: 225 }]);
    // Imported, the uploads' bytes are not kept (removed just after each file is recorded done).
    await expect.poll(() => readdir(path.join(dataDir, 'import-uploads'))).toEqual([]);
  });

  it('is for administrators only', async () => {
    const user = await signedInUser(t);
    const body = { files: [{ name: 'a.cbz', size: 10 }] };
    expect((await user.call('POST', '/api/admin/imports', body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/imports', payload: body })).statusCode).toBe(401);
    const tus = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/uploads',
      headers: { ...user.headers, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(tus.statusCode).toBe(403);
  });

  it('refuses a bad declaration naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ files: [] }, 'files'],
      [{ files: [{ name: ' ', size: 3 }] }, 'files.0.name'],
      [{ files: [{ name: 'a.cbz', size: 0 }] }, 'files.0.size'],
      [{ files: [{ name: 'a.cbz', size: 3 }], defaultPrice: 0.1 }, 'defaultPrice'],
      [
        { files: [{ name: 'a.cbz', size: 3 }], publisherPrices: [{ publisher: 'X', price: 1.234 }] },
        'publisherPrices.0.price',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await admin.call('POST', '/api/admin/imports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
  });

  it('refuses a tus creation that does not match a file waiting for its upload', async () => {
    const batch = await declare([{ name: 'Waiting 001.cbz', size: 100 }]);
    const create = (metadata: string | null, length: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/imports/uploads',
        headers: {
          ...admin.headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          ...(metadata === null ? {} : { 'upload-metadata': metadata }),
        },
      });
    const fileId = (id: number) => `fileId ${Buffer.from(String(id)).toString('base64')}`;
    const missing = await create(null, 100);
    expect([missing.statusCode, Object.keys(missing.json().fields)]).toEqual([400, ['fileId']]);
    const wrongSize = await create(fileId(batch.files[0]!.id), 99);
    expect([wrongSize.statusCode, Object.keys(wrongSize.json().fields)]).toEqual([400, ['size']]);
    const unknown = await create(fileId(2_000_000_000), 100);
    expect(unknown.statusCode).toBe(409);
    const created = await create(fileId(batch.files[0]!.id), 100);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/admin\/imports\/uploads\/\d+-[0-9a-f]{24}$/);
    const notAnUpload = await t.app.inject({
      method: 'HEAD',
      url: '/api/admin/imports/uploads/../../etc',
      headers: { ...admin.headers, 'tus-resumable': '1.0.0' },
    });
    expect(notAnUpload.statusCode).toBe(404);
  });

  it('gives up what was not sent: cancelled by an administrator, or unfinished for a day', async () => {
    const cancelled = await declare([{ name: 'Never 001.cbz', size: 1000 }]);
    await send(Buffer.alloc(1000, 1), cancelled.files[0]!.id, { chunkSize: 500, stopAfter: 500 });
    const answer = await admin.call('POST', `/api/admin/imports/${cancelled.id}/cancel`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<ImportReport>();
    expect(report.finishedAt).not.toBeNull();
    expect(report.files[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^Cancelled/) });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `import ${cancelled.id}`));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['import.finished', 'import.started']);

    const stale = await declare([{ name: 'Later 001.cbz', size: 1000 }]);
    await t.app.imports.service.giveUpStaleUploads();
    expect((await admin.call('GET', `/api/admin/imports/${stale.id}`)).json<ImportReport>().finishedAt).toBeNull();
    await t.database.db
      .update(importBatches)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(importBatches.id, stale.id));
    await t.app.imports.service.giveUpStaleUploads();
    const given = (await admin.call('GET', `/api/admin/imports/${stale.id}`)).json<ImportReport>();
    expect(given.files[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/within a day/) });
    expect((await admin.call('GET', '/api/admin/imports')).json().batches[0]).toMatchObject({ id: stale.id });
  });
});
