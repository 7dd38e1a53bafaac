// Reading ComicInfo.xml as taggers write it (ComicTagger, Mylar, hand edits): every field of the
// Anansi schema the import uses, the malformations real files have, and text that is hostile or
// huge. The samples are written here, shaped like the files those tools produce.
import { describe, expect, it } from 'vitest';
import { parseComicInfo, type ComicInfo } from './comic-info';

/** A ComicInfo.xml holding `body`, with the prolog and namespaces ComicTagger and Mylar write. */
const comicInfo = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${body}\n</ComicInfo>\n`;

const parsed = (body: string): ComicInfo => {
  const info = parseComicInfo(comicInfo(body));
  if (info === null) throw new Error('The sample was not read as a ComicInfo.xml.');
  return info;
};

// As ComicTagger 1.x writes it from Comic Vine: two-space indents, Notes, a Pages list with attributes.
const COMIC_TAGGER = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Title>Chapter One</Title>
  <Series>Saga</Series>
  <Number>1</Number>
  <Count>54</Count>
  <Volume>2012</Volume>
  <Summary>When two soldiers from opposite sides of a never-ending galactic war fall in love, they risk everything to bring a fragile new life into a dangerous old universe.

Collects the first chapter &amp; more.</Summary>
  <Notes>Tagged with ComicTagger 1.5.5 using info from Comic Vine on 2023-02-11 10:21:03. [Issue ID 325467]</Notes>
  <Year>2012</Year>
  <Month>3</Month>
  <Day>14</Day>
  <Writer>Brian K. Vaughan</Writer>
  <Penciller>Fiona Staples</Penciller>
  <Inker>Fiona Staples</Inker>
  <Colorist>Fiona Staples</Colorist>
  <Letterer>Fonografiks</Letterer>
  <CoverArtist>Fiona Staples</CoverArtist>
  <Editor>Eric Stephenson, Laura Tavishati</Editor>
  <Publisher>Image</Publisher>
  <Genre>Science Fiction, Fantasy, Romance</Genre>
  <Web>https://comicvine.gamespot.com/saga-1/4000-325467/</Web>
  <PageCount>44</PageCount>
  <LanguageISO>en</LanguageISO>
  <Format>Series</Format>
  <BlackAndWhite>No</BlackAndWhite>
  <Manga>No</Manga>
  <Characters>Alana, Hazel, Marko</Characters>
  <ScanInformation>Digital (Zone-Empire)</ScanInformation>
  <AgeRating>Mature 17+</AgeRating>
  <Pages>
    <Page Image="0" ImageSize="1294371" ImageWidth="1988" ImageHeight="3056" Type="FrontCover" />
    <Page Image="1" ImageSize="938211" ImageWidth="1988" ImageHeight="3056" />
  </Pages>
</ComicInfo>`;

// As Mylar3 writes it: no namespaces, Comic Vine's HTML summary escaped, Tags and GTIN of the 2.1 draft.
const MYLAR = `<?xml version='1.0' encoding='utf-8'?>
<ComicInfo>
    <Series>The Walking Dead</Series>
    <Number>100</Number>
    <Title>Something to Fear, Part 4</Title>
    <Summary>&lt;p&gt;&lt;em&gt;Something to Fear&lt;/em&gt; continues.&lt;/p&gt;&lt;p&gt;Rick&amp;#039;s group meets Negan&amp;nbsp;&amp;mdash; and nothing is the same.&lt;/p&gt;&lt;h4&gt;List of covers&lt;/h4&gt;&lt;ul&gt;&lt;li&gt;Cover A&lt;/li&gt;&lt;li&gt;Cover B&lt;/li&gt;&lt;/ul&gt;</Summary>
    <Notes>Tagged using Mylar 0.7.6 on 2023-05-01 [CVDB248321]</Notes>
    <Year>2012</Year>
    <Month>07</Month>
    <Writer>Robert Kirkman</Writer>
    <Penciller>Charlie Adlard</Penciller>
    <Inker>Stefano Gaudiano, Charlie Adlard</Inker>
    <Colorist>Cliff Rathburn</Colorist>
    <Letterer>Rus Wooton</Letterer>
    <CoverArtist>Charlie Adlard, Cliff Rathburn</CoverArtist>
    <Editor>Sean Mackiewicz</Editor>
    <Publisher>Image</Publisher>
    <Imprint>Skybound</Imprint>
    <Genre>Horror</Genre>
    <Tags>zombies, survival</Tags>
    <Web>https://comicvine.gamespot.com/the-walking-dead-100/4000-248321/ https://www.imagecomics.com/comics/releases/the-walking-dead-100</Web>
    <PageCount>36</PageCount>
    <GTIN>7 09853 02151 9</GTIN>
</ComicInfo>`;

describe('parseComicInfo', () => {
  it('reads every field ComicTagger writes, past its byte order mark, namespaces and page list', () => {
    expect(parseComicInfo(COMIC_TAGGER)).toEqual({
      series: 'Saga',
      number: '1',
      title: 'Chapter One',
      summary:
        'When two soldiers from opposite sides of a never-ending galactic war fall in love, they risk everything to bring a fragile new life into a dangerous old universe.\n\nCollects the first chapter & more.',
      year: 2012,
      month: 3,
      day: 14,
      volume: 2012,
      count: 54,
      publisher: 'Image',
      credits: [
        { role: 'writer', name: 'Brian K. Vaughan' },
        { role: 'penciller', name: 'Fiona Staples' },
        { role: 'inker', name: 'Fiona Staples' },
        { role: 'colorist', name: 'Fiona Staples' },
        { role: 'letterer', name: 'Fonografiks' },
        { role: 'cover_artist', name: 'Fiona Staples' },
        { role: 'editor', name: 'Eric Stephenson' },
        { role: 'editor', name: 'Laura Tavishati' },
      ],
      genres: ['Science Fiction', 'Fantasy', 'Romance'],
      tags: [],
      pageCount: 44,
      languageIso: 'en',
      manga: 'No',
      ageRating: 'Mature 17+',
      web: ['https://comicvine.gamespot.com/saga-1/4000-325467/'],
    } satisfies ComicInfo);
  });

  it("reads Mylar's file: an escaped HTML summary becomes paragraphs, Tags, Imprint and GTIN are kept", () => {
    const info = parseComicInfo(MYLAR)!;
    expect(info.summary).toBe(
      "Something to Fear continues.\n\nRick's group meets Negan — and nothing is the same.\n\nList of covers\n\nCover A\n\nCover B",
    );
    expect(info).toMatchObject({ series: 'The Walking Dead', number: '100', month: 7, imprint: 'Skybound' });
    expect(info.tags).toEqual(['zombies', 'survival']);
    expect(info.gtin).toBe('709853021519');
    expect(info.web).toEqual([
      'https://comicvine.gamespot.com/the-walking-dead-100/4000-248321/',
      'https://www.imagecomics.com/comics/releases/the-walking-dead-100',
    ]);
    expect(info.credits.filter((credit) => credit.role === 'cover_artist').map((credit) => credit.name)).toEqual([
      'Charlie Adlard',
      'Cliff Rathburn',
    ]);
  });

  describe('says nothing (null) for what is not a ComicInfo.xml', () => {
    it.each([
      ['empty text', ''],
      ['plain text', 'Saga #1 by Brian K. Vaughan'],
      ['JSON (ComicBookInfo)', '{"ComicBookInfo/1.0": {"series": "Saga"}}'],
      ['the bytes of a ZIP', 'PK\u0003\u0004\u0014\u0000\u0008\u0000'],
      ['another root', '<?xml version="1.0"?><ComicBook><Series>Saga</Series></ComicBook>'],
      ['an HTML page', '<html><body><h1>Saga</h1></body></html>'],
      ['a cut-off file', '<?xml version="1.0"?>\n<ComicInfo>\n  <Series>Saga</Series>\n  <Number>1'],
      ['mismatched tags', '<ComicInfo><Series>Saga</Number></ComicInfo>'],
      ['unclosed HTML in the summary', '<ComicInfo><Series>Saga</Series><Summary>One<br>Two</Summary></ComicInfo>'],
      ['a reserved name', '<ComicInfo><__proto__><Series>Saga</Series></__proto__></ComicInfo>'],
    ])('%s', (_case, xml) => {
      expect(parseComicInfo(xml)).toBeNull();
    });
  });

  it('reads an empty ComicInfo as one that says nothing', () => {
    expect(parseComicInfo('<ComicInfo/>')).toEqual({ credits: [], genres: [], tags: [], web: [] });
  });

  it('reads past leading whitespace before the prolog, and a namespace prefix', () => {
    expect(parseComicInfo('\n\n  <?xml version="1.0"?>\n<ComicInfo><Series>Saga</Series></ComicInfo>')?.series).toBe(
      'Saga',
    );
    expect(parseComicInfo('<ci:ComicInfo xmlns:ci="urn:x"><ci:Series>Saga</ci:Series></ci:ComicInfo>')?.series).toBe(
      'Saga',
    );
  });

  it('leaves out empty, blank and nil elements, and takes the first of repeated ones', () => {
    const info = parsed(
      '<Series>Saga</Series><Series>Other</Series><Title/><Number>   </Number><Summary xsi:nil="true" /><Writer></Writer><Year></Year>',
    );
    expect(info).toEqual({ series: 'Saga', credits: [], genres: [], tags: [], web: [] });
    expect('title' in info).toBe(false);
  });

  describe('text', () => {
    it("decodes XML's entities and numeric references once, and HTML's common names (a no-break space is whitespace)", () => {
      const info = parsed(
        '<Title>Tom &amp; Jerry &lt;3 &quot;quoted&quot; &apos;s &#233;t&#xE9; &#x1F4A5; &amp;lt;kept&amp;gt;&nbsp;end</Title>',
      );
      expect(info.title).toBe('Tom & Jerry <3 "quoted" \'s été 💥 &lt;kept&gt; end');
    });

    it('drops references to no character, and leaves unknown names and bare ampersands as text', () => {
      expect(parsed('<Title>a&#0;b&#xD800;c&#x110000;d &unknown; e</Title>').title).toBe('abcd &unknown; e');
      expect(parseComicInfo('<ComicInfo><Series>Batman & Robin</Series></ComicInfo>')?.series).toBe('Batman & Robin');
    });

    it('keeps CDATA as written', () => {
      expect(parsed('<Title><![CDATA[Fish & Chips <Deluxe> &amp;]]></Title>').title).toBe(
        'Fish & Chips <Deluxe> &amp;',
      );
    });

    it('removes control characters and bidirectional overrides, and collapses whitespace', () => {
      const info = parsed(
        '<Series>  The\tWalking\u0007 &#x202E;Dead&#x202C;\n\n  </Series><Publisher>Image&#x1b;[31m Comics</Publisher>',
      );
      expect(info.series).toBe('The Walking Dead');
      expect(info.publisher).toBe('Image[31m Comics');
    });

    it('keeps the number as written, trimmed', () => {
      expect(parsed('<Number> 001 </Number>').number).toBe('001');
      expect(parsed('<Number>Annual 1</Number>').number).toBe('Annual 1');
      expect(parsed('<Number>&#189;</Number>').number).toBe('½');
    });

    it('bounds the series and the title, cutting at a word', () => {
      const words = Array.from({ length: 100 }, (_, index) => `word${index}`).join(' ');
      const info = parsed(`<Series>${words}</Series><Title>${words} ${words}</Title>`);
      expect(info.series!.length).toBeLessThanOrEqual(200);
      expect(info.series).toMatch(/ word\d+…$/);
      expect(words.startsWith(info.series!.slice(0, -1))).toBe(true);
      expect(info.title!.length).toBeLessThanOrEqual(300);
      expect(info.title).toMatch(/ word\d+…$/);
    });
  });

  describe('summary', () => {
    it('keeps paragraph breaks and collapses the rest of the whitespace', () => {
      const info = parsed('<Summary>  First   paragraph,\r\nstill.\r\n\r\n\r\n   Second\t paragraph.  </Summary>');
      expect(info.summary).toBe('First paragraph,\n\nstill.\n\nSecond paragraph.');
    });

    it('reads HTML written unescaped, without scripts, styles or comments', () => {
      const info = parsed(
        '<Summary><p>One <b>bold</b> line.</p><!-- tagger note --><script>alert("x")</script><style>p{}</style><p>Two&amp;three<br/>four</p></Summary>',
      );
      expect(info.summary).toBe('One bold line.\n\nTwo&three\n\nfour');
    });

    it('reads HTML written in CDATA, and keeps a lone "<" of plain text', () => {
      expect(parsed('<Summary><![CDATA[<p>A &amp; B</p><div>C</div>]]></Summary>').summary).toBe('A & B\n\nC');
      expect(parsed('<Summary>1 &lt; 2, and 3 &gt; 2.</Summary>').summary).toBe('1 < 2, and 3 > 2.');
    });

    it('keeps escaped markup in HTML as text', () => {
      expect(parsed('<Summary>&lt;p&gt;Use &amp;lt;b&amp;gt; for bold.&lt;/p&gt;</Summary>').summary).toBe(
        'Use <b> for bold.',
      );
    });

    it('cuts a 2 MB summary to 10 000 characters at a word, quickly', () => {
      const paragraph = `${'A long story told at length, '.repeat(40)}and so on.`;
      const huge = Array.from({ length: Math.ceil((2 * 1024 * 1024) / paragraph.length) }, () => paragraph).join(
        '&lt;br&gt;&lt;br&gt;',
      );
      expect(huge.length).toBeGreaterThan(2 * 1024 * 1024);
      const started = performance.now();
      const info = parsed(`<Summary>${huge}</Summary><Series>Saga</Series>`);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(info.series).toBe('Saga');
      expect(info.summary!.length).toBeLessThanOrEqual(10_000);
      expect(info.summary!.length).toBeGreaterThan(9_000);
      expect(info.summary).toMatch(/^A long story told at length, /);
      expect(info.summary).toMatch(/\S…$/);
      expect(info.summary).toContain('and so on.\n\nA long story');
    });
  });

  describe('numbers', () => {
    it('keeps integers in range', () => {
      expect(
        parsed('<Year>1938</Year><Month>6</Month><Day>31</Day><PageCount>100000</PageCount><Volume>3</Volume>'),
      ).toMatchObject({ year: 1938, month: 6, day: 31, pageCount: 100_000, volume: 3 });
    });

    it.each([
      ['Year', '1799'],
      ['Year', '2201'],
      ['Year', '2012.5'],
      ['Year', '-1'],
      ['Month', '0'],
      ['Month', '13'],
      ['Month', 'March'],
      ['Day', '32'],
      ['PageCount', '0'],
      ['PageCount', '100001'],
      ['Count', '-1'],
      ['Volume', '-1'],
      ['Year', '99999999999999999999'],
    ])('leaves out %s %s', (element, value) => {
      const info = parsed(`<${element}>${value}</${element}>`);
      const field = {
        Year: 'year',
        Month: 'month',
        Day: 'day',
        PageCount: 'pageCount',
        Count: 'count',
        Volume: 'volume',
      }[element]!;
      expect(field in info).toBe(false);
    });
  });

  describe('credits', () => {
    it('splits names at commas, trims them, and drops repeats within a role (case aside), not across roles', () => {
      const info = parsed(
        '<Writer> Kieron Gillen ,Jamie McKelvie,, kieron gillen, Kieron  Gillen</Writer><Penciller>Jamie McKelvie</Penciller>',
      );
      expect(info.credits).toEqual([
        { role: 'writer', name: 'Kieron Gillen' },
        { role: 'writer', name: 'Jamie McKelvie' },
        { role: 'penciller', name: 'Jamie McKelvie' },
      ]);
    });

    it('keeps at most 50 names a role, each at most 200 characters', () => {
      const names = Array.from({ length: 70 }, (_, index) => `Artist ${index}`).join(', ');
      const long = `${'Very '.repeat(60)}Long Name`;
      const info = parsed(`<Colorist>${names}</Colorist><Letterer>${long}</Letterer>`);
      const colorists = info.credits.filter((credit) => credit.role === 'colorist');
      expect(colorists).toHaveLength(50);
      expect(colorists.at(-1)?.name).toBe('Artist 49');
      const letterer = info.credits.find((credit) => credit.role === 'letterer')!;
      expect(letterer.name.length).toBeLessThanOrEqual(200);
      expect(letterer.name).toMatch(/^Very Very .*Very…$/);
    });
  });

  it('splits genres and tags, at most 30 and 50', () => {
    const many = (prefix: string) => Array.from({ length: 80 }, (_, index) => `${prefix} ${index}`).join(',');
    const info = parsed(`<Genre>${many('genre')}</Genre><Tags>${many('tag')}</Tags>`);
    expect(info.genres).toHaveLength(30);
    expect(info.tags).toHaveLength(50);
    expect(parsed('<Genre>Horror, , horror ,Drama</Genre>').genres).toEqual(['Horror', 'Drama']);
  });

  it('keeps only the http(s) addresses of Web', () => {
    const info = parsed(
      '<Web>https://comicvine.gamespot.com/a/ javascript:alert(1) ftp://files.example/x http://example.com/b?q=1&amp;r=2 https:// not-an-address HTTPS://EXAMPLE.org/C http://[bad</Web>',
    );
    expect(info.web).toEqual([
      'https://comicvine.gamespot.com/a/',
      'http://example.com/b?q=1&r=2',
      'https://example.org/C',
    ]);
  });

  it.each([
    ['YesAndRightToLeft', 'YesAndRightToLeft'],
    [' yesandrighttoleft ', 'YesAndRightToLeft'],
    ['Yes', 'Yes'],
    ['No', 'No'],
    ['Unknown', 'Unknown'],
    ['Sometimes', undefined],
  ])('reads Manga %j as %j', (written, manga) => {
    expect(parsed(`<Manga>${written}</Manga>`).manga).toBe(manga);
  });

  it.each([
    ['en', 'en'],
    ['EN-us', 'en-US'],
    ['pt_BR', 'pt-BR'],
    ['zh-Hant', 'zh-Hant'],
    ['English', undefined],
    ['e', undefined],
    ['en--', undefined],
  ])('reads LanguageISO %j as %j', (written, language) => {
    expect(parsed(`<LanguageISO>${written}</LanguageISO>`).languageIso).toBe(language);
  });

  it.each([
    ['Mature 17+', 'Mature 17+'],
    ['mature 17+', 'Mature 17+'],
    ['Unknown', undefined],
    ['All Ages', 'All Ages'],
  ])('reads AgeRating %j as %j', (written, rating) => {
    expect(parsed(`<AgeRating>${written}</AgeRating>`).ageRating).toBe(rating);
  });

  it.each([
    ['978-1-60706-601-9', '9781607066019'],
    ['0-306-40615-X', '030640615X'],
    ['12345670', '12345670'],
    ['123', undefined],
    ['ISBN 978', undefined],
  ])('reads GTIN %j as %j', (written, gtin) => {
    expect(parsed(`<GTIN>${written}</GTIN>`).gtin).toBe(gtin);
  });
});
