// Bulk import end to end on the database under test: a folder of archives made here (CBZ with
// yazl, CBR with the RAR writer), with and without ComicInfo.xml, queued as a batch and converted
// by the worker; then the same folder again (nothing changes), a changed archive (its issue is
// updated, its price kept), and a worker whose instance died mid-file (another takes it over).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, pageImage } from '../../../test/cbz';
import sharp from 'sharp';
import { pageAddress, pageFileName } from '@comics/shared/page-address';
import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { makePdf } from '../../../test/pdf';
import { makeRar } from '../../../test/rar';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { issueCredits, issueGenres, issues, publishers, volumes } from '../../db/schema/catalog';
import { importFiles } from '../../db/schema/imports';
import { issuePageSets } from '../../db/schema/reader';
import { createImportRepository } from './repository';

const comicInfo = (fields: Record<string, string | number>) =>
  `<?xml version="1.0"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${Object.entries(fields)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('')}</ComicInfo>`;

async function pages(count: number, colour = '#3070c0') {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `page${String(index + 1).padStart(3, '0')}.png`,
      data: await pageImage(400, 600, { colour }),
    })),
  );
}

let t: TestApp;
let folder: string;
let dataDir: string;

async function put(name: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
  await writeFile(path.join(folder, name), bytes);
}

/** Queues every file of the folder (as the import command does) and converts them here. */
async function importFolder(names: string[], options: { dryRun?: boolean } = {}) {
  const { service, worker } = t.app.imports;
  const batchId = await service.startBatch({
    startedBy: null,
    source: 'folder',
    defaultPriceCents: 250,
    publisherPrices: { kodansha: 400 },
    dryRun: options.dryRun ?? false,
    files: names.map((name) => ({ name, location: path.join(folder, name), sizeBytes: 1 })),
  });
  await worker.drain();
  return (await service.report(batchId))!;
}

const SAGA_1 = 'Image/Saga (2012)/Saga #001 (2012).cbz';
const SAGA_2 = 'Image/Saga (2012)/Saga #002 (2012).cbz';
const AKIRA = 'Manga/Akira 001.cbr';
const BROKEN = 'Image/Saga (2012)/Saga #003 (2012).cbz';
const NO_PAGES = 'Flat/Notes 001.cbz';
const HALF = 'Image/Saga (2012)/Saga 1.5.cbz';
const ALL = [SAGA_1, SAGA_2, AKIRA, BROKEN, NO_PAGES, HALF];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'comics-import-data-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  folder = await mkdtemp(path.join(tmpdir(), 'comics-import-'));
  await put(
    SAGA_1,
    await makeZip([
      ...(await pages(3)),
      {
        name: 'ComicInfo.xml',
        data: comicInfo({
          Series: 'Saga',
          Number: '1',
          Title: 'Chapter One',
          Summary: 'Two soldiers &amp; a baby.',
          Year: 2012,
          Month: 3,
          Publisher: 'Image',
          Writer: 'Brian K. Vaughan',
          Penciller: 'Fiona Staples',
          Genre: 'Science Fiction, Fantasy',
        }),
      },
    ]),
  );
  await put(SAGA_2, await makeZip(await pages(2)));
  await put(
    AKIRA,
    makeRar([
      ...(await pages(2, '#c03030')),
      {
        name: 'ComicInfo.xml',
        data: Buffer.from(comicInfo({ Series: 'Akira', Number: 1, Publisher: 'Kodansha', Manga: 'YesAndRightToLeft' })),
      },
    ]),
  );
  await put(BROKEN, Buffer.from('not an archive at all'));
  await put(NO_PAGES, await makeZip([{ name: 'readme.txt', data: 'no pages here' }]));
  await put(HALF, await makeZip(await pages(1)));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under the media folder (pages, sources, covers). */
async function storedFiles(): Promise<string[]> {
  const media = path.join(dataDir, 'media');
  const entries = await readdir(media, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function volumeOf(series: string) {
  const [row] = await t.database.db
    .select({ id: volumes.id, startYear: volumes.startYear, publisher: publishers.name })
    .from(volumes)
    .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
    .where(eq(volumes.name, series));
  return row;
}

async function issueOf(volumeId: number, issueNumber: number) {
  const [row] = await t.database.db
    .select()
    .from(issues)
    .where(and(eq(issues.volumeId, volumeId), eq(issues.issueNumber, issueNumber)));
  return row;
}

describe('importing a folder of archives', () => {
  it('turns each good archive into an issue with its metadata and pages, and says why the others failed', async () => {
    const report = await importFolder(ALL);
    expect(report.finishedAt).not.toBeNull();
    expect(report.counts).toMatchObject({ created: 3, updated: 0, unchanged: 0, failed: 3, queued: 0, running: 0 });
    const reasons = Object.fromEntries(report.files.map((file) => [file.name, file.reason]));
    expect(reasons[BROKEN]).toMatch(/not a comic archive/i);
    expect(reasons[NO_PAGES]).toMatch(/page/i);
    expect(reasons[HALF]).toBe('The issue number "1.5" is not a whole number.');

    const saga = (await volumeOf('Saga'))!;
    expect(saga).toMatchObject({ startYear: 2012, publisher: 'Image' });
    const first = (await issueOf(saga.id, 1))!;
    expect(first).toMatchObject({ name: 'Chapter One', coverDate: '2012-03', priceCents: 250 });
    expect(first.description).toContain('Two soldiers &amp; a baby.');
    expect(first.image).toMatch(/^\/media\/uploads\//);
    const credits = await t.database.db
      .select({ role: issueCredits.role, name: issueCredits.name })
      .from(issueCredits)
      .where(eq(issueCredits.issueId, first.id));
    expect(credits).toEqual(
      expect.arrayContaining([
        { role: 'writer', name: 'Brian K. Vaughan' },
        { role: 'penciller', name: 'Fiona Staples' },
      ]),
    );
    const genres = await t.database.db.select().from(issueGenres).where(eq(issueGenres.issueId, first.id));
    expect(genres.map((genre) => genre.genre).sort()).toEqual(['Fantasy', 'Science Fiction']);
    // The second issue had only its path to say what it is.
    expect(await issueOf(saga.id, 2)).toMatchObject({ name: null, priceCents: 250 });

    const [sagaPages] = await t.database.db.select().from(issuePageSets).where(eq(issuePageSets.issueId, first.id));
    expect(sagaPages).toMatchObject({ pageCount: 3, direction: 'ltr' });
    const akira = (await volumeOf('Akira'))!;
    expect(akira.publisher).toBe('Kodansha');
    const akiraIssue = (await issueOf(akira.id, 1))!;
    expect(akiraIssue.priceCents).toBe(400);
    const [akiraPages] = await t.database.db
      .select()
      .from(issuePageSets)
      .where(eq(issuePageSets.issueId, akiraIssue.id));
    expect(akiraPages).toMatchObject({ pageCount: 2, direction: 'rtl' });

    // Search finds the comic by its artist, and the audit log has the import's start and end.
    const found = await t.app.inject({ url: '/api/comics/search?name=staples' });
    expect(found.json().map((comic: { name: string }) => comic.name)).toContain('Saga');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `import ${report.id}`));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['import.finished', 'import.started']);
    expect(audit.find((entry) => entry.action === 'import.finished')!.details).toMatchObject({ created: 3, failed: 3 });
  });

  it('changes nothing when the same archives come again', async () => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from issues`);
    const report = await importFolder([SAGA_1, SAGA_2, AKIRA]);
    expect(report.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from issues`)).toEqual(before);
  });

  it('updates the issue of a changed archive, keeping the price an administrator set', async () => {
    const saga = (await volumeOf('Saga'))!;
    const second = (await issueOf(saga.id, 2))!;
    await t.database.db.update(issues).set({ priceCents: 199 }).where(eq(issues.id, second.id));
    await put(SAGA_2, await makeZip(await pages(4, '#30c070')));

    const report = await importFolder([SAGA_2]);
    expect(report.counts).toMatchObject({ updated: 1, failed: 0 });
    expect(report.files[0]).toMatchObject({ issueId: second.id, outcome: 'updated' });
    expect(await issueOf(saga.id, 2)).toMatchObject({ id: second.id, priceCents: 199 });
    const [set] = await t.database.db.select().from(issuePageSets).where(eq(issuePageSets.issueId, second.id));
    expect(set!.pageCount).toBe(4);
  });

  it('writes nothing on a dry run, and reports what would happen', async () => {
    await put('Dry/Dry Run 001.cbz', await makeZip(await pages(1)));
    const report = await importFolder(['Dry/Dry Run 001.cbz', SAGA_1], { dryRun: true });
    expect(report.files.map((file) => file.outcome)).toEqual(['created', 'unchanged']);
    expect(await volumeOf('Dry Run')).toBeUndefined();
  });

  it('keeps the issues of a series without a start year in one comic', async () => {
    const names = ['Loose/Moonlit 001.cbz', 'Loose/Moonlit 002.cbz'];
    for (const [index, name] of names.entries()) {
      const info = comicInfo({ Series: 'Moonlit', Number: index + 1, Year: 2019 + index, Publisher: 'Lune' });
      await put(name, await makeZip([...(await pages(1)), { name: 'ComicInfo.xml', data: info }]));
    }
    const report = await importFolder(names);
    expect(report.counts).toMatchObject({ created: 2, failed: 0 });
    expect(new Set(report.files.map((file) => file.volumeId)).size).toBe(1);
    // Its start year is the first issue's cover year.
    expect(await volumeOf('Moonlit')).toMatchObject({ startYear: 2019, publisher: 'Lune' });
  });

  it('stores a JPEG page at its narrowest width, and makes a wider one on its first request', async () => {
    const name = 'Photo/Photo Comic 001.cbz';
    const jpeg = await pageImage(1000, 1500, { colour: '#208040', format: 'jpeg' });
    await put(name, await makeZip([{ name: 'p1.jpg', data: jpeg }]));
    const report = await importFolder([name]);
    const issueId = report.files[0]!.issueId!;
    const listing = (
      await t.app.inject({ method: 'GET', url: `/api/issues/${issueId}/pages` })
    ).json<IssuePagesAnswer>();
    expect(listing.pages[0]).toMatchObject({ width: 1000, height: 1500, widths: [320, 640, 1000] });
    const stored = async () =>
      (await readdir(path.join(dataDir, 'media', listing.pagesBase.replace(/^\/media\//, '')))).sort();
    expect(await stored()).toEqual([pageFileName(1, 320)]);

    const wide = await t.app.inject({ method: 'GET', url: pageAddress(listing.pagesBase, 1, 1000) });
    expect(wide.statusCode).toBe(200);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 1500 });
    expect(await stored()).toEqual([pageFileName(1, 1000), pageFileName(1, 320)].sort());
  });

  it('refuses an archive whose page in the middle is not an image, and keeps none of its pages', async () => {
    const name = 'Bad/Bad Page 001.cbz';
    const [first, third] = await pages(2);
    await put(
      name,
      await makeZip([first!, { name: 'page002.png', data: Buffer.from('not a picture at all') }, third!]),
    );
    const before = await storedFiles();
    const report = await importFolder([name]);
    expect(report.files[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('page002.png') });
    expect(await volumeOf('Bad Page')).toBeUndefined();
    // Its first page was stored before the bad one was read: removed with the attempt.
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a second archive of one import that is the same issue as the first', async () => {
    const names = ['Twins/Twin 001.cbz', 'Twins/Twin #1.cbz'];
    await put(names[0]!, await makeZip(await pages(1, '#aa3333')));
    await put(names[1]!, await makeZip(await pages(2, '#33aa33')));
    const report = await importFolder(names);
    expect(report.files.map((file) => file.outcome ?? file.status)).toEqual(['created', 'failed']);
    expect(report.files[1]!.reason).toBe(
      'Another archive of this import, Twins/Twin 001.cbz, is already issue 1 of Twins: two archives cannot be the same issue.',
    );
  });

  it('takes over the file of a worker whose instance died, without a duplicate issue', async () => {
    await put('Late/Late Comic 001.cbz', await makeZip(await pages(2)));
    const repository = createImportRepository(t.database.db);
    const batchId = await repository.createBatch({
      startedBy: null,
      source: 'folder',
      defaultPriceCents: 100,
      files: [
        { name: 'Late/Late Comic 001.cbz', location: path.join(folder, 'Late/Late Comic 001.cbz'), sizeBytes: 1 },
      ],
    });
    // An instance that is not this one's claims it and dies mid-file, leaving pages it planned.
    const claimed = (await repository.claimNext(424_242, 60_000, []))!;
    await repository.progress(
      claimed.id,
      424_242,
      { pendingIssueId: 987_654, pendingVersion: 'igone', pagesTotal: 2 },
      60_000,
    );

    await t.app.imports.worker.drain();
    const [file] = await t.database.db.select().from(importFiles).where(eq(importFiles.batchId, batchId));
    expect(file).toMatchObject({
      status: 'done',
      outcome: 'created',
      attempts: 2,
      claimedBy: null,
      pendingVersion: null,
    });
    const rows = await t.database.db.select().from(issues).where(eq(issues.volumeId, file!.volumeId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(file!.issueId);
  });

  it('turns a PDF into an issue whose pages are its pages', async () => {
    const name = 'Scans/Paper Comic 001.pdf';
    await put(
      name,
      makePdf([
        { width: 600, height: 900, colour: [200, 30, 30] },
        { width: 600, height: 900, colour: [30, 30, 200] },
      ]),
    );
    const report = await importFolder([name]);
    expect(report.files).toMatchObject([{ name, outcome: 'created' }]);
    const [file] = await t.database.db.select().from(importFiles).where(eq(importFiles.name, name));
    const [set] = await t.database.db.select().from(issuePageSets).where(eq(issuePageSets.issueId, file!.issueId!));
    expect(set).toMatchObject({ pageCount: 2, direction: 'ltr' });
  });
});
