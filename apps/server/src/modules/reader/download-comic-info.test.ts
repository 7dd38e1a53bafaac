// A download's ComicInfo.xml from the catalogue's facts: text escaped (and characters XML cannot
// hold dropped) so the file always parses, credits joined per role in their order, the summary
// falling back to the comic's deck, and only what the shop knows written.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { downloadComicInfo } from './download-comic-info';
import type { IssueFacts } from './repository';

const facts: IssueFacts = {
  issueId: 7,
  volumeId: 3,
  issueNumber: 12,
  name: null,
  description: null,
  coverDate: '2001-02-03',
  languageIso: null,
  ageRating: 'Teen',
  volumeName: 'Tom & Jerry <Classics> "Deluxe"\u0000\u001b\ud800',
  volumeDeck: 'Cat & mouse',
  startYear: null,
  publisher: 'Dell',
  credits: [
    { role: 'editor', name: 'E. One' },
    { role: 'writer', name: 'W. One' },
    { role: 'editor', name: 'E. Two' },
  ],
  genres: ['Comedy', 'Animals'],
};
const sale = {
  purchasedAt: new Date('2024-01-02T03:04:05.000Z'),
  orderId: 99,
  username: 'Ann <admin>',
  email: 'ann@example.com',
  shop: 'https://comics.example',
};

const parse = (xml: string) =>
  (new XMLParser({ parseTagValue: false }).parse(xml) as { ComicInfo: Record<string, unknown> }).ComicInfo;

describe('downloadComicInfo', () => {
  it('writes well-formed XML whatever the text holds', () => {
    const web = 'https://comics.example/cardDetail/3?issue=7&x=1';
    const xml = downloadComicInfo({ facts, pages: [], direction: 'ltr', sale, web });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<Series>Tom &amp; Jerry &lt;Classics&gt; &quot;Deluxe&quot;</Series>');
    // eslint-disable-next-line no-control-regex -- what XML 1.0 cannot hold
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udfff]/);
    const info = parse(xml);
    expect(info.Series).toBe('Tom & Jerry <Classics> "Deluxe"');
    expect(info.Web).toBe(web);
    expect(info.Notes).toBe(
      'Sold to Ann <admin> (ann@example.com) on 2024-01-02T03:04:05.000Z by https://comics.example, order 99. ' +
        'DRM-free: please do not share.',
    );
  });

  it("joins each role's names in order, falls back to the deck, and leaves out what is not known", () => {
    const info = parse(downloadComicInfo({ facts, pages: [], direction: 'ltr', sale, web: 'https://x.example' }));
    expect(info).toMatchObject({
      Writer: 'W. One',
      Editor: 'E. One, E. Two',
      Summary: 'Cat & mouse',
      Year: '2001',
      Month: '2',
      Day: '3',
      Genre: 'Comedy, Animals',
      AgeRating: 'Teen',
      PageCount: '0',
    });
    for (const absent of ['Title', 'Volume', 'LanguageISO', 'Manga', 'Count'])
      expect(info, absent).not.toHaveProperty(absent);
  });
});
