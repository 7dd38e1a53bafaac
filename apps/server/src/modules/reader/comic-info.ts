// ComicInfo.xml, the metadata file comic archives carry at their root (the Anansi schema): what
// the reader takes from it. Its whole text is handed on as well, for whoever imports the rest.
import { XMLParser } from 'fast-xml-parser';
import type { ReadingDirection } from '@comics/shared/schemas/reader';

/** Larger than any real ComicInfo.xml: a bigger file of that name is treated as any other entry. */
export const MAX_COMIC_INFO_BYTES = 1024 * 1024;

/** Whether the entry is the archive's ComicInfo.xml (at its root, any case). */
export const isComicInfoName = (name: string) => name.toLowerCase() === 'comicinfo.xml';

/** The file's text: UTF-8, without the byte order mark some editors write. */
export const comicInfoText = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '');

const comicInfoParser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: false });

/** The reading direction a ComicInfo.xml gives: right to left only when it says Manga=YesAndRightToLeft. */
export function directionOfComicInfo(xml: string): ReadingDirection {
  try {
    const document = comicInfoParser.parse(xml.replace(/^\uFEFF/, ''), true) as { ComicInfo?: { Manga?: unknown } };
    const manga = document.ComicInfo?.Manga;
    return typeof manga === 'string' && manga.trim() === 'YesAndRightToLeft' ? 'rtl' : 'ltr';
  } catch {
    // A malformed ComicInfo.xml says nothing: the pages are still good.
    return 'ltr';
  }
}
