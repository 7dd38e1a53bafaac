// What the path of an archive inside an import folder says about it, for the books without a
// ComicInfo.xml (or with one that leaves a field out). The layouts read are those readers' tools
// write (ComicTagger's and Mylar's renamers, scanners' release names):
//   Publisher/Series (Year)/Series #001 (Year).cbz    Series v2 012 (2016) (Digital) (Scanner-Group).cbz
//   Series (Year)/Series 001.cbz                       Series - 012 - Title.cbz
//   Series 001 (2019).cbz, Series #12.cbr, Saga_001.cbz, Graphic Novel Title (2011).cbz (a one-shot)
// The series folder gives the series and its start year, the file its number and the year.
import { cleanLine } from './clean-text';
import { COMIC_INFO_LIMITS } from './comic-info';

export interface NameMetadata {
  /** The folder above the series folder, when there is one. */
  publisher?: string;
  /** '' when the path names none (a file '001.cbz' at the top of the import folder). */
  series: string;
  /** The series folder's year: `Series (2016)/…`. */
  seriesYear?: number;
  /** As written: '001', '1.5', '½'. */
  number?: string;
  /** The year, from the file's name. */
  year?: number;
  volume?: number;
  title?: string;
}

/** Extensions of the archives an import reads, and of other books people keep beside them. */
const BOOK_EXTENSION = /\.(?:cb[z7rt]|zip|rar|7z|tar|pdf|epub)$/i;
/** Another extension: a letter then a few letters or digits (not '.5' of a number). */
const OTHER_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,4}$/;
/** `(2016)`, `[2016]`, `(May 2016)`, `(2016-05)`, `(2016-05-12)`: a release's date. */
const YEAR_TAG = /^(?:[A-Za-z]{3,9}\.?\s+)?(\d{4})(?:-\d{1,2}(?:-\d{1,2})?)?$/;
/**
 * `(…)`, `[…]` or `{…}`: a year, or a release tag (Digital, a scanner's name, 'of 6') dropped;
 * one left open at the end of the name counts too (a name cut short: `Saga 001 (2012`).
 */
const BRACKETED = /\(([^()]*)\)|\[([^[\]]*)\]|\{([^{}]*)\}|[([{]([^()[\]{}]*)$/g;
/** `v2`, `v02`, `Vol. 2`, `Vol 2`, `Volume 2`, `v2016`. */
const VOLUME = /(?:^|\s)(?:v|vol\.?|volume)\s?(\d{1,4})(?=\s|$)/i;
/** A number standing alone: '001', '1.5', '-1', '½'. */
const PLAIN_NUMBER = /^(?:-?\d+(?:\.\d+)?|½)$/;
/** `#001`, `#1.MU`, `# 12`: after a '#' anything up to a space is the number. */
const HASH_NUMBER = /(?:^|\s)#\s?([^\s#]+)/;
/** ' - ' (or an en or em dash) between the parts of `Series - 012 - Title`. */
const PART_SEPARATOR = /\s+[-–—]\s+/;
/** Longer than any path a file system allows: the rest is not read. */
const MAX_PATH_LENGTH = 4096;

/** What `relativePath` (folders and file name, separated by '/') says about the book. */
export function metadataFromPath(relativePath: string): NameMetadata {
  const segments = relativePath
    .slice(0, MAX_PATH_LENGTH)
    .split('/')
    .filter((segment) => segment.trim() !== '' && segment !== '.');
  const fileName = segments.pop() ?? '';
  const file = readFileName(fileName.replace(BOOK_EXTENSION, '').replace(OTHER_EXTENSION, ''));
  const folder = segments.length >= 1 ? readFolderName(segments.at(-1)!) : undefined;
  const publisher = segments.length >= 2 ? cleanLine(spaced(segments.at(-2)!), COMIC_INFO_LIMITS.publisher) : '';

  const metadata: NameMetadata = { series: folder?.series || file.series };
  if (publisher !== '') metadata.publisher = publisher;
  if (folder?.year !== undefined) metadata.seriesYear = folder.year;
  if (file.number !== undefined) metadata.number = file.number;
  if (file.year !== undefined) metadata.year = file.year;
  const volume = file.volume ?? folder?.volume;
  if (volume !== undefined) metadata.volume = volume;
  if (file.title !== undefined) metadata.title = file.title;
  return metadata;
}

interface FolderName {
  series: string;
  year?: number;
  volume?: number;
}

interface FileName extends FolderName {
  number?: string;
  title?: string;
}

/** A series folder: `Series (2016)`, `Series v2 (2016)`; its name is the series whatever it holds. */
function readFolderName(name: string): FolderName {
  const { text, year } = withoutBrackets(spaced(name));
  const { text: series, volume } = withoutVolume(text);
  return { series: cleanLine(series, COMIC_INFO_LIMITS.series), year, volume };
}

/** A file's name less its extension: series, volume, number and title, and the year. */
function readFileName(name: string): FileName {
  const { text, year } = withoutBrackets(spaced(name));
  const { text: rest, volume } = withoutVolume(text);
  const { series, number, title } = splitAtNumber(rest);
  return {
    series: cleanLine(series, COMIC_INFO_LIMITS.series),
    year,
    volume,
    number: optional(cleanLine(number ?? '', COMIC_INFO_LIMITS.number)),
    title: optional(cleanLine(title ?? '', COMIC_INFO_LIMITS.title)),
  };
}

const optional = (text: string) => (text === '' ? undefined : text);

/**
 * Words separated by spaces. A name without a space uses underscores or dots for them
 * ('Saga_001', 'Saga.001'); a dot between digits stays, being a number's ('1.5'), unless the
 * digits before it end a word of letters ('Invincible.v01.012'). A name with spaces keeps its
 * dots ('Mr. Miracle'), only underscores become spaces.
 */
function spaced(name: string): string {
  const words = name.replace(/_/g, ' ');
  return name.includes(' ') ? words : words.replace(/(?<!\d)\.|\.(?!\d)|(?<=[^\s.\d]\d*)\./g, ' ');
}

/** `text` less its bracketed parts, and the first year one of them gives. */
function withoutBrackets(text: string): { text: string; year?: number } {
  let year: number | undefined;
  const rest = text.replace(BRACKETED, (_whole, round?: string, square?: string, curly?: string, open?: string) => {
    const found = YEAR_TAG.exec((round ?? square ?? curly ?? open ?? '').trim());
    const candidate = found ? Number(found[1]) : NaN;
    if (year === undefined && candidate >= 1800 && candidate <= 2200) year = candidate;
    return ' ';
  });
  // An unclosed bracket is no part of a name.
  return {
    text: rest
      .replace(/[()[\]{}]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    year,
  };
}

function withoutVolume(text: string): { text: string; volume?: number } {
  const found = VOLUME.exec(text);
  if (found === null) return { text };
  return {
    text: `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`.replace(/\s+/g, ' ').trim(),
    volume: Number(found[1]),
  };
}

/**
 * `Series 001`, `Series #001 Title`, `Series - 012 - Title`, `Star Wars - Darth Vader 001`: the
 * first part (between ' - ') holding a number, after a '#' or as its last word, splits the name.
 * Parts before it (and its words before the number) are the series; after it, the title. No
 * number: the whole is the series of a one-shot.
 */
function splitAtNumber(text: string): { series: string; number?: string; title?: string } {
  const parts = text.split(PART_SEPARATOR);
  for (const [index, part] of parts.entries()) {
    const found = numberIn(part);
    if (found === null) continue;
    // 'Series 001': a name holding nothing but a number is one too ('001.cbz' in a series folder).
    return {
      series: [...parts.slice(0, index), found.before].filter(Boolean).join(' - '),
      number: found.number,
      title: [found.after, ...parts.slice(index + 1)].filter(Boolean).join(' - '),
    };
  }
  return { series: text };
}

function numberIn(part: string): { before: string; number: string; after: string } | null {
  const hash = HASH_NUMBER.exec(part);
  if (hash !== null) {
    return {
      before: part.slice(0, hash.index).trim(),
      number: hash[1]!,
      after: part.slice(hash.index + hash[0].length).trim(),
    };
  }
  const words = part.split(' ');
  const last = words.at(-1)!;
  return PLAIN_NUMBER.test(last) ? { before: words.slice(0, -1).join(' '), number: last, after: '' } : null;
}
