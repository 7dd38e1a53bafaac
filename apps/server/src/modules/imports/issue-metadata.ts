// The metadata an import writes for one archive: its ComicInfo.xml field by field, its path for
// what that leaves out, and the shop's defaults for the rest. An archive the shop cannot place
// (no series, an issue number that is not a whole number) is a problem in a sentence the import
// report shows, not an issue.
import type { ImportedIssue } from '../catalog/importing';
import type { ComicInfo, Credit } from './comic-info';
import { metadataFromPath } from './names';

export type { CreditRole } from './comic-info';

/**
 * What the catalogue writes of an issue (catalog/importing.ts), less what conversion adds (the
 * archive's hash, the cover, the price), and what the archive says besides.
 */
export interface IssueMetadata extends Omit<
  ImportedIssue,
  'archiveHash' | 'cover' | 'priceCents' | 'credits' | 'genres'
> {
  credits: Credit[];
  genres: string[];
  tags: string[];
  direction: 'ltr' | 'rtl';
  web: string[];
}

/** The publisher of a book neither its ComicInfo.xml nor its folders name. */
export const UNKNOWN_PUBLISHER = 'Independent';
export const MAX_ISSUE_NUMBER = 1_000_000;
const isYear = (value: number) => value >= 1800 && value <= 2200;

/** What the import writes for the archive at `path` (inside the import folder) with `comicInfo`, or why it cannot. */
export function issueMetadataOf({
  comicInfo,
  path,
}: {
  comicInfo: ComicInfo | null;
  path: string;
}): IssueMetadata | { problem: string } {
  const info: Partial<ComicInfo> = comicInfo ?? {};
  const name = metadataFromPath(path);

  const series = info.series ?? name.series;
  if (series === '') {
    return { problem: 'Neither its ComicInfo.xml nor its folder and file names say which series the archive is in.' };
  }
  const issueNumber = issueNumberOf(info.number ?? name.number);
  if (typeof issueNumber === 'string') return { problem: issueNumber };
  // A volume given as a year is the year the volume started ('Batman v2016', <Volume>2016</Volume>).
  const volume = info.volume ?? name.volume;

  return {
    publisher: info.publisher ?? name.publisher ?? UNKNOWN_PUBLISHER,
    series,
    startYear: name.seriesYear ?? (volume !== undefined && isYear(volume) ? volume : null),
    issueNumber,
    title: info.title ?? name.title ?? null,
    summary: info.summary ?? null,
    coverDate: coverDateOf(info.year ?? name.year, info.month, info.day),
    credits: info.credits ?? [],
    genres: info.genres ?? [],
    tags: info.tags ?? [],
    direction: info.manga === 'YesAndRightToLeft' ? 'rtl' : 'ltr',
    languageIso: info.languageIso ?? null,
    ageRating: info.ageRating ?? null,
    web: info.web ?? [],
    gtin: info.gtin ?? null,
  };
}

/**
 * The issue number `written` ('001', '1.0', '#12') stands for; none is a one-shot, number 1. A
 * number the shop cannot hold ('1.5', 'Annual 1', '½', '-1') is answered with the sentence saying so.
 */
export function issueNumberOf(written: string | undefined): number | string {
  if (written === undefined) return 1;
  const whole = /^#?\s*(\d+)(?:\.0+)?$/.exec(written.trim());
  if (whole === null) return `The issue number ${JSON.stringify(written)} is not a whole number.`;
  const number = Number(whole[1]);
  if (number > MAX_ISSUE_NUMBER) {
    return `The issue number ${JSON.stringify(written)} is larger than ${MAX_ISSUE_NUMBER.toLocaleString('en')}.`;
  }
  return number;
}

/** As precise a date as the parts allow: a month needs its year, a day its month, and a real date. */
function coverDateOf(year?: number, month?: number, day?: number): string | null {
  if (year === undefined) return null;
  if (month === undefined) return String(year);
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === undefined || day > daysInMonth) return yearMonth;
  return `${yearMonth}-${String(day).padStart(2, '0')}`;
}
