// Where a page set's images live: one folder per issue and version in the media storage, served
// under the same path below /media/pages, each image named as @comics/shared/page-address says. A
// version is never reused, so an address names its bytes forever (the preview pages are cached as immutable).
import { pageFileName } from '@comics/shared/page-address';

export const PAGES_PREFIX = 'pages/';
/** Pages as uploaded (downloads; an imported JPEG's wider renditions): outside PAGES_PREFIX, so no address reaches them. */
const PAGE_SOURCES_PREFIX = 'page-sources/';

/** The formats a page is uploaded in, by the extension its source is kept under. */
export const SOURCE_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' } as const;
export type SourceFormat = keyof typeof SOURCE_EXTENSIONS;

/** The storage key of page `number` at `width` px. */
export function pageKey(issueId: number, version: string, number: number, width: number): string {
  return `${PAGES_PREFIX}${issueId}/${version}/${pageFileName(number, width)}`;
}

/**
 * The storage key of page `number`'s bytes as uploaded in `format`: what a download holds, and for
 * an imported JPEG what its wider renditions are made from on request.
 */
export function pageSourceKey(issueId: number, version: string, number: number, format: SourceFormat = 'jpeg'): string {
  return `${PAGE_SOURCES_PREFIX}${issueId}/${version}/${number}.${SOURCE_EXTENSIONS[format]}`;
}

/** Page JPEGs, for reading apps that take no WebP (OPDS page streaming, downloads): outside PAGES_PREFIX too. */
const PAGE_JPEGS_PREFIX = 'page-jpegs/';

/** The storage key of page `number`'s rendition `width` px wide as a JPEG, made on its first request. */
export function pageJpegKey(issueId: number, version: string, number: number, width: number): string {
  return `${PAGE_JPEGS_PREFIX}${issueId}/${version}/${number}-${width}.jpg`;
}

/** The address prefix of a set's images (the listing's `pagesBase`), before MEDIA_BASE_URL. */
export function pagesBasePath(issueId: number, version: string): string {
  return `/media/${PAGES_PREFIX}${issueId}/${version}`;
}

/** A version name that storage keys accept: letters and digits only. */
export const VERSION_PATTERN = /^[a-z0-9]{1,40}$/;
