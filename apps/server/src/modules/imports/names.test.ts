// What a path inside an import folder says about a book, for every layout readers' tools write:
// the series folder's name and year, the file's number, volume, year and title, release tags dropped.
import { describe, expect, it } from 'vitest';
import { metadataFromPath, type NameMetadata } from './names';

describe('metadataFromPath', () => {
  it.each<[string, NameMetadata]>([
    // Publisher/Series (Year)/Series #001 (Year).cbz: ComicTagger's and Mylar's folders.
    [
      'Image/Saga (2012)/Saga #001 (2012).cbz',
      { publisher: 'Image', series: 'Saga', seriesYear: 2012, number: '001', year: 2012 },
    ],
    [
      'Marvel/Ms. Marvel (2014)/Ms. Marvel #019 (2015).cbr',
      { publisher: 'Marvel', series: 'Ms. Marvel', seriesYear: 2014, number: '019', year: 2015 },
    ],
    // Deeper trees: the publisher is the folder above the series folder.
    [
      'comics/DC Comics/Batman (2016)/Batman #050 (2018) (Digital).cbz',
      { publisher: 'DC Comics', series: 'Batman', seriesYear: 2016, number: '050', year: 2018 },
    ],
    // Series (Year)/Series 001.cbz: one folder is the series, no publisher.
    ['Saga (2012)/Saga 001.cbz', { series: 'Saga', seriesYear: 2012, number: '001' }],
    // The folder names the series even when the file spells it otherwise, or not at all.
    ['The Walking Dead (2003)/TWD 100.cbz', { series: 'The Walking Dead', seriesYear: 2003, number: '100' }],
    ['Saga (2012)/001.cbz', { series: 'Saga', seriesYear: 2012, number: '001' }],
    ['Saga/Saga 001 (2012).cbz', { series: 'Saga', number: '001', year: 2012 }],
    // Flat files.
    ['Saga 001 (2019).cbz', { series: 'Saga', number: '001', year: 2019 }],
    ['Saga #12.cbr', { series: 'Saga', number: '12' }],
    ['100 Bullets 058.cbz', { series: '100 Bullets', number: '058' }],
    ['2000 AD #2150 (2019).cbz', { series: '2000 AD', number: '2150', year: 2019 }],
    // Release names: a volume, bracketed tags dropped.
    ['Series v2 012 (2016) (Digital) (Scanner-Group).cbz', { series: 'Series', volume: 2, number: '012', year: 2016 }],
    ['Batman Vol. 3 #001 (2016) [Webrip] {Empire}.cbz', { series: 'Batman', volume: 3, number: '001', year: 2016 }],
    ['Daredevil v2016 001 (of 6) (2016).cbz', { series: 'Daredevil', volume: 2016, number: '001', year: 2016 }],
    [
      'Batman (2016)/Batman v3 020 (May 2017).cbz',
      { series: 'Batman', seriesYear: 2016, volume: 3, number: '020', year: 2017 },
    ],
    ['Batman v3 (2016)/Batman 020.cbz', { series: 'Batman', seriesYear: 2016, volume: 3, number: '020' }],
    // Series - 012 - Title.
    ['Series - 012 - Title.cbz', { series: 'Series', number: '012', title: 'Title' }],
    [
      'Saga - 007 - Chapter Seven - The End (2012).cbz',
      { series: 'Saga', number: '007', title: 'Chapter Seven - The End', year: 2012 },
    ],
    ['Saga 007 - Chapter Seven.cbz', { series: 'Saga', number: '007', title: 'Chapter Seven' }],
    ['Star Wars - Darth Vader 001.cbz', { series: 'Star Wars - Darth Vader', number: '001' }],
    [
      'Spider-Man 2099 #001 Hero of Tomorrow.cbz',
      { series: 'Spider-Man 2099', number: '001', title: 'Hero of Tomorrow' },
    ],
    // A one-shot has no number.
    ['Graphic Novel Title (2011).cbz', { series: 'Graphic Novel Title', year: 2011 }],
    ['Batman - Year One (1987).pdf', { series: 'Batman - Year One', year: 1987 }],
    // Underscores and dots as spaces; a dot between digits is a number's.
    ['Saga_001.cbz', { series: 'Saga', number: '001' }],
    ['The_Walking_Dead_100_(2012).cbz', { series: 'The Walking Dead', number: '100', year: 2012 }],
    ['Saga.001.(2012).cbz', { series: 'Saga', number: '001', year: 2012 }],
    ['Invincible.v01.012.cbz', { series: 'Invincible', volume: 1, number: '012' }],
    ['Deadpool_1.5.cbz', { series: 'Deadpool', number: '1.5' }],
    ['Deadpool.1.5.cbz', { series: 'Deadpool', number: '1.5' }],
    // Numbers kept as written, whatever the import later makes of them.
    ['Avengers #½ (1999).cbz', { series: 'Avengers', number: '½', year: 1999 }],
    ['Flash #-1.cbz', { series: 'Flash', number: '-1' }],
  ])('%s', (path, metadata) => {
    expect(metadataFromPath(path)).toEqual(metadata);
  });

  it('names no series for a bare number at the top of the import folder', () => {
    expect(metadataFromPath('001.cbz')).toEqual({ series: '', number: '001' });
  });

  it('reads no year out of range, and no year from a release tag', () => {
    expect(metadataFromPath('Saga 001 (1700).cbz')).toEqual({ series: 'Saga', number: '001' });
    expect(metadataFromPath('Saga 001 (Digital-Empire).cbz')).toEqual({ series: 'Saga', number: '001' });
    expect(metadataFromPath('Saga 001 (2012) (2019 reprint) (2013).cbz')).toMatchObject({ year: 2012 });
  });

  it('ignores empty segments and "." in the path, and brackets left open', () => {
    expect(metadataFromPath('./Image//Saga (2012)/Saga 001 (2012.cbz')).toEqual({
      publisher: 'Image',
      series: 'Saga',
      seriesYear: 2012,
      number: '001',
      year: 2012,
    });
    expect(metadataFromPath('Saga) 001 [Digital.cbz')).toEqual({ series: 'Saga', number: '001' });
  });

  it('cleans and bounds what it reads', () => {
    const long = Array.from({ length: 60 }, (_, index) => `Word${index}`).join(' ');
    const read = metadataFromPath(`Pub\u0007lisher/${long} (2001)/${long} 001.cbz`);
    expect(read.publisher).toBe('Publisher');
    expect(read.series.length).toBeLessThanOrEqual(200);
    expect(read.series).toMatch(/^Word0 Word1 .* Word\d+…$/);
    expect(read).toMatchObject({ seriesYear: 2001, number: '001' });
  });
});
