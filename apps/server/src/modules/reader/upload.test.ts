// POST and DELETE /api/admin/issues/:id/pages as an admin's browser uses them: a CBZ's (or a
// CBR's) pages are stored in reading order as WebP renditions and recorded in one go; archives that are not safe
// or hold no pages are refused with nothing stored; a new upload replaces the old set and its
// images. The app runs with small upload limits, so the limits can be reached cheaply.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { archiveForm, makeZip, pageImage, type ZipEntry } from '../../../test/cbz';
import { makeRar } from '../../../test/rar';
import { createTestDatabase, seededIssues, signedInUser, testConfig, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { auditLog } from '../../db/schema/audit';
import type { CatalogChange } from '../../platform/cache/catalog-events';
import { createConfiguredStorage } from '../../platform/storage/configured-storage';
import { issueShape } from './generated-pages';
import { pageKey } from './page-keys';
import { createCatalogRepository } from '../catalog/repository';
import { createCatalogService, type CatalogService } from '../catalog/service';
import { createReaderRepository, type PageSet, type ReaderRepository } from './repository';
import { createPageUploads } from './upload';

const MAX_ARCHIVE_BYTES = 256 * 1024;
const MAX_PAGES = 6;

let t: TestApp;
let repository: ReaderRepository;
let catalog: CatalogService;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let user: Awaited<ReturnType<typeof signedInUser>>;
let issueIds: number[];
let nextIssue = 0;
const storage = await createConfiguredStorage(testConfig());

beforeAll(async () => {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(),
    database,
    pageUploadLimits: { maxArchiveBytes: MAX_ARCHIVE_BYTES, maxPages: MAX_PAGES },
  });
  t = { app, database };
  repository = createReaderRepository(database.db);
  catalog = createCatalogService({ repository: createCatalogRepository(database.db) });
  admin = await signedInUser(t, 'ADMIN');
  user = await signedInUser(t, 'USER');
  issueIds = (await seededIssues(database, 26)).map((issue) => issue.id);
});
afterAll(() => t.app.close());

/** A seeded issue no other test has touched. */
const freshIssue = () => issueIds[nextIssue++]!;

function upload(issueId: number, zip: Buffer, headers: Record<string, string> = admin.headers, field = 'file') {
  const form = archiveForm(zip, { field });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/issues/${issueId}/pages`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

const remove = (issueId: number, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/issues/${issueId}/pages`, headers });

/** A page `width` px wide (1.5 times as tall): pages of distinct widths show the stored order. */
const page = (name: string, width: number, format: 'png' | 'jpeg' = 'png') =>
  pageImage(width, Math.round(width * 1.5), { format }).then((data): ZipEntry => ({ name, data }));

/** Every page image stored for the issue, whatever its version (keys relative to the media folder). */
async function storedImages(issueId: number): Promise<string[]> {
  const folder = path.join(testConfig().dataDir, 'media', 'pages', String(issueId));
  const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.webp')).map((name) => `pages/${issueId}/${name}`);
}

const keysOf = (set: PageSet) =>
  set.pages.flatMap((stored) => stored.widths.map((width) => pageKey(set.issueId, set.version, stored.number, width)));

function expectRefusal(res: Awaited<ReturnType<typeof upload>>, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; error: string; fields?: Record<string, string> }>();
  if (code) expect(body.code).toBe(code);
  expect(body.fields?.file).toEqual(expect.any(String));
  return body;
}

const comicInfo = (manga: string) => `<?xml version="1.0"?><ComicInfo><Manga>${manga}</Manga></ComicInfo>`;

describe('POST /api/admin/issues/:id/pages', () => {
  it('stores the pages in natural order as WebP renditions, skipping and listing the rest', async () => {
    const issueId = freshIssue();
    const zip = await makeZip([
      await page('p10.png', 440),
      { name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') },
      await page('p2.png', 420, 'jpeg'),
      { name: 'notes.txt', data: 'scanned for the tests' },
      await page('sub/p3.png', 460),
      { name: '__MACOSX/._p1.png', data: 'resource fork' },
      await page('p1.png', 400),
    ]);
    const res = await upload(issueId, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      issueId,
      pageCount: 4,
      direction: 'rtl',
      skipped: ['ComicInfo.xml', 'notes.txt', '__MACOSX/._p1.png'],
    });

    const set = (await repository.findPageSet(issueId))!;
    expect(set).toMatchObject({
      issueId,
      pageCount: 4,
      direction: 'rtl',
      version: expect.stringMatching(/^u[a-z0-9]+$/),
    });
    // p1, p2, p10, then the folder's p3: told apart by their widths.
    expect(set.pages.map((stored) => [stored.number, stored.width, stored.height])).toEqual([
      [1, 400, 600],
      [2, 420, 630],
      [3, 440, 660],
      [4, 460, 690],
    ]);
    expect(set.pages.map((stored) => stored.widths)).toEqual([
      [320, 400],
      [320, 420],
      [320, 440],
      [320, 460],
    ]);
    for (const stored of set.pages) expect(stored.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect((await storedImages(issueId)).sort()).toEqual(keysOf(set).sort());
    const third = await storage.get(pageKey(issueId, set.version, 3, 440));
    const bytes = Buffer.concat(await third!.body.toArray());
    expect(third!.contentType).toBe('image/webp');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 440, height: 660 });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `issue ${issueId}`), eq(auditLog.actorId, admin.id)));
    expect(entry).toMatchObject({
      action: 'issue.updated',
      details: { fields: ['pages'], pageCount: 4, direction: 'rtl' },
    });
  });

  it('stores the pages of a CBR (RAR) archive the same way', async () => {
    const issueId = freshIssue();
    const rar = makeRar([
      await page('p10.png', 440, 'jpeg'),
      { name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') },
      await page('p2.png', 420),
      await page('p1.png', 400),
    ]);
    const res = await upload(issueId, rar);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ issueId, pageCount: 3, direction: 'rtl', skipped: ['ComicInfo.xml'] });

    const set = (await repository.findPageSet(issueId))!;
    expect(set).toMatchObject({ issueId, pageCount: 3, direction: 'rtl' });
    expect(set.pages.map((stored) => [stored.number, stored.width, stored.height])).toEqual([
      [1, 400, 600],
      [2, 420, 630],
      [3, 440, 660],
    ]);
    expect((await storedImages(issueId)).sort()).toEqual(keysOf(set).sort());
  });

  it('replaces an earlier upload whole, removing its images, and clamps saved reading progress', async () => {
    const issueId = freshIssue();
    const first = await upload(
      issueId,
      await makeZip(await Promise.all([1, 2, 3, 4].map((n) => page(`${n}.png`, 330)))),
    );
    expect(first.statusCode, first.body).toBe(200);
    const old = (await repository.findPageSet(issueId))!;
    await repository.saveProgress(user.id, issueId, 4, 4);

    const second = await upload(issueId, await makeZip([await page('a.png', 350), await page('b.png', 360)]));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ pageCount: 2, direction: 'ltr', skipped: [] });
    const current = (await repository.findPageSet(issueId))!;
    expect(current.version).not.toBe(old.version);
    expect(current.pages.map((stored) => stored.width)).toEqual([350, 360]);
    expect((await storedImages(issueId)).sort()).toEqual(keysOf(current).sort());
    for (const key of keysOf(old)) expect(await storage.exists(key), key).toBe(false);
    expect((await repository.listPlaces(user.id)).get(issueId)).toMatchObject({ page: 2, pageCount: 2 });
  });

  it('refuses an entry whose path leaves the archive, storing nothing', async () => {
    const issueId = freshIssue();
    const zip = await makeZip([await page('p1.png', 100), await page('../evil.png', 100)]);
    const error = expectRefusal(await upload(issueId, zip), 422, 'unsafe_entry');
    expect(error.error).toContain('"../evil.png"');
    expect(await repository.findPageSet(issueId)).toBeNull();
    expect(await storedImages(issueId)).toEqual([]);
    const everything = await readdir(testConfig().dataDir, { recursive: true });
    expect(everything.filter((name) => name.endsWith('evil.png'))).toEqual([]);
  });

  it('removes the images it wrote when a later page cannot be decoded', async () => {
    const issueId = freshIssue();
    const broken = (await pageImage(300, 450, { format: 'jpeg' })).subarray(0, 400);
    const zip = await makeZip([
      await page('p1.png', 300),
      await page('p2.png', 300),
      await page('p3.png', 300),
      { name: 'p4.jpg', data: broken },
    ]);
    const error = expectRefusal(await upload(issueId, zip), 422);
    expect(error.error).toContain('"p4.jpg"');
    expect(await repository.findPageSet(issueId)).toBeNull();
    expect(await storedImages(issueId)).toEqual([]);
  });

  it('refuses an archive over the size limit with 413', async () => {
    const issueId = freshIssue();
    const noise = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const zip = await makeZip([{ name: 'noise.png', data: noise, compress: false }]);
    expect(zip.length).toBeGreaterThan(MAX_ARCHIVE_BYTES);
    const error = expectRefusal(await upload(issueId, zip), 413, 'file_too_large');
    expect(error.fields?.file).toBe('At most 256 KB');
    expect(await repository.findPageSet(issueId)).toBeNull();
  });

  it('refuses a zip bomb entry, too many pages and an entry named like an image that is not one', async () => {
    const issueId = freshIssue();
    const bomb = await makeZip([await page('p1.png', 100), { name: 'p2.png', data: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(MAX_ARCHIVE_BYTES);
    expect(expectRefusal(await upload(issueId, bomb), 422, 'entry_too_large').error).toContain('"p2.png"');

    const pages = await Promise.all(Array.from({ length: MAX_PAGES + 1 }, (_, i) => page(`p${i + 1}.png`, 60)));
    expectRefusal(await upload(issueId, await makeZip(pages)), 422, 'too_many_pages');

    const text = await makeZip([await page('p1.png', 100), { name: 'p2.jpg', data: 'I am text, not a JPEG' }]);
    expect(expectRefusal(await upload(issueId, text), 422, 'not_an_image').error).toContain('"p2.jpg"');
    expect(await repository.findPageSet(issueId)).toBeNull();
  });

  it('refuses an archive without pages, an empty file and a file that is no archive', async () => {
    const issueId = freshIssue();
    expectRefusal(await upload(issueId, await makeZip([])), 422, 'no_pages');
    const onlyText = await makeZip([
      { name: 'ComicInfo.xml', data: comicInfo('No') },
      { name: 'readme.txt', data: 'nothing to read' },
    ]);
    expectRefusal(await upload(issueId, onlyText), 422, 'no_pages');
    expectRefusal(await upload(issueId, Buffer.alloc(0)), 400, 'validation_failed');
    expectRefusal(await upload(issueId, await pageImage(100, 150)), 415, 'not_an_archive');
    expect(await repository.findPageSet(issueId)).toBeNull();
  });

  it('is for administrators, on an issue that exists, in a multipart form', async () => {
    const issueId = freshIssue();
    const zip = await makeZip([await page('p1.png', 100)]);
    expect((await upload(issueId, zip, {})).statusCode).toBe(401);
    expect((await upload(issueId, zip, user.headers)).statusCode).toBe(403);
    expect((await upload(2_000_000_000, zip)).json()).toMatchObject({ code: ERROR_CODES.issueNotFound });
    expect((await upload(2_000_000_000, zip)).statusCode).toBe(404);
    expectRefusal(await upload(issueId, zip, admin.headers, 'archive'), 400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/issues/${issueId}/pages`,
      headers: admin.headers,
      payload: { file: 'p1.png' },
    });
    expectRefusal(json, 415, 'multipart_required');
    expect(await repository.findPageSet(issueId)).toBeNull();
  });
});

describe('archive conversions at once', () => {
  /**
   * An upload whose body is held back until `send()`: `receiving` resolves once the server reads
   * it, that is once the upload has its conversion slot.
   */
  function heldUpload(issueId: number, zip: Buffer, headers: Record<string, string>) {
    const form = archiveForm(zip);
    let reading!: () => void;
    const receiving = new Promise<void>((resolve) => (reading = resolve));
    const body = new Readable({ read: () => reading() });
    const answer = t.app.inject({
      method: 'POST',
      url: `/api/admin/issues/${issueId}/pages`,
      payload: body,
      headers: { ...form.headers, ...headers },
    });
    const send = () => {
      body.push(form.payload);
      body.push(null);
      return answer;
    };
    return { receiving, send };
  }

  function expectBusy(res: Awaited<ReturnType<typeof upload>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      code: ERROR_CODES.busy,
      error: 'Another archive is being converted; try again in a minute.',
    });
  }

  it('are one per admin and two in all: a further upload is refused with 503 and Retry-After, its body unread', async () => {
    const zip = await makeZip([await page('p1.png', 300), await page('p2.png', 320)]);
    const [second, third] = [await signedInUser(t, 'ADMIN'), await signedInUser(t, 'ADMIN')];
    const first = heldUpload(freshIssue(), zip, admin.headers);
    await first.receiving;

    // The same admin's next upload is refused before its body is looked at (it is no archive).
    const refusedIssue = freshIssue();
    expectBusy(await upload(refusedIssue, Buffer.from('not an archive at all'), admin.headers));
    // Another admin's converts beside the first…
    const beside = heldUpload(freshIssue(), zip, second.headers);
    await beside.receiving;
    // …and a third admin's finds both slots taken.
    expectBusy(await upload(freshIssue(), zip, third.headers));

    const [one, two] = await Promise.all([first.send(), beside.send()]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(await repository.findPageSet(refusedIssue)).toBeNull();
    // The slots are free again, also after a refused archive.
    expectRefusal(await upload(refusedIssue, Buffer.from('not an archive at all')), 415, 'not_an_archive');
    expect((await upload(refusedIssue, zip)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/issues/:id/pages', () => {
  it('removes the pages and their images; 404 when there are none', async () => {
    const issueId = freshIssue();
    expect((await upload(issueId, await makeZip([await page('p1.png', 340)]))).statusCode).toBe(200);
    const set = (await repository.findPageSet(issueId))!;
    expect((await remove(issueId, user.headers)).statusCode).toBe(403);
    expect((await remove(issueId, {})).statusCode).toBe(401);

    const res = await remove(issueId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await repository.findPageSet(issueId)).toBeNull();
    for (const key of keysOf(set)) expect(await storage.exists(key), key).toBe(false);
    expect(await storedImages(issueId)).toEqual([]);

    expect((await remove(issueId)).statusCode).toBe(404);
    expect((await remove(2_000_000_000)).json()).toMatchObject({ code: ERROR_CODES.issueNotFound });
  });

  it('moves a saved page past the generated pages back to their last one', async () => {
    const issueId = freshIssue();
    const pages = Array.from({ length: 30 }, (_, i) => ({
      number: i + 1,
      width: 100,
      height: 150,
      widths: [100],
      placeholder: 'data:,',
    }));
    await repository.replacePageSet({ issueId, version: 'uclamp', pageCount: 30, direction: 'ltr', pages }, admin.id);
    await repository.saveProgress(user.id, issueId, 30, 30);

    expect((await remove(issueId)).statusCode).toBe(204);
    const generated = issueShape(issueId).pageCount;
    expect((await repository.listPlaces(user.id)).get(issueId)).toMatchObject({
      page: generated,
      pageCount: generated,
    });
  });
});

describe('createPageUploads', () => {
  it('tells every instance’s caches after an upload and a removal', async () => {
    const issueId = freshIssue();
    const issue = (await catalog.findIssue(issueId))!;
    const changes: CatalogChange[] = [];
    const uploads = createPageUploads({
      repository,
      findIssue: catalog.findIssue,
      storage,
      catalogChanges: { publish: (change) => changes.push(change), subscribe: () => () => {} },
    });
    const folder = await mkdtemp(path.join(tmpdir(), 'comics-upload-test-'));
    try {
      const archivePath = path.join(folder, 'issue.cbz');
      await writeFile(archivePath, await makeZip([await page('p1.png', 100)]));
      await uploads.upload({ issueId, archivePath, uploadedBy: admin.id });
      await uploads.remove({ issueId, removedBy: admin.id });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    const change = {
      kind: 'issue_updated',
      volumeId: issue.volumeId,
      issueId,
      fields: ['pages'],
      issuesChanged: false,
    };
    expect(changes).toEqual([change, change]);
  });
});

// The cost of an upload of 1600×2400 JPEG pages, archive on disk to pages stored and recorded
// (the multipart transfer aside). Run with PAGE_UPLOAD_BENCHMARK=1; figures in docs/benchmarks.md.
describe.skipIf(!process.env.PAGE_UPLOAD_BENCHMARK)('page upload benchmark', () => {
  /** A 1600×2400 page with panels, lettering-like strokes and grain, so the encoders have real work. */
  async function artPage(seed: number): Promise<Buffer> {
    const panels = [0, 1, 2]
      .map(
        (row) =>
          `<rect x="60" y="${80 + row * 760}" width="1480" height="700" fill="hsl(${(seed * 47 + row * 90) % 360},55%,60%)" stroke="#111" stroke-width="8"/>` +
          `<circle cx="${400 + ((seed * 131 + row * 300) % 800)}" cy="${430 + row * 760}" r="220" fill="#fff" stroke="#111" stroke-width="6"/>` +
          `<text x="120" y="${180 + row * 760}" font-size="64" font-family="sans-serif">Page ${seed} panel ${row + 1}</text>`,
      )
      .join('');
    const art = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2400"><rect width="1600" height="2400" fill="#f4efe4"/>${panels}</svg>`,
    );
    const grain = await sharp({
      create: {
        width: 1600,
        height: 2400,
        channels: 4,
        background: '#0000',
        noise: { type: 'gaussian', mean: 0, sigma: 18 },
      },
    })
      .png()
      .toBuffer();
    return sharp(art)
      .composite([{ input: grain, blend: 'soft-light' }])
      .jpeg({ quality: 88 })
      .toBuffer();
  }

  it.each([20, 100])('uploads %i pages', { timeout: 600_000 }, async (pageCount) => {
    const art = await Promise.all([1, 2, 3, 4, 5].map(artPage));
    const entries = Array.from({ length: pageCount }, (_, i) => ({
      name: `page-${i + 1}.jpg`,
      data: art[i % art.length]!,
      compress: false,
    }));
    const folder = await mkdtemp(path.join(tmpdir(), 'comics-upload-benchmark-'));
    try {
      const archivePath = path.join(folder, 'issue.cbz');
      const zip = await makeZip(entries);
      await writeFile(archivePath, zip);
      const uploads = createPageUploads({ repository, findIssue: catalog.findIssue, storage });
      const issueId = freshIssue();
      const started = performance.now();
      await uploads.upload({ issueId, archivePath, uploadedBy: admin.id });
      const seconds = (performance.now() - started) / 1000;
      const stored = await storedImages(issueId);
      console.info(
        `page upload: ${pageCount} pages (${(zip.length / 1024 / 1024).toFixed(1)} MB archive) in ${seconds.toFixed(1)} s ` +
          `(${((seconds * 1000) / pageCount).toFixed(0)} ms a page), ${stored.length} renditions stored`,
      );
      await uploads.remove({ issueId, removedBy: admin.id });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
