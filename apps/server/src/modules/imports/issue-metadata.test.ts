// What the import writes for one archive: its ComicInfo.xml field by field over what its path
// says, the shop's defaults for the rest, and the archives it cannot place, in a sentence.
import { describe, expect, it } from 'vitest';
import { parseComicInfo, type ComicInfo } from './comic-info';
import { issueMetadataOf, type IssueMetadata } from './issue-metadata';

const comicInfo = (body: string): ComicInfo => {
  const info = parseComicInfo(`<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo>${body}</ComicInfo>`);
  if (info === null) throw new Error('The sample was not read as a ComicInfo.xml.');
  return info;
};

/** The metadata, failing the test with the problem when there is one. */
const metadataOf = (path: string, info: ComicInfo | null = null): IssueMetadata => {
  const metadata = issueMetadataOf({ comicInfo: info, path });
  if ('problem' in metadata) throw new Error(metadata.problem);
  return metadata;
};

const problemOf = (path: string, info: ComicInfo | null = null) => {
  const metadata = issueMetadataOf({ comicInfo: info, path });
  return 'problem' in metadata ? metadata.problem : null;
};

describe('issueMetadataOf', () => {
  it('writes a tagged archive from its ComicInfo.xml', () => {
    const info = comicInfo(`
      <Series>Monstress</Series><Number>007</Number><Title>The Blood</Title><Volume>2015</Volume>
      <Summary>Maika returns.&#10;&#10;Kippa waits.</Summary><Year>2016</Year><Month>9</Month><Day>21</Day>
      <Writer>Marjorie Liu</Writer><Penciller>Sana Takeda</Penciller><Publisher>Image</Publisher>
      <Genre>Fantasy, Horror</Genre><Tags>kaiju</Tags><LanguageISO>en</LanguageISO><Manga>Yes</Manga>
      <AgeRating>Mature 17+</AgeRating><Web>https://comicvine.gamespot.com/monstress-7/4000-549810/</Web>
      <GTIN>9781534300415</GTIN>`);
    expect(metadataOf('incoming/monstress-07.cbz', info)).toEqual({
      publisher: 'Image',
      series: 'Monstress',
      startYear: 2015,
      issueNumber: 7,
      title: 'The Blood',
      summary: 'Maika returns.\n\nKippa waits.',
      coverDate: '2016-09-21',
      credits: [
        { role: 'writer', name: 'Marjorie Liu' },
        { role: 'penciller', name: 'Sana Takeda' },
      ],
      genres: ['Fantasy', 'Horror'],
      tags: ['kaiju'],
      direction: 'ltr',
      languageIso: 'en',
      ageRating: 'Mature 17+',
      web: ['https://comicvine.gamespot.com/monstress-7/4000-549810/'],
      gtin: '9781534300415',
    } satisfies IssueMetadata);
  });

  it('writes an untagged archive from its path, with the defaults for the rest', () => {
    expect(metadataOf('Image/Saga (2012)/Saga #003 (2012).cbz')).toEqual({
      publisher: 'Image',
      series: 'Saga',
      startYear: 2012,
      issueNumber: 3,
      title: null,
      summary: null,
      coverDate: '2012',
      credits: [],
      genres: [],
      tags: [],
      direction: 'ltr',
      languageIso: null,
      ageRating: null,
      web: [],
      gtin: null,
    } satisfies IssueMetadata);
  });

  it('takes each field ComicInfo.xml gives over the path, and the path for the ones it leaves out', () => {
    const info = comicInfo('<Series>Saga</Series><Number>4</Number><Month>6</Month>');
    expect(metadataOf('Image Comics/SAGA (2012)/Saga - 004 - The Fourth (2013).cbz', info)).toMatchObject({
      publisher: 'Image Comics',
      series: 'Saga',
      startYear: 2012,
      issueNumber: 4,
      title: 'The Fourth',
      coverDate: '2013-06',
    });
  });

  it("falls back to 'Independent' when neither names a publisher", () => {
    expect(metadataOf('Saga 001.cbz').publisher).toBe('Independent');
    expect(metadataOf('Saga 001.cbz', comicInfo('<Publisher>Image</Publisher>')).publisher).toBe('Image');
  });

  describe('start year', () => {
    it("is the series folder's year first", () => {
      expect(metadataOf('Batman (2016)/Batman 001.cbz', comicInfo('<Volume>2011</Volume>')).startYear).toBe(2016);
    });

    it('else the volume when it is a year, from ComicInfo.xml or the name', () => {
      expect(metadataOf('Batman 001 (2017).cbz', comicInfo('<Volume>2016</Volume>')).startYear).toBe(2016);
      expect(metadataOf('Batman v2016 001 (2017).cbz').startYear).toBe(2016);
    });

    it("else none: not the issue's year, not a volume number", () => {
      expect(metadataOf('Batman 001 (2017).cbz').startYear).toBeNull();
      expect(metadataOf('Batman v3 001 (2017).cbz').startYear).toBeNull();
      // ComicInfo's volume 3 wins over the name's v2016, and is no year.
      expect(metadataOf('Batman v2016 001.cbz', comicInfo('<Volume>3</Volume>')).startYear).toBeNull();
    });
  });

  describe('issue number', () => {
    it.each([
      ['001', 1],
      ['1.0', 1],
      ['12', 12],
      ['0', 0],
      ['#5', 5],
      ['1000000', 1_000_000],
    ])('reads %j as %d', (number, issueNumber) => {
      expect(metadataOf('Saga.cbz', comicInfo(`<Number>${number}</Number>`)).issueNumber).toBe(issueNumber);
    });

    it('is 1 for a one-shot, which has none', () => {
      expect(metadataOf('Graphic Novel Title (2011).cbz').issueNumber).toBe(1);
      expect(metadataOf('Saga.cbz', comicInfo('<Series>Saga</Series><Number></Number>')).issueNumber).toBe(1);
    });

    it.each(['1.5', 'Annual 1', '½', '-1', '1e3', '0x10'])('refuses %j, naming it', (number) => {
      expect(problemOf('Saga.cbz', comicInfo(`<Number>${number}</Number>`))).toBe(
        `The issue number "${number}" is not a whole number.`,
      );
    });

    it('refuses a number from the name too', () => {
      expect(problemOf('Deadpool 1.5.cbz')).toBe('The issue number "1.5" is not a whole number.');
    });

    it('refuses one past a million', () => {
      expect(problemOf('Saga.cbz', comicInfo('<Number>1000001</Number>'))).toBe(
        'The issue number "1000001" is larger than 1,000,000.',
      );
    });
  });

  it('refuses an archive that names no series', () => {
    const problem = 'Neither its ComicInfo.xml nor its folder and file names say which series the archive is in.';
    expect(problemOf('001.cbz')).toBe(problem);
    expect(problemOf('#1 (2012).cbz', comicInfo('<Series> \u0007 </Series>'))).toBe(problem);
  });

  describe('cover date', () => {
    it.each([
      ['<Year>2016</Year>', '2016'],
      ['<Year>2016</Year><Month>2</Month>', '2016-02'],
      ['<Year>2016</Year><Month>2</Month><Day>29</Day>', '2016-02-29'],
      // Not a date: the day is dropped, the month kept.
      ['<Year>2017</Year><Month>2</Month><Day>29</Day>', '2017-02'],
      ['<Year>2016</Year><Day>5</Day>', '2016'],
      ['<Month>5</Month><Day>5</Day>', null],
    ])('%s is %j', (body, coverDate) => {
      expect(metadataOf('Saga 001.cbz', comicInfo(body)).coverDate).toBe(coverDate);
    });

    it("takes the year from the file's name when ComicInfo.xml has none", () => {
      expect(metadataOf('Saga 001 (2014).cbz', comicInfo('<Month>11</Month>')).coverDate).toBe('2014-11');
    });
  });

  it.each([
    ['YesAndRightToLeft', 'rtl'],
    ['Yes', 'ltr'],
    ['No', 'ltr'],
    ['Unknown', 'ltr'],
  ])('reads right to left only for Manga=YesAndRightToLeft (%s)', (manga, direction) => {
    expect(metadataOf('Berserk 001.cbz', comicInfo(`<Manga>${manga}</Manga>`)).direction).toBe(direction);
  });
});
