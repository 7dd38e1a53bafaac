// The ComicInfo.xml a download carries (ComicInfo 2.0, the Anansi project's schema, which comic
// readers and library managers read): what the catalogue knows of the issue, the pages, and in
// Notes whom it was sold to and when, the watermark DRM-free shops use. The schema's ComicInfo is
// an xs:sequence, so elements are written in its order (ELEMENT_ORDER); an element the shop knows
// nothing of is left out, which the schema allows for every one (minOccurs 0).
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import type { IssueFacts, Purchase } from './repository';

/** The schema's sequence, as far as the shop has anything to say (schema/v2.0/ComicInfo.xsd). */
const ELEMENT_ORDER = [
  'Title',
  'Series',
  'Number',
  'Volume',
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
  'Genre',
  'Web',
  'PageCount',
  'LanguageISO',
  'Manga',
  'AgeRating',
] as const;
type Element = (typeof ELEMENT_ORDER)[number];

/** The catalogue's credit roles as the schema names their elements. */
const CREDIT_ELEMENTS: Record<IssueFacts['credits'][number]['role'], Element> = {
  writer: 'Writer',
  penciller: 'Penciller',
  inker: 'Inker',
  colorist: 'Colorist',
  letterer: 'Letterer',
  cover_artist: 'CoverArtist',
  editor: 'Editor',
};

/** Whom the copy was sold to: the watermark. */
export interface Sale extends Purchase {
  username: string;
  email: string;
  /** The shop's address (PUBLIC_URL). */
  shop: string;
}

export interface DownloadedPage {
  size: number;
  width: number;
  height: number;
}

// Characters XML 1.0 cannot hold at all (most control characters, lone surrogates, U+FFFE/F): dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute's value. */
const xmlEscape = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Year, month and day of a cover date ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD'), as far as it gives them. */
function dateParts(coverDate: string | null): Partial<Record<'Year' | 'Month' | 'Day', number>> {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(coverDate ?? '');
  if (!match) return {};
  const [, year, month, day] = match;
  return {
    Year: Number(year),
    ...(month ? { Month: Number(month) } : {}),
    ...(day ? { Day: Number(day) } : {}),
  };
}

/** The watermark: who bought this copy, when, where and by which order. */
function watermark(sale: Sale): string {
  return (
    `Sold to ${sale.username} (${sale.email}) on ${sale.purchasedAt.toISOString()} by ${sale.shop}, ` +
    `order ${sale.orderId}. DRM-free: please do not share.`
  );
}

/** The issue's ComicInfo.xml, its pages listed in reading order. */
export function downloadComicInfo(input: {
  facts: IssueFacts;
  pages: readonly DownloadedPage[];
  direction: ReadingDirection;
  sale: Sale;
  /** The issue's page on the shop. */
  web: string;
}): string {
  const { facts, pages, direction, sale, web } = input;
  const summary = facts.description ?? facts.volumeDeck;
  const values: Partial<Record<Element, string | number>> = {
    ...(facts.name ? { Title: facts.name } : {}),
    Series: facts.volumeName,
    Number: String(facts.issueNumber),
    // The start year, as ComicVine's taggers write it: it tells apart series of one name.
    ...(facts.startYear !== null ? { Volume: facts.startYear } : {}),
    ...(summary ? { Summary: summary } : {}),
    Notes: watermark(sale),
    ...dateParts(facts.coverDate),
    Publisher: facts.publisher,
    ...(facts.genres.length > 0 ? { Genre: facts.genres.join(', ') } : {}),
    Web: web,
    PageCount: pages.length,
    ...(facts.languageIso ? { LanguageISO: facts.languageIso } : {}),
    // Left out for left-to-right issues: the shop does not know whether they are manga.
    ...(direction === 'rtl' ? { Manga: 'YesAndRightToLeft' } : {}),
    // Imports keep only the schema's own spellings.
    ...(facts.ageRating ? { AgeRating: facts.ageRating } : {}),
  };
  for (const credit of facts.credits) {
    const element = CREDIT_ELEMENTS[credit.role];
    values[element] = values[element] === undefined ? credit.name : `${values[element]}, ${credit.name}`;
  }

  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">',
  ];
  for (const element of ELEMENT_ORDER) {
    const value = values[element];
    if (value !== undefined) lines.push(`  <${element}>${xmlEscape(String(value))}</${element}>`);
  }
  // Pages follows AgeRating in the sequence; Image counts from 0.
  lines.push('  <Pages>');
  pages.forEach((page, index) => {
    const type = index === 0 ? ' Type="FrontCover"' : '';
    lines.push(
      `    <Page Image="${index}"${type} ImageSize="${page.size}" ImageWidth="${page.width}" ImageHeight="${page.height}" />`,
    );
  });
  lines.push('  </Pages>', '</ComicInfo>', '');
  return lines.join('\n');
}
