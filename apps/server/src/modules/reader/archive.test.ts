// Reading an uploaded comic archive: entry names that could escape a folder, sizes that spell a
// zip bomb and files that are not pages are told apart before any page is used, and the pages
// come out in the order a reader expects. Every archive is made here with yazl.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { makeZip, markEncrypted, pageImage, type ZipEntry } from '../../../test/cbz';
import { HttpError } from '../../platform/http/errors';
import {
  compareEntryPaths,
  DEFAULT_ARCHIVE_LIMITS,
  directionOfComicInfo,
  isJunkName,
  openComicArchive,
  unsafeNameProblem,
  type ArchiveLimits,
} from './archive';

let folder: string;
let png: Buffer;
let fileCounter = 0;
const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxPages: 10 };

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'comics-archive-test-'));
  png = await pageImage(40, 60);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function archiveFile(bytes: Buffer): Promise<string> {
  const file = path.join(folder, `archive-${++fileCounter}.zip`);
  await writeFile(file, bytes);
  return file;
}

/** Opens the archive made of `entries`, answers what it found, and closes it. */
async function read(entries: ZipEntry[] | Buffer, overrides: Partial<ArchiveLimits> = {}) {
  const bytes = Buffer.isBuffer(entries) ? entries : await makeZip(entries);
  const archive = await openComicArchive(await archiveFile(bytes), { ...limits, ...overrides });
  try {
    const first = await archive.readPage(archive.pages[0]!);
    return {
      pages: archive.pages.map((page) => page.name),
      skipped: archive.skipped,
      direction: archive.direction,
      first,
    };
  } finally {
    archive.close();
  }
}

/** The refusal reading `entries` ends in. */
async function refusal(entries: ZipEntry[] | Buffer, overrides: Partial<ArchiveLimits> = {}): Promise<HttpError> {
  const error = await read(entries, overrides).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  const refused = error as HttpError;
  expect(refused.fields?.file).toEqual(expect.any(String));
  return refused;
}

const comicInfo = (manga: string) =>
  `<?xml version="1.0"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Title>T</Title><Manga>${manga}</Manga></ComicInfo>`;

describe('page order', () => {
  it('sorts names naturally, case aside, and keeps a folder’s files together', () => {
    const names = [
      'p10.png',
      'sub/p3.png',
      'P11.png',
      'p2.png',
      'p1.png',
      'a/x.png',
      'a-b.png',
      'a/y10.png',
      'a/y9.png',
    ];
    expect(names.sort(compareEntryPaths)).toEqual([
      'a/x.png',
      'a/y9.png',
      'a/y10.png',
      'a-b.png',
      'p1.png',
      'p2.png',
      'p10.png',
      'P11.png',
      'sub/p3.png',
    ]);
  });

  it('gives names the collator finds equal a fixed order', () => {
    expect(['b.png', 'B.png'].sort(compareEntryPaths)).toEqual(['B.png', 'b.png']);
    expect(['B.png', 'b.png'].sort(compareEntryPaths)).toEqual(['B.png', 'b.png']);
  });
});

describe('entry names', () => {
  it.each([
    '../evil.png',
    'pages/../../evil.png',
    '/etc/cron.d/evil',
    'C:/evil.png',
    'c:evil.png',
    'pages\\p1.png',
    'p1\u0000.png',
    '',
  ])('refuses %j', (name) => {
    expect(unsafeNameProblem(name)).toEqual(expect.any(String));
  });

  it.each(['p1.png', 'Issue 1/p01.jpg', '..p1.png', 'p1..png', 'été/p1.png'])('accepts %j', (name) => {
    expect(unsafeNameProblem(name)).toBeNull();
  });

  it('tells the files archivers and file managers leave behind', () => {
    for (const junk of [
      '__MACOSX/._p1.png',
      '.DS_Store',
      'sub/.hidden.png',
      '.git/HEAD',
      'Thumbs.db',
      'sub/desktop.ini',
    ]) {
      expect(isJunkName(junk), junk).toBe(true);
    }
    for (const page of ['p1.png', 'sub/p1.png', 'thumbs.png']) expect(isJunkName(page), page).toBe(false);
  });
});

describe('ComicInfo.xml', () => {
  it('reads right to left only from Manga=YesAndRightToLeft', () => {
    expect(directionOfComicInfo(comicInfo('YesAndRightToLeft'))).toBe('rtl');
    expect(directionOfComicInfo('\uFEFF' + comicInfo(' YesAndRightToLeft '))).toBe('rtl');
    expect(directionOfComicInfo(comicInfo('Yes'))).toBe('ltr');
    expect(directionOfComicInfo(comicInfo('No'))).toBe('ltr');
    expect(directionOfComicInfo('<ComicInfo><Title>T</Title></ComicInfo>')).toBe('ltr');
  });

  it('says nothing when malformed', () => {
    expect(directionOfComicInfo('<ComicInfo><Manga>YesAndRightToLeft</Mnga></ComicInfo>')).toBe('ltr');
    expect(directionOfComicInfo('not xml at all')).toBe('ltr');
  });
});

describe('openComicArchive', () => {
  it('finds the pages in reading order, skips the rest and reads ComicInfo.xml', async () => {
    const found = await read([
      { name: 'p10.png', data: png },
      { name: 'Thumbs.db', data: 'thumbs' },
      { name: 'sub/', data: '' },
      { name: 'sub/p3.png', data: png, compress: false },
      { name: 'p2.png', data: png },
      { name: 'ComicInfo.xml', data: comicInfo('YesAndRightToLeft') },
      { name: '__MACOSX/._p1.png', data: 'resource fork' },
      { name: 'p1.png', data: png },
      { name: 'notes.txt', data: 'scanned by nobody' },
      // A page is told by its bytes, whatever its name.
      { name: 'credits', data: png },
    ]);
    expect(found.pages).toEqual(['credits', 'p1.png', 'p2.png', 'p10.png', 'sub/p3.png']);
    expect(found.skipped).toEqual(['Thumbs.db', 'ComicInfo.xml', '__MACOSX/._p1.png', 'notes.txt']);
    expect(found.direction).toBe('rtl');
    expect(found.first.equals(png)).toBe(true);
  });

  it('reads left to right without ComicInfo.xml, and skips a malformed one', async () => {
    expect((await read([{ name: 'p1.png', data: png }])).direction).toBe('ltr');
    const malformed = await read([
      { name: 'ComicInfo.xml', data: '<ComicInfo><Manga>YesAndRightToLeft' },
      { name: 'p1.png', data: png },
    ]);
    expect(malformed).toMatchObject({ direction: 'ltr', skipped: ['ComicInfo.xml'], pages: ['p1.png'] });
  });

  it('refuses an entry whose path leaves the archive, naming it', async () => {
    for (const name of ['../evil.png', 'pages/../../evil.png', '/abs/evil.png', 'C:/evil.png', 'sub\\p1.png']) {
      const error = await refusal([
        { name: 'p1.png', data: png },
        { name, data: png },
      ]);
      expect(error.statusCode).toBe(422);
      expect(error.code).toBe(ERROR_CODES.unsafeEntry);
      expect(error.message).toContain(JSON.stringify(name));
    }
  });

  it('refuses an encrypted entry', async () => {
    const zip = markEncrypted(
      await makeZip([
        { name: 'p1.png', data: png },
        { name: 'p2.png', data: png },
      ]),
      'p2.png',
    );
    const error = await refusal(zip);
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.encryptedEntry });
    expect(error.message).toContain('"p2.png"');
  });

  it('refuses a zip bomb entry, an oversized entry and an oversized whole before reading them', async () => {
    const bomb = await refusal([
      { name: 'p1.png', data: png },
      { name: 'p2.png', data: Buffer.alloc(2 * 1024 * 1024) },
    ]);
    expect(bomb).toMatchObject({ statusCode: 422, code: ERROR_CODES.entryTooLarge });
    expect(bomb.message).toContain('"p2.png"');

    const large = await refusal([{ name: 'p1.png', data: png }], { maxEntryBytes: png.length - 1 });
    expect(large).toMatchObject({ statusCode: 422, code: ERROR_CODES.entryTooLarge });

    const total = await refusal(
      [
        { name: 'p1.png', data: png },
        { name: 'p2.png', data: png },
      ],
      { maxTotalBytes: png.length + 10 },
    );
    expect(total).toMatchObject({ statusCode: 422, code: ERROR_CODES.archiveTooLarge });
  });

  it('refuses more pages than allowed, and none at all', async () => {
    const pages = Array.from({ length: 4 }, (_, i) => ({ name: `p${i + 1}.png`, data: png }));
    expect(await refusal(pages, { maxPages: 3 })).toMatchObject({ statusCode: 422, code: ERROR_CODES.tooManyPages });
    expect((await read(pages, { maxPages: 4 })).pages).toHaveLength(4);

    expect(await refusal([{ name: 'readme.txt', data: 'no pages here' }])).toMatchObject({ code: ERROR_CODES.noPages });
    expect(await refusal([{ name: 'empty/', data: '' }])).toMatchObject({ code: ERROR_CODES.noPages });
  });

  it('refuses an entry named like an image that is not one, naming it', async () => {
    const error = await refusal([
      { name: 'p1.png', data: png },
      { name: 'p2.jpg', data: 'this is text' },
    ]);
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.notAnImage });
    expect(error.message).toContain('"p2.jpg"');
    // Bytes that start like a PNG but are no image past the signature.
    const truncated = await refusal([{ name: 'p1.png', data: png.subarray(0, 20) }]);
    expect(truncated).toMatchObject({ statusCode: 422, code: ERROR_CODES.notAnImage });
  });

  it('refuses a file that is no ZIP, or a damaged one', async () => {
    expect(await refusal(Buffer.from('just some text, not a zip'))).toMatchObject({
      statusCode: 415,
      code: ERROR_CODES.notAnArchive,
    });
    const zip = await makeZip([{ name: 'p1.png', data: png }]);
    const cutShort = await refusal(zip.subarray(0, zip.length - 30));
    expect(cutShort.statusCode).toBeGreaterThanOrEqual(400);
    expect(cutShort.statusCode).toBeLessThan(500);
  });
});
