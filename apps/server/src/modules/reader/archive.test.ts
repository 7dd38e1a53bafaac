// Reading an uploaded comic archive, CBZ (ZIP) or CBR (RAR 4 and RAR 5): entry names that could
// escape a folder, sizes that spell a zip bomb and files that are not pages are told apart before
// any page is used, and the pages come out in the order a reader expects, the same whatever the
// format. A PDF's pages are drawn as images, in its order. Every archive is made here: ZIPs with
// yazl, RARs with test/rar.ts, PDFs with test/pdf.ts.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { makeZip, markEncrypted, pageImage } from '../../../test/cbz';
import { makePdf, type PdfPage } from '../../../test/pdf';
import { makeRar, makeRar5, type RarEntry } from '../../../test/rar';
import { HttpError } from '../../platform/http/errors';
import {
  compareEntryPaths,
  DEFAULT_ARCHIVE_LIMITS,
  directionOfComicInfo,
  isJunkName,
  MAX_ENTRIES,
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

/** An entry any format can write: `compress` is the ZIP's choice, `encrypted` only flags it. */
interface TestEntry {
  name: string;
  data: Buffer | string;
  compress?: boolean;
  encrypted?: boolean;
}

interface Format {
  name: string;
  make(entries: TestEntry[]): Promise<Buffer>;
  /** An entry that declares `size` bytes unpacked from far fewer packed: a zip bomb's shape. */
  bomb(name: string, size: number): TestEntry & RarEntry;
  /** Names that leave the folder, each with the name the refusal quotes. */
  unsafeNames: Array<[stored: string, quoted: string]>;
}

const leavingNames: Array<[string, string]> = [
  ['../evil.png', '../evil.png'],
  ['pages/../../evil.png', 'pages/../../evil.png'],
  ['/abs/evil.png', '/abs/evil.png'],
  ['C:/evil.png', 'C:/evil.png'],
];

const zipFormat: Format = {
  name: 'CBZ (ZIP)',
  async make(entries) {
    const zip = await makeZip(entries);
    return entries.filter((entry) => entry.encrypted).reduce((bytes, entry) => markEncrypted(bytes, entry.name), zip);
  },
  // Deflated zeros shrink a thousandfold.
  bomb: (name, size) => ({ name, data: Buffer.alloc(size) }),
  unsafeNames: [...leavingNames, ['sub\\p1.png', 'sub\\p1.png']],
};

const rarFormat = (version: 4 | 5): Format => ({
  name: `CBR (RAR ${version})`,
  make: async (entries) => (version === 4 ? makeRar : makeRar5)(entries),
  // Stored bytes under a header that declares them compressed from far more.
  bomb: (name, size) => ({ name, data: png, declared: { method: 3, unpackedSize: size } }),
  unsafeNames:
    version === 4
      ? // RAR 4 separates folders with '\', which unrar reads as '/': it is the '..' that is refused.
        [...leavingNames, ['sub\\..\\..\\evil.png', 'sub/../../evil.png']]
      : // RAR 5 separates folders with '/': a '\' in a Unix name is part of the name.
        [...leavingNames, ['sub\\p1.png', 'sub\\p1.png']],
});

const FORMATS = [zipFormat, rarFormat(4), rarFormat(5)];

/** Writes `bytes` to a file whose name says nothing of its format: only its bytes may tell. */
async function archiveFile(bytes: Buffer, name = `upload-${++fileCounter}`): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return file;
}

/** Opens the archive at `file`, answers what it found, and closes it. */
async function readFile(file: string, overrides: Partial<ArchiveLimits> = {}) {
  const archive = await openComicArchive(file, { ...limits, ...overrides });
  try {
    const first = await archive.readPage(archive.pages[0]!);
    return {
      pages: archive.pages.map((page) => page.name),
      skipped: archive.skipped,
      direction: archive.direction,
      comicInfo: archive.comicInfo,
      first,
    };
  } finally {
    archive.close();
  }
}

const read = async (bytes: Buffer, overrides: Partial<ArchiveLimits> = {}) =>
  readFile(await archiveFile(bytes), overrides);

/** The refusal reading `bytes` ends in. */
async function refusal(bytes: Buffer, overrides: Partial<ArchiveLimits> = {}): Promise<HttpError> {
  const error = await read(bytes, overrides).then(
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

describe.each(FORMATS)('openComicArchive, $name', (format) => {
  it('finds the pages in reading order, skips the rest and reads ComicInfo.xml', async () => {
    const found = await read(
      await format.make([
        { name: 'p10.png', data: png },
        { name: 'Thumbs.db', data: 'thumbs' },
        { name: 'sub/', data: '' },
        { name: 'sub/p3.png', data: png, compress: false },
        { name: 'p2.png', data: png },
        { name: 'ComicInfo.xml', data: '\uFEFF' + comicInfo('YesAndRightToLeft') },
        { name: '__MACOSX/._p1.png', data: 'resource fork' },
        { name: 'p1.png', data: png },
        { name: 'notes.txt', data: 'scanned by nobody' },
        // A page is told by its bytes, whatever its name.
        { name: 'credits', data: png },
      ]),
    );
    expect(found.pages).toEqual(['credits', 'p1.png', 'p2.png', 'p10.png', 'sub/p3.png']);
    expect(found.skipped).toEqual(['Thumbs.db', 'ComicInfo.xml', '__MACOSX/._p1.png', 'notes.txt']);
    expect(found.direction).toBe('rtl');
    expect(found.comicInfo).toBe(comicInfo('YesAndRightToLeft'));
    expect(found.first.equals(png)).toBe(true);
  });

  it('reads left to right without ComicInfo.xml, and skips a malformed one', async () => {
    expect(await read(await format.make([{ name: 'p1.png', data: png }]))).toMatchObject({
      direction: 'ltr',
      comicInfo: null,
    });
    const malformed = await read(
      await format.make([
        { name: 'ComicInfo.xml', data: '<ComicInfo><Manga>YesAndRightToLeft' },
        { name: 'p1.png', data: png },
      ]),
    );
    expect(malformed).toMatchObject({
      direction: 'ltr',
      comicInfo: '<ComicInfo><Manga>YesAndRightToLeft',
      skipped: ['ComicInfo.xml'],
      pages: ['p1.png'],
    });
  });

  it('reads every page when asked, in any order, each its own bytes', async () => {
    const pages = await Promise.all(['#c03030', '#30c030', '#3030c0'].map((colour) => pageImage(30, 45, { colour })));
    const file = await archiveFile(
      await format.make([
        { name: 'c.png', data: pages[2]! },
        { name: 'a.png', data: pages[0]! },
        { name: 'b.png', data: pages[1]! },
      ]),
    );
    const archive = await openComicArchive(file, limits);
    try {
      expect(archive.pages.map((page) => page.name)).toEqual(['a.png', 'b.png', 'c.png']);
      const [third, first, second] = await Promise.all([2, 0, 1].map((i) => archive.readPage(archive.pages[i]!)));
      expect([first, second, third].map((bytes, i) => bytes!.equals(pages[i]!))).toEqual([true, true, true]);
      // A page's object is what reads it: a look-alike is no page of this archive.
      await expect(archive.readPage({ name: 'a.png' })).rejects.toThrow();
    } finally {
      archive.close();
    }
  });

  it('reads two entries of the same name as two pages, each its own bytes', async () => {
    const [red, blue] = await Promise.all(['#c03030', '#3030c0'].map((colour) => pageImage(30, 45, { colour })));
    const file = await archiveFile(
      await format.make([
        { name: 'p1.png', data: red! },
        { name: 'p1.png', data: blue! },
      ]),
    );
    const archive = await openComicArchive(file, limits);
    try {
      expect(archive.pages.map((page) => page.name)).toEqual(['p1.png', 'p1.png']);
      expect((await archive.readPage(archive.pages[1]!)).equals(blue!)).toBe(true);
      expect((await archive.readPage(archive.pages[0]!)).equals(red!)).toBe(true);
    } finally {
      archive.close();
    }
  });

  it('refuses an entry whose path leaves the archive, naming it', async () => {
    for (const [name, quoted] of format.unsafeNames) {
      const error = await refusal(
        await format.make([
          { name: 'p1.png', data: png },
          { name, data: png },
        ]),
      );
      expect(error.statusCode, name).toBe(422);
      expect(error.code, name).toBe(ERROR_CODES.unsafeEntry);
      expect(error.message, name).toContain(JSON.stringify(quoted));
    }
  });

  it('refuses an encrypted entry', async () => {
    const error = await refusal(
      await format.make([
        { name: 'p1.png', data: png },
        { name: 'p2.png', data: png, encrypted: true },
      ]),
    );
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.encryptedEntry });
    expect(error.message).toContain('"p2.png"');
  });

  it('refuses a zip bomb entry, an oversized entry and an oversized whole before reading them', async () => {
    const bomb = await refusal(
      await format.make([{ name: 'p1.png', data: png }, format.bomb('p2.png', 2 * 1024 * 1024)]),
    );
    expect(bomb).toMatchObject({ statusCode: 422, code: ERROR_CODES.entryTooLarge });
    expect(bomb.message).toContain('"p2.png"');

    const large = await refusal(await format.make([{ name: 'p1.png', data: png }]), { maxEntryBytes: png.length - 1 });
    expect(large).toMatchObject({ statusCode: 422, code: ERROR_CODES.entryTooLarge });

    const total = await refusal(
      await format.make([
        { name: 'p1.png', data: png },
        { name: 'p2.png', data: png },
      ]),
      { maxTotalBytes: png.length + 10 },
    );
    expect(total).toMatchObject({ statusCode: 422, code: ERROR_CODES.archiveTooLarge });
  });

  it(`refuses more than ${MAX_ENTRIES} entries, pages or not`, async () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: i === 0 ? 'p.png' : `notes/${i}.txt`,
        data: i === 0 ? png : '',
      }));
    const error = await refusal(await format.make(entries(MAX_ENTRIES + 1)));
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.tooManyEntries });
    expect((await read(await format.make(entries(MAX_ENTRIES)))).pages).toEqual(['p.png']);
  });

  it('refuses more pages than allowed, and none at all', async () => {
    const pages = Array.from({ length: 4 }, (_, i) => ({ name: `p${i + 1}.png`, data: png }));
    expect(await refusal(await format.make(pages), { maxPages: 3 })).toMatchObject({
      statusCode: 422,
      code: ERROR_CODES.tooManyPages,
    });
    expect((await read(await format.make(pages), { maxPages: 4 })).pages).toHaveLength(4);

    expect(await refusal(await format.make([{ name: 'readme.txt', data: 'no pages here' }]))).toMatchObject({
      code: ERROR_CODES.noPages,
    });
    expect(await refusal(await format.make([{ name: 'empty/', data: '' }]))).toMatchObject({
      code: ERROR_CODES.noPages,
    });
  });

  it('refuses an entry named like an image that is not one, naming it', async () => {
    const error = await refusal(
      await format.make([
        { name: 'p1.png', data: png },
        { name: 'p2.jpg', data: 'this is text' },
      ]),
    );
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.notAnImage });
    expect(error.message).toContain('"p2.jpg"');
    // Bytes that start like a PNG but are no image past the signature.
    const truncated = await refusal(await format.make([{ name: 'p1.png', data: png.subarray(0, 20) }]));
    expect(truncated).toMatchObject({ statusCode: 422, code: ERROR_CODES.notAnImage });
  });

  it('refuses a damaged archive', async () => {
    const archive = await format.make([{ name: 'p1.png', data: png }]);
    const cutShort = await refusal(archive.subarray(0, archive.length - 30));
    expect(cutShort.statusCode).toBeGreaterThanOrEqual(400);
    expect(cutShort.statusCode).toBeLessThan(500);
  });
});

describe('openComicArchive, any format', () => {
  it('refuses a file that is no archive it reads, saying which are', async () => {
    for (const bytes of [
      Buffer.from('just some text, not a zip'),
      png,
      Buffer.from('Rar!\x1a\x07\x02\x00', 'latin1'),
    ]) {
      const error = await refusal(bytes);
      expect(error).toMatchObject({ statusCode: 415, code: ERROR_CODES.notAnArchive });
      expect(error.message).toMatch(/CBZ.*CBR/);
    }
  });

  it('tells the format by the first bytes, whatever the file is called', async () => {
    const entries = [{ name: 'p1.png', data: png }];
    for (const [bytes, name] of [
      [makeRar(entries), 'issue.cbz'],
      [makeRar5(entries), 'issue.zip'],
      [await makeZip(entries), 'issue.cbr'],
    ] as const) {
      expect((await readFile(await archiveFile(bytes, `${++fileCounter}-${name}`))).pages).toEqual(['p1.png']);
    }
    // A RAR 5 signature is read as RAR: what follows it is damaged, not some other kind of file.
    const rar5 = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(64, 0x33)]);
    expect(await refusal(rar5)).toMatchObject({ statusCode: 422, code: ERROR_CODES.damagedArchive });
  });
});

describe.each([
  { version: 4, make: makeRar },
  { version: 5, make: makeRar5 },
])('openComicArchive, RAR $version only', ({ make }) => {
  // Made when a test runs: the page image is drawn before the tests, after this is collected.
  const pages = () => [
    { name: 'p1.png', data: png },
    { name: 'p2.png', data: png },
  ];

  it('refuses an archive whose headers are encrypted', async () => {
    const error = await refusal(make(pages(), { encryptedHeaders: true }));
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.encryptedEntry });
    expect(error.message).toBe('The archive is encrypted.');
  });

  it('refuses a solid archive and a volume of a multi-volume one, which cannot be read a page at a time', async () => {
    const solid = await refusal(make(pages(), { solid: true }));
    expect(solid).toMatchObject({ statusCode: 422, code: ERROR_CODES.unsupportedArchive });
    expect(solid.message).toMatch(/solid.*one at a time/);
    const volume = await refusal(make(pages(), { volume: true }));
    expect(volume).toMatchObject({ statusCode: 422, code: ERROR_CODES.unsupportedArchive });
    expect(volume.message).toMatch(/multi-volume/);
  });

  it('refuses an entry that continues in a volume never sent, and reads the next archive as before', async () => {
    const error = await refusal(make([pages()[0]!, { name: 'p2.png', data: png, continuesInNextVolume: true }]));
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.unreadableEntry });
    expect(error.message).toContain('"p2.png"');
    expect((await read(make(pages()))).pages).toEqual(['p1.png', 'p2.png']);
  });

  it('reads two archives at once, each its own pages, and leaves no unpacked file behind', async () => {
    const [red, blue] = await Promise.all(['#c03030', '#3030c0'].map((colour) => pageImage(30, 45, { colour })));
    const redFile = await archiveFile(
      make([
        { name: 'p1.png', data: red! },
        { name: 'p2.png', data: red! },
      ]),
    );
    const blueFile = await archiveFile(
      make([
        { name: 'p1.png', data: blue! },
        { name: 'p2.png', data: blue! },
      ]),
    );
    // The reader unpacks under the system's temporary folder: this test's own, to look into.
    const temporary = await mkdtemp(path.join(folder, 'tmp-'));
    const systemTemporary = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      const [reds, blues] = await Promise.all([openComicArchive(redFile, limits), openComicArchive(blueFile, limits)]);
      try {
        expect(await readdir(temporary)).toHaveLength(2);
        const read = await Promise.all(
          [reds, blues, reds, blues].map((archive, i) => archive.readPage(archive.pages[i >> 1]!)),
        );
        expect(read.map((bytes) => (bytes.equals(red!) ? 'red' : bytes.equals(blue!) ? 'blue' : 'other'))).toEqual([
          'red',
          'blue',
          'red',
          'blue',
        ]);
        // Each page's file is removed once read.
        for (const unpackFolder of await readdir(temporary)) {
          expect(await readdir(path.join(temporary, unpackFolder))).toEqual([]);
        }
      } finally {
        reds.close();
        blues.close();
      }
      await expect.poll(() => readdir(temporary)).toEqual([]);
    } finally {
      if (systemTemporary === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTemporary;
    }
  });
});

describe('openComicArchive, RAR 5 only', () => {
  it('refuses an entry that asks for a larger dictionary than it may use, before unpacking anything', async () => {
    const error = await refusal(
      makeRar5([
        { name: 'p1.png', data: png },
        { name: 'p2.png', data: png, declared: { method: 3, dictionaryLog: 13 } },
      ]),
    );
    expect(error).toMatchObject({ statusCode: 422, code: ERROR_CODES.unsupportedArchive });
    expect(error.message).toContain('1024 MB');
  });
});

describe('openComicArchive, PDF', () => {
  const pdfPages: PdfPage[] = [
    { width: 600, height: 900, colour: [200, 30, 30], text: 'Page one' },
    { width: 900, height: 600, colour: [30, 160, 40] },
    { width: 600, height: 900, colour: [40, 50, 190] },
  ];

  /** The size, format and middle pixel of an image. */
  async function drawn(bytes: Buffer) {
    const { width, height, format } = await sharp(bytes).metadata();
    const middle = await sharp(bytes)
      .extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    return { width, height, format, middle: [...middle] };
  }

  const near = (colour: readonly number[]) => colour.map((value) => expect.closeTo(value, -1.2));

  it('draws each page 1920 px wide as a JPEG, in the PDF’s order, whatever the file is called', async () => {
    // The reader draws into a private folder under the system's temporary one: this test's own.
    const temporary = await mkdtemp(path.join(folder, 'tmp-'));
    const systemTemporary = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    // Only the reader's: tsx, running the helper from its source, keeps a cache there too.
    const drawings = async () => (await readdir(temporary)).filter((name) => name.startsWith('comics-pdf-'));
    try {
      const archive = await openComicArchive(
        await archiveFile(makePdf(pdfPages), `${++fileCounter}-issue.cbz`),
        limits,
      );
      try {
        expect(archive.pages.map((page) => page.name)).toEqual(['page-0001.jpg', 'page-0002.jpg', 'page-0003.jpg']);
        expect(archive).toMatchObject({ skipped: [], direction: 'ltr', comicInfo: null });
        const read = await Promise.all([2, 0, 1].map((i) => archive.readPage(archive.pages[i]!)));
        expect(await Promise.all(read.map(drawn))).toEqual([
          { width: 1920, height: 2880, format: 'jpeg', middle: near(pdfPages[2]!.colour) },
          { width: 1920, height: 2880, format: 'jpeg', middle: near(pdfPages[0]!.colour) },
          { width: 1920, height: 1280, format: 'jpeg', middle: near(pdfPages[1]!.colour) },
        ]);
        // Each page was drawn once, when the archive was checked, and kept until it is closed.
        const [drawing] = await drawings();
        expect((await readdir(path.join(temporary, drawing!))).sort()).toEqual(['1.jpg', '2.jpg', '3.jpg']);
      } finally {
        archive.close();
      }
      await expect.poll(drawings).toEqual([]);
    } finally {
      if (systemTemporary === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = systemTemporary;
    }
  });

  it('refuses a PDF with a password, with no pages, damaged, with too many pages or a page too long to draw', async () => {
    const pdf = makePdf(pdfPages);
    const [encrypted, empty, damaged, tooMany, tooLong] = await Promise.all([
      refusal(makePdf(pdfPages, { encrypted: true })),
      refusal(makePdf([])),
      refusal(pdf.subarray(0, pdf.indexOf('2 0 obj'))),
      refusal(pdf, { maxPages: 2 }),
      refusal(makePdf([pdfPages[0]!, { width: 100, height: 20_000, colour: [0, 0, 0] }])),
    ]);
    expect(encrypted).toMatchObject({ statusCode: 422, code: ERROR_CODES.encryptedEntry });
    expect(encrypted.message).toMatch(/password/);
    expect(empty).toMatchObject({ statusCode: 422, code: ERROR_CODES.noPages, message: 'The PDF has no pages.' });
    expect(damaged).toMatchObject({ statusCode: 422, code: ERROR_CODES.damagedArchive });
    expect(damaged.message).toMatch(/^The PDF is damaged/);
    expect(tooMany).toMatchObject({ statusCode: 422, code: ERROR_CODES.tooManyPages });
    expect(tooLong).toMatchObject({ statusCode: 422, code: ERROR_CODES.entryTooLarge });
    expect(tooLong.message).toContain('"page-0002.jpg"');
  });
});
