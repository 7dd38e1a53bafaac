// GET /downloads/issues/:id.cbz against a real database (PGlite, and PostgreSQL when configured):
// an owner's CBZ opens with yauzl, holds every page in reading order as a JPEG (an uploaded JPEG
// byte for byte as uploaded, any other page converted) and a ComicInfo.xml valid by the schema's
// element order and watermarked with the buyer; it resumes with Range and If-Range; only buyers
// get it (administrators too are refused); and an account starts a bounded number a day.
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { CBZ_MEDIA_TYPE, downloadPath } from '@comics/shared/downloads';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { archiveForm, makeZip, pageImage } from '../../../test/cbz';
import {
  buildTestApp,
  grantPurchase,
  seededIssues,
  signedInUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers';
import { issueCredits, issues } from '../../db/schema/catalog';
import { purchases } from '../../db/schema/shop';
import { createConfiguredStorage } from '../../platform/storage/configured-storage';
import { DOWNLOADS_PER_DAY } from './download-limit';
import { issueShape } from './generated-pages';
import { pageJpegKey, pageSourceKey } from './page-keys';
import { createReaderRepository } from './repository';

type Issue = typeof issues.$inferSelect;
type User = Awaited<ReturnType<typeof signedInUser>>;

/**
 * The element sequence of ComicInfo, as schema/v2.0/ComicInfo.xsd of anansi-project/comicinfo
 * declares it (an xs:sequence: a reader validating the file wants this order).
 */
const SCHEMA_SEQUENCE = [
  'Title',
  'Series',
  'Number',
  'Count',
  'Volume',
  'AlternateSeries',
  'AlternateNumber',
  'AlternateCount',
  'Summary',
  'Notes',
  'Year',
  'Month',
  'Day',
  'Writer',
  'Penciller',
  'Inker',
  'Colorist',
  'Letterer',
  'CoverArtist',
  'Editor',
  'Publisher',
  'Imprint',
  'Genre',
  'Web',
  'PageCount',
  'LanguageISO',
  'Format',
  'BlackAndWhite',
  'Manga',
  'Characters',
  'Teams',
  'Locations',
  'ScanInformation',
  'StoryArc',
  'SeriesGroup',
  'AgeRating',
  'Pages',
  'CommunityRating',
  'MainCharacterOrTeam',
  'Review',
];

let t: TestApp;
let pool: Issue[];
let admin: User;
const storage = await createConfiguredStorage(testConfig());
const UNKNOWN = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
  pool = await seededIssues(t.database, 30);
});

/** A seeded issue no other test has touched. */
const freshIssue = (): Issue => pool.shift()!;

let generated: Issue | undefined;
/**
 * The issue with generated pages the tests download, each as buyers of their own: the seeded one
 * with the fewest pages (its first download draws and converts every page).
 */
function generatedIssue(): Issue {
  generated ??= pool.reduce((best, issue) =>
    issueShape(issue.id).pageCount < issueShape(best.id).pageCount ? issue : best,
  );
  pool = pool.filter((issue) => issue !== generated);
  return generated;
}

const download = (issueId: number, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: downloadPath(issueId), headers });

async function uploadPages(issueId: number, entries: { name: string; data: Buffer | string }[]) {
  const form = archiveForm(await makeZip(entries));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/issues/${issueId}/pages`,
    payload: form.payload,
    headers: { ...form.headers, ...admin.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every entry of a CBZ as yauzl reads it, in the archive's order, each checked against its CRC. */
async function unzip(cbz: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const zip = await yauzl.fromBufferPromise(cbz, { lazyEntries: true, validateEntrySizes: true });
  const entries = [];
  for await (const entry of zip.eachEntry()) {
    const data = await buffer(await zip.openReadStreamPromise(entry));
    expect(crc32(data), entry.fileName).toBe(entry.crc32);
    entries.push({ name: entry.fileName, data });
  }
  return entries;
}

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

interface ComicInfoPage {
  Image: string;
  Type?: string;
  ImageSize: string;
  ImageWidth: string;
  ImageHeight: string;
}

/** The ComicInfo.xml's elements, checked well-formed and in the schema's order. */
function readComicInfo(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const ordered = new XMLParser({ preserveOrder: true }).parse(xml) as Record<string, unknown>[];
  const root = ordered.find((node) => 'ComicInfo' in node)!.ComicInfo as Record<string, unknown>[];
  const names = root.map((node) => Object.keys(node).find((key) => key !== ':@')!);
  for (const name of names) expect(SCHEMA_SEQUENCE, name).toContain(name);
  const positions = names.map((name) => SCHEMA_SEQUENCE.indexOf(name));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  expect(new Set(names).size).toBe(names.length);

  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    isArray: (name) => name === 'Page',
  }).parse(xml) as { ComicInfo: Record<string, string> & { Pages: { Page: ComicInfoPage[] } } };
  return { names, info: parsed.ComicInfo };
}

/**
 * The CBZ's pages and ComicInfo, checked: pages first as 001.jpg… (`formats`: each page's, JPEG
 * unless told), each an image of that format its ComicInfo page describes.
 */
async function readCbz(cbz: Buffer, pageCount: number, formats: ('jpeg' | 'png')[] = []) {
  const entries = await unzip(cbz);
  const formatOf = (index: number) => formats[index] ?? 'jpeg';
  const names = Array.from(
    { length: pageCount },
    (_, index) => `${String(index + 1).padStart(3, '0')}.${formatOf(index) === 'jpeg' ? 'jpg' : 'png'}`,
  );
  expect(entries.map((entry) => entry.name)).toEqual([...names, 'ComicInfo.xml']);
  const { names: elements, info } = readComicInfo(entries.at(-1)!.data.toString('utf8'));
  const pages = entries.slice(0, -1);
  expect(info.PageCount).toBe(String(pageCount));
  expect(info.Pages.Page).toHaveLength(pageCount);
  for (const [index, page] of pages.entries()) {
    if (formatOf(index) === 'jpeg') expect(isJpeg(page.data), page.name).toBe(true);
    const metadata = await sharp(page.data).metadata();
    expect(metadata.format).toBe(formatOf(index));
    expect(info.Pages.Page[index]).toEqual({
      Image: String(index),
      ...(index === 0 ? { Type: 'FrontCover' } : {}),
      ImageSize: String(page.data.length),
      ImageWidth: String(metadata.width),
      ImageHeight: String(metadata.height),
    });
  }
  return { pages, info, elements };
}

async function buyer(issue: Issue) {
  const user = await signedInUser(t);
  const orderId = await grantPurchase(t.database, user.id, issue);
  const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, orderId));
  return { ...user, orderId, purchasedAt: purchase!.purchasedAt };
}

describe('GET /downloads/issues/:id.cbz', () => {
  it('gives an owner the uploaded pages as they were uploaded and a ComicInfo.xml naming them', async () => {
    const issue = freshIssue();
    const jpeg = await pageImage(400, 600, { format: 'jpeg', colour: '#aa3300' });
    const png = await pageImage(420, 630);
    const lastJpeg = await pageImage(440, 660, { format: 'jpeg' });
    await uploadPages(issue.id, [
      { name: 'p1.jpg', data: jpeg },
      { name: 'p2.png', data: png },
      { name: 'p3.jpg', data: lastJpeg },
      { name: 'ComicInfo.xml', data: '<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>' },
    ]);
    await t.database.db
      .update(issues)
      .set({ name: 'Smith & Wesson <Special>', coverDate: '1986-09', languageIso: 'en' })
      .where(eq(issues.id, issue.id));
    await t.database.db.insert(issueCredits).values([
      { issueId: issue.id, role: 'writer', name: 'Alan Moore', position: 0 },
      { issueId: issue.id, role: 'penciller', name: 'Dave Gibbons', position: 0 },
      { issueId: issue.id, role: 'writer', name: 'Len Wein', position: 1 },
    ]);
    const owner = await buyer(issue);

    const res = await download(issue.id, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(CBZ_MEDIA_TYPE);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const [volume] = await t.database.db
      .select({ volumeId: issues.volumeId })
      .from(issues)
      .where(eq(issues.id, issue.id));
    const { pages, info, elements } = await readCbz(res.rawPayload, 3, ['jpeg', 'png', 'jpeg']);

    // Every page byte for byte as uploaded, in its own format.
    expect(pages[0]!.data.equals(jpeg)).toBe(true);
    expect(pages[1]!.data.equals(png)).toBe(true);
    expect(pages[2]!.data.equals(lastJpeg)).toBe(true);

    expect(elements).not.toContain('Count');
    expect(info).toMatchObject({
      Title: 'Smith & Wesson <Special>',
      Number: String(issue.issueNumber),
      Writer: 'Alan Moore, Len Wein',
      Penciller: 'Dave Gibbons',
      Year: '1986',
      Month: '9',
      LanguageISO: 'en',
      Manga: 'YesAndRightToLeft',
      Web: `${testConfig().publicUrl}/cardDetail/${volume!.volumeId}?issue=${issue.id}`,
      Notes:
        `Sold to ${owner.username} (${owner.email}) on ${owner.purchasedAt.toISOString()} by ` +
        `${testConfig().publicUrl}, order ${owner.orderId}. DRM-free: please do not share.`,
    });
    expect(info.Series).toEqual(expect.any(String));
    expect(info.Publisher).toEqual(expect.any(String));
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="${info.Series} #${issue.issueNumber}.cbz"`,
    );
  });

  it('gives the generated pages of an issue without uploads as JPEGs, the same bytes every time', async () => {
    const issue = generatedIssue();
    const owner = await buyer(issue);
    const first = await download(issue.id, owner.headers);
    expect(first.statusCode, first.body).toBe(200);
    const pageCount = issueShape(issue.id).pageCount;
    const { pages, info } = await readCbz(first.rawPayload, pageCount);
    expect(info.Manga).toBeUndefined();
    // The widest rendition of each page, 1,920 px at most.
    for (const page of pages) expect((await sharp(page.data).metadata()).width).toBeLessThanOrEqual(1920);

    const second = await download(issue.id, owner.headers);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers HEAD with the length and validators, and no body', async () => {
    const issue = generatedIssue();
    const owner = await buyer(issue);
    const head = await download(issue.id, owner.headers, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const whole = await download(issue.id, owner.headers);
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.headers.etag).toBe(whole.headers.etag);
  });

  it('resumes with Range: the parts concatenated are the whole; a stale If-Range gets the whole; a range past the end 416', async () => {
    const issue = generatedIssue();
    const owner = await buyer(issue);
    const whole = await download(issue.id, owner.headers);
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;
    const etag = whole.headers.etag as string;

    // Cut inside a page's bytes, so the second part begins in the middle of an entry.
    const k = Math.floor(size / 2) + 7;
    const head = await download(issue.id, { ...owner.headers, range: `bytes=0-${k - 1}` });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-${k - 1}/${size}`);
    expect(head.headers['content-length']).toBe(String(k));
    const tail = await download(issue.id, { ...owner.headers, range: `bytes=${k}-`, 'if-range': etag });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${k}-${size - 1}/${size}`);
    expect(Buffer.concat([head.rawPayload, tail.rawPayload]).equals(whole.rawPayload)).toBe(true);

    const suffix = await download(issue.id, { ...owner.headers, range: 'bytes=-22' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.rawPayload.subarray(size - 22))).toBe(true);

    const stale = await download(issue.id, { ...owner.headers, range: `bytes=${k}-`, 'if-range': '"something-older"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole.rawPayload)).toBe(true);

    const past = await download(issue.id, { ...owner.headers, range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });

    // Several ranges are not served as such: the whole file.
    const several = await download(issue.id, { ...owner.headers, range: 'bytes=0-1,5-9' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(size);
  });

  it('is for owners only: 403 for another user and an administrator who did not buy it, 401 for a guest, 404 for no issue', async () => {
    const issue = generatedIssue();
    await buyer(issue);
    const stranger = await signedInUser(t);

    const notOwner = await download(issue.id, stranger.headers);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json()).toMatchObject({ code: ERROR_CODES.notOwner, error: expect.any(String) });
    const administrator = await download(issue.id, admin.headers);
    expect(administrator.statusCode).toBe(403);
    expect(administrator.json()).toMatchObject({ code: ERROR_CODES.notOwner });

    const guest = await download(issue.id);
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['www-authenticate']).toMatch(/^Basic /);

    expect((await download(UNKNOWN, stranger.headers)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/downloads/issues/abc.cbz', headers: stranger.headers })).statusCode,
    ).toBe(400);
  });

  it('counts an issue once a day however often it is fetched, whole or from any byte', async () => {
    const issue = generatedIssue();
    const owner = await buyer(issue);
    // A HEAD sends no file, so starts no download.
    expect((await download(issue.id, owner.headers, 'HEAD')).statusCode).toBe(200);
    for (let fetched = 0; fetched <= DOWNLOADS_PER_DAY; fetched++) {
      const range = fetched % 2 ? 'bytes=1-1' : 'bytes=0-0';
      const res = await download(issue.id, { ...owner.headers, range });
      expect(res.statusCode, `fetch ${fetched + 1}`).toBe(206);
    }
    expect((await download(issue.id, owner.headers)).statusCode).toBe(200);
  });

  it('breaks off a download whose file went missing, and makes it again for the next one', async () => {
    const issue = freshIssue();
    await uploadPages(issue.id, [
      { name: 'p1.png', data: await pageImage(300, 450) },
      { name: 'p2.png', data: await pageImage(320, 480) },
    ]);
    const owner = await buyer(issue);
    // Page 2 as uploaded before sources were kept: its download file is a JPEG made from its rendition.
    const { version } = (await createReaderRepository(t.database.db).findPageSet(issue.id))!;
    await storage.delete(pageSourceKey(issue.id, version, 2, 'png'));
    const whole = await download(issue.id, owner.headers);
    expect(whole.statusCode).toBe(200);
    await readCbz(whole.rawPayload, 2, ['png', 'jpeg']);
    // Its only rendition is 320 px (never enlarged).
    await storage.delete(pageJpegKey(issue.id, version, 2, 320));

    // The headers promised every byte: the answer is cut short rather than wrong.
    await expect(download(issue.id, owner.headers)).rejects.toThrow(/destroyed before completion/);
    const again = await download(issue.id, owner.headers);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(whole.rawPayload)).toBe(true);
  });

  it("removes a replaced set's page sources and converted JPEGs with its images", async () => {
    const issue = freshIssue();
    await uploadPages(issue.id, [
      { name: 'p1.jpg', data: await pageImage(300, 450, { format: 'jpeg' }) },
      { name: 'p2.png', data: await pageImage(300, 450) },
    ]);
    const owner = await buyer(issue);
    expect((await download(issue.id, owner.headers)).statusCode).toBe(200);
    const { version } = (await createReaderRepository(t.database.db).findPageSet(issue.id))!;
    // A page a reading app streamed (OPDS-PSE) is kept as a JPEG beside its rendition.
    const streamed = pageJpegKey(issue.id, version, 2, 300);
    await storage.put(streamed, await pageImage(300, 450, { format: 'jpeg' }), 'image/jpeg');
    const kept = [pageSourceKey(issue.id, version, 1), pageSourceKey(issue.id, version, 2, 'png'), streamed];
    for (const key of kept) expect(await storage.exists(key), key).toBe(true);

    await uploadPages(issue.id, [{ name: 'p1.png', data: await pageImage(300, 450) }]);
    for (const key of kept) expect(await storage.exists(key), key).toBe(false);
    const after = await download(issue.id, owner.headers);
    expect(after.statusCode).toBe(200);
    await readCbz(after.rawPayload, 1, ['png']);
  });
});
