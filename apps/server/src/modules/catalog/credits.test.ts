// Credits, genres, cover date, language and age rating on a comic's public answers (issue 26):
// archives with ComicInfo.xml imported as an administrator's import does (queued, converted by the
// worker), then read through GET /api/comics/{id} and its issue lists; a hand-made comic's answers
// are unchanged; and a cached answer shows a later import at once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CREDIT_ROLES } from '@comics/shared/constants';
import type { ComicDetail, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, pageImage } from '../../../test/cbz';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { creditRoles, issues, volumes } from '../../db/schema/catalog';

let t: TestApp;
let folder: string;

const comicInfo = (fields: Record<string, string | number>) =>
  `<?xml version="1.0"?>\n<ComicInfo>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('')}</ComicInfo>`;

/** Writes an archive of one page and this ComicInfo.xml, and imports it; answers the new volume's id. */
async function importArchive(name: string, info: Record<string, string | number>): Promise<number> {
  const file = path.join(folder, name);
  await writeFile(
    file,
    await makeZip([
      { name: 'page001.png', data: await pageImage(200, 300) },
      { name: 'ComicInfo.xml', data: comicInfo(info) },
    ]),
  );
  const { service, worker } = t.app.imports;
  const batchId = await service.startBatch({
    startedBy: null,
    source: 'folder',
    defaultPriceCents: 299,
    publisherPrices: {},
    dryRun: false,
    files: [{ name, location: file, sizeBytes: 1 }],
  });
  await worker.drain();
  const report = (await service.report(batchId))!;
  expect(report.files[0]?.reason ?? null).toBeNull();
  return report.files[0]!.volumeId!;
}

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.json<T>();
};

const FIRST = {
  Series: 'Paper Lanterns',
  // Its start year, so that every issue finds the same volume.
  Volume: 2019,
  Number: 1,
  Title: 'Kindling',
  Summary: 'A city that burns its letters.',
  Year: 2019,
  Month: 3,
  Day: 14,
  Publisher: 'Lantern House',
  Writer: 'Zoë Ward, Ada Brook',
  Penciller: 'Mina Okafor',
  Colorist: 'Íris Vale',
  CoverArtist: 'Mina Okafor',
  Genre: 'Fantasy, Mystery',
  LanguageISO: 'en',
  AgeRating: 'Teen',
};

let volumeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  folder = await mkdtemp(path.join(tmpdir(), 'comics-credits-'));
  volumeId = await importArchive('Paper Lanterns 001.cbz', FIRST);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("an imported comic's answers", () => {
  it('keep every field they had and add the credits, in role order then by name, and the genres', async () => {
    const comic = await get<ComicDetail>(`/api/comics/${volumeId}`);
    expect(Object.keys(comic).slice(0, 7)).toEqual([
      'id',
      'name',
      'deck',
      'start_year',
      'image',
      'publisher',
      'description',
    ]);
    expect(comic).toMatchObject({ id: volumeId, name: 'Paper Lanterns', start_year: 2019, publisher: 'Lantern House' });
    expect(comic.credits).toEqual([
      { role: 'writer', name: 'Ada Brook', issue_count: 1 },
      { role: 'writer', name: 'Zoë Ward', issue_count: 1 },
      { role: 'penciller', name: 'Mina Okafor', issue_count: 1 },
      { role: 'colorist', name: 'Íris Vale', issue_count: 1 },
      { role: 'cover_artist', name: 'Mina Okafor', issue_count: 1 },
    ]);
    expect(comic.genres).toEqual(['Fantasy', 'Mystery']);
  });

  it('give each issue its credits, genres, cover date, language, age rating and summary', async () => {
    const expected = {
      issue_number: 1,
      name: 'Kindling',
      description: '<p>A city that burns its letters.</p>',
      credits: [
        { role: 'writer', name: 'Ada Brook' },
        { role: 'writer', name: 'Zoë Ward' },
        { role: 'penciller', name: 'Mina Okafor' },
        { role: 'colorist', name: 'Íris Vale' },
        { role: 'cover_artist', name: 'Mina Okafor' },
      ],
      genres: ['Fantasy', 'Mystery'],
      cover_date: '2019-03-14',
      language_iso: 'en',
      age_rating: 'Teen',
    };
    const [rated] = await get<RatedIssue[]>(`/api/comics/issues/rating/${volumeId}`);
    expect(rated).toMatchObject({ ...expected, avgRating: null, price: 2.99, volume_id: volumeId });
    const [plain] = await get<Issue[]>(`/api/comics/issues/${volumeId}`);
    expect(plain).toMatchObject(expected);
  });

  it('show a later import at once, though the answers were cached: per person and role, with their issue count', async () => {
    await get(`/api/comics/${volumeId}`);
    await get(`/api/comics/issues/rating/${volumeId}`);
    expect(
      await importArchive('Paper Lanterns 002.cbz', {
        ...FIRST,
        Number: 2,
        Title: 'Ash',
        Writer: 'Zoë Ward',
        Penciller: 'Mina Okafor, Bea Cruz',
        Colorist: '',
        CoverArtist: '',
        Letterer: 'Tom Reyes',
        // The same genre in another case is one genre; ComicInfo's AgeRating 'Unknown' is no rating.
        Genre: 'mystery, Drama',
        AgeRating: 'Unknown',
        LanguageISO: 'es',
        Day: '',
      }),
    ).toBe(volumeId);

    const comic = await get<ComicDetail>(`/api/comics/${volumeId}`);
    expect(comic.credits).toEqual([
      { role: 'writer', name: 'Zoë Ward', issue_count: 2 },
      { role: 'writer', name: 'Ada Brook', issue_count: 1 },
      { role: 'penciller', name: 'Mina Okafor', issue_count: 2 },
      { role: 'penciller', name: 'Bea Cruz', issue_count: 1 },
      { role: 'colorist', name: 'Íris Vale', issue_count: 1 },
      { role: 'letterer', name: 'Tom Reyes', issue_count: 1 },
      { role: 'cover_artist', name: 'Mina Okafor', issue_count: 1 },
    ]);
    expect(comic.genres).toEqual(['Drama', 'Fantasy', 'Mystery']);

    const issues = await get<RatedIssue[]>(`/api/comics/issues/rating/${volumeId}`);
    expect(issues.map((issue) => issue.issue_number)).toEqual([1, 2]);
    expect(issues[1]).toMatchObject({
      credits: [
        { role: 'writer', name: 'Zoë Ward' },
        { role: 'penciller', name: 'Bea Cruz' },
        { role: 'penciller', name: 'Mina Okafor' },
        { role: 'letterer', name: 'Tom Reyes' },
      ],
      genres: ['Drama', 'mystery'],
      cover_date: '2019-03',
      language_iso: 'es',
      age_rating: null,
    });
    // The first issue's own are untouched by the second's.
    expect(issues[0]!.credits).toHaveLength(5);
  });

  it('show a changed archive of the same issue at once', async () => {
    await get(`/api/comics/${volumeId}`);
    await importArchive('Paper Lanterns 002 (revised).cbz', {
      ...FIRST,
      Number: 2,
      Title: 'Ash',
      Writer: 'Zoë Ward',
      Penciller: 'Bea Cruz',
      Genre: 'Drama',
    });
    const comic = await get<ComicDetail>(`/api/comics/${volumeId}`);
    // One issue each now, so by name.
    expect(comic.credits!.filter((credit) => credit.role === 'penciller')).toEqual([
      { role: 'penciller', name: 'Bea Cruz', issue_count: 1 },
      { role: 'penciller', name: 'Mina Okafor', issue_count: 1 },
    ]);
    expect(comic.genres).toEqual(['Drama', 'Fantasy', 'Mystery']);
  });
});

describe("a hand-made comic's answers", () => {
  it('are what they always were: no credits, genres, cover date, language or age rating', async () => {
    const comic = await get<ComicDetail>('/api/comics/773');
    expect(Object.keys(comic)).toEqual(['id', 'name', 'deck', 'start_year', 'image', 'publisher', 'description']);
    const issues = await get<RatedIssue[]>('/api/comics/issues/rating/773');
    expect(issues.length).toBeGreaterThan(0);
    const specFields = ['id', 'volume_id', 'issue_number', 'name', 'description', 'image', 'price'];
    for (const issue of issues) expect(Object.keys(issue)).toEqual([...specFields, 'avgRating']);
    for (const issue of await get<Issue[]>('/api/comics/issues/773')) expect(Object.keys(issue)).toEqual(specFields);
  });

  it('gain them once an issue has some, the unknown ones empty or null', async () => {
    const [volume] = await t.database.db
      .insert(volumes)
      .values({ name: 'Hand Made Then Dated', image: '/x.svg', publisherId: 1 })
      .returning({ id: volumes.id });
    await t.database.db.insert(issues).values([
      { volumeId: volume!.id, issueNumber: 1, image: '/x.svg', priceCents: 100, coverDate: '1999' },
      { volumeId: volume!.id, issueNumber: 2, image: '/x.svg', priceCents: 100 },
    ]);
    const [dated, bare] = await get<Issue[]>(`/api/comics/issues/${volume!.id}`);
    expect(dated).toMatchObject({ credits: [], genres: [], cover_date: '1999', language_iso: null, age_rating: null });
    expect(bare).not.toHaveProperty('cover_date');
    expect(await get<ComicDetail>(`/api/comics/${volume!.id}`)).not.toHaveProperty('credits');
  });
});

it("lists the same roles, in the same order, as the catalogue's table allows", () => {
  expect([...CREDIT_ROLES]).toEqual([...creditRoles]);
});
