// What an imported archive's ComicInfo.xml says about its book (the Anansi Project's schema 2.0,
// plus Tags and GTIN from the 2.1 draft, which taggers already write), read as untrusted text:
// every field cleaned and bounded, numbers kept only in range, so the import can store what it
// gets. A file that is not XML, or not a ComicInfo, says nothing (null); a field that makes no
// sense is absent, and the rest of the file still counts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { cleanLine, cleanList, cleanParagraphs } from './clean-text';
import { htmlToText, looksLikeHtml } from './html-text';
import { xmlElementText } from './xml-text';
import type { CreditRole } from '../catalog/importing';

/** The roles the catalogue keeps credits under (db/schema/catalog.ts). */
export type { CreditRole };

export interface Credit {
  role: CreditRole;
  name: string;
}

export const MANGA_VALUES = ['Unknown', 'No', 'Yes', 'YesAndRightToLeft'] as const;
export type Manga = (typeof MANGA_VALUES)[number];

/** A ComicInfo.xml's fields; one absent when the file leaves it out or gives nothing usable. */
export interface ComicInfo {
  series?: string;
  /** As written (trimmed): '001', '1.5', 'Annual 1'; whether it is a usable issue number is the import's call. */
  number?: string;
  title?: string;
  /** Plain text, paragraphs separated by a blank line. */
  summary?: string;
  year?: number;
  month?: number;
  day?: number;
  /** A volume number (2) or the volume's start year (2016): the schema allows both. */
  volume?: number;
  /** Books in the series. */
  count?: number;
  publisher?: string;
  imprint?: string;
  /** Writers first, then pencillers, inkers, colorists, letterers, cover artists and editors, each in written order. */
  credits: Credit[];
  genres: string[];
  tags: string[];
  pageCount?: number;
  /** A BCP 47 language tag in its canonical case ('en', 'pt-BR'). */
  languageIso?: string;
  manga?: Manga;
  ageRating?: string;
  /** http(s) addresses only. */
  web: string[];
  /** Digits only (an ISBN-10 may end in X). */
  gtin?: string;
}

export const COMIC_INFO_LIMITS = {
  series: 200,
  title: 300,
  summary: 10_000,
  /** The number as written: longer than this it is no issue number. */
  number: 50,
  publisher: 200,
  name: 200,
  namesPerRole: 50,
  genre: 100,
  genres: 30,
  tag: 100,
  tags: 50,
  ageRating: 50,
  languageIso: 35,
  webAddress: 2000,
  webAddresses: 10,
  /** Characters of XML read at all; a real ComicInfo.xml is a few kilobytes. */
  document: 16 * 1024 * 1024,
} as const;

/** The element each role is read from, in the order credits are listed. */
const CREDIT_ELEMENTS: ReadonlyArray<readonly [string, CreditRole]> = [
  ['Writer', 'writer'],
  ['Penciller', 'penciller'],
  ['Inker', 'inker'],
  ['Colorist', 'colorist'],
  ['Letterer', 'letterer'],
  ['CoverArtist', 'cover_artist'],
  ['Editor', 'editor'],
];

const INTEGER_RANGES = {
  Year: [1800, 2200],
  Month: [1, 12],
  Day: [1, 31],
  // Either a volume's number or its start year.
  Volume: [0, 9999],
  Count: [1, 100_000],
  PageCount: [1, 100_000],
} as const;

const TEXT_ELEMENTS = [
  'Series',
  'Number',
  'Title',
  'Summary',
  'Publisher',
  'Imprint',
  'Genre',
  'Tags',
  'LanguageISO',
  'Manga',
  'AgeRating',
  'Web',
  'GTIN',
  ...CREDIT_ELEMENTS.map(([element]) => element),
  ...Object.keys(INTEGER_RANGES),
];

/** The schema's age ratings, as it spells them. */
const AGE_RATINGS = [
  'Adults Only 18+',
  'Early Childhood',
  'Everyone',
  'Everyone 10+',
  'G',
  'Kids to Adults',
  'M',
  'MA15+',
  'Mature 17+',
  'PG',
  'R18+',
  'Rating Pending',
  'Teen',
  'X18+',
];

// Every field is a stop node: its raw inner markup comes back as a string, so CDATA, character
// references and any HTML a tagger left unescaped are read here, once, the same way for all.
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  removeNSPrefix: true,
  stopNodes: TEXT_ELEMENTS.map((element) => `ComicInfo.${element}`),
});

/** What `xml` (a ComicInfo.xml's text) says, or null when it is not XML or has no ComicInfo root. */
export function parseComicInfo(xml: string): ComicInfo | null {
  const fields = comicInfoElements(xml);
  if (fields === null) return null;
  const line = (element: string, maxLength: number) => optional(cleanLine(text(fields, element), maxLength));
  const list = (element: string, maxLength: number, maxItems: number) =>
    cleanList(text(fields, element), ',', maxLength, maxItems);
  const integer = (element: keyof typeof INTEGER_RANGES) => {
    const [min, max] = INTEGER_RANGES[element];
    return integerIn(text(fields, element), min, max);
  };

  return dropAbsent({
    series: line('Series', COMIC_INFO_LIMITS.series),
    number: line('Number', COMIC_INFO_LIMITS.number),
    title: line('Title', COMIC_INFO_LIMITS.title),
    summary: summaryOf(rawText(fields, 'Summary')),
    year: integer('Year'),
    month: integer('Month'),
    day: integer('Day'),
    volume: integer('Volume'),
    count: integer('Count'),
    publisher: line('Publisher', COMIC_INFO_LIMITS.publisher),
    imprint: line('Imprint', COMIC_INFO_LIMITS.publisher),
    credits: CREDIT_ELEMENTS.flatMap(([element, role]) =>
      list(element, COMIC_INFO_LIMITS.name, COMIC_INFO_LIMITS.namesPerRole).map((name) => ({ role, name })),
    ),
    genres: list('Genre', COMIC_INFO_LIMITS.genre, COMIC_INFO_LIMITS.genres),
    tags: list('Tags', COMIC_INFO_LIMITS.tag, COMIC_INFO_LIMITS.tags),
    pageCount: integer('PageCount'),
    languageIso: languageTagOf(text(fields, 'LanguageISO')),
    manga: mangaOf(text(fields, 'Manga')),
    ageRating: ageRatingOf(text(fields, 'AgeRating')),
    web: webAddressesOf(text(fields, 'Web')),
    gtin: gtinOf(text(fields, 'GTIN')),
  });
}

type Elements = Readonly<Record<string, unknown>>;

/** The ComicInfo root's children (raw inner markup by name), or null when `xml` is not a well-formed ComicInfo. */
function comicInfoElements(xml: string): Elements | null {
  if (xml.length > COMIC_INFO_LIMITS.document) return null;
  // A byte order mark or a blank line before the prolog is common and harmless.
  let document = xml.replace(/^\uFEFF/, '').trimStart();
  if (XMLValidator.validate(document) !== true) {
    // A bare '&' (`Batman & Robin`, typed by hand) is the one malformation people make, so it
    // is read as text; only after a first try, as inside CDATA it is no malformation at all.
    document = document.replace(/&(?!#\d{1,8};|#[xX][0-9a-fA-F]{1,8};|[A-Za-z][A-Za-z0-9]{0,31};)/g, '&amp;');
    if (XMLValidator.validate(document) !== true) return null;
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(document);
  } catch {
    // The parser refuses some names (`__proto__`) the validator lets through.
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !Object.hasOwn(parsed, 'ComicInfo')) return null;
  const root = (parsed as { ComicInfo: unknown }).ComicInfo;
  // `<ComicInfo/>` is a ComicInfo that says nothing.
  if (root === '') return {};
  return typeof root === 'object' && root !== null && !Array.isArray(root) ? (root as Elements) : null;
}

/** An element's raw inner markup; the first of repeated ones; '' when absent or not text. */
function rawText(fields: Elements, element: string): string {
  if (!Object.hasOwn(fields, element)) return '';
  const value = fields[element];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : '';
}

const text = (fields: Elements, element: string) => xmlElementText(rawText(fields, element));

/** For text whose length is checked after cleaning, not cut. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

const optional = (value: string) => (value === '' ? undefined : value);

function summaryOf(raw: string): string | undefined {
  const decoded = xmlElementText(raw, { keepMarkup: true });
  const plain = looksLikeHtml(decoded) ? htmlToText(decoded) : decoded;
  return optional(cleanParagraphs(plain, COMIC_INFO_LIMITS.summary));
}

function integerIn(value: string, min: number, max: number): number | undefined {
  const trimmed = value.trim();
  if (!/^[+-]?\d{1,9}$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : undefined;
}

/** The canonical form of a BCP 47 tag ('EN-us' → 'en-US'); absent when it is none. */
function languageTagOf(value: string): string | undefined {
  const tag = cleanLine(value, UNBOUNDED).replace(/_/g, '-');
  // A language of two or three letters first: Intl alone takes 'english' for a language.
  if (tag.length > COMIC_INFO_LIMITS.languageIso || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) {
    return undefined;
  }
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

function mangaOf(value: string): Manga | undefined {
  const key = value.replace(/\s+/g, '').toLowerCase();
  return MANGA_VALUES.find((manga) => manga.toLowerCase() === key);
}

/** The schema's spelling of a known rating; another rating as written; nothing for 'Unknown'. */
function ageRatingOf(value: string): string | undefined {
  const rating = cleanLine(value, COMIC_INFO_LIMITS.ageRating);
  const key = rating.toLowerCase();
  if (key === '' || key === 'unknown') return undefined;
  return AGE_RATINGS.find((known) => known.toLowerCase() === key) ?? rating;
}

/** The http(s) addresses of a space-separated list, normalised, without repeats. */
function webAddressesOf(value: string): string[] {
  const addresses = new Set<string>();
  for (const word of cleanLine(value, UNBOUNDED).split(' ')) {
    if (word.length > COMIC_INFO_LIMITS.webAddress || !/^https?:\/\//i.test(word)) continue;
    let address: URL;
    try {
      address = new URL(word);
    } catch {
      continue;
    }
    if ((address.protocol === 'http:' || address.protocol === 'https:') && address.hostname !== '') {
      addresses.add(address.href);
    }
    if (addresses.size === COMIC_INFO_LIMITS.webAddresses) break;
  }
  return [...addresses];
}

/** A GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) or an ISBN-10, spaces and hyphens aside. */
function gtinOf(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '').toUpperCase();
  return /^(?:\d{8}|\d{12,14}|\d{9}[\dX])$/.test(digits) ? digits : undefined;
}

/** `info` without its undefined fields, so an absent field is absent (`'title' in info` is false). */
function dropAbsent(info: ComicInfo): ComicInfo {
  for (const key of Object.keys(info) as Array<keyof ComicInfo>) {
    if (info[key] === undefined) delete info[key];
  }
  return info;
}
