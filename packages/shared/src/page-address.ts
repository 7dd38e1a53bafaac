// A page image's file name, `{number}-{width}.webp` (the page's number and a stored width in px,
// without leading zeros: one address per image). Written and read here only: the server stores and
// serves the images under it, the web reader asks for them by it. No zod: the reader's first load uses it.

/** Widths (px) pages are stored at as WebP; a page narrower than one of them is not enlarged. */
export const PAGE_WIDTHS = [320, 640, 1280, 1920] as const;

/** Numbers up to 999 pages (archives hold at most 300) and widths up to 9999 px. */
const PAGE_FILE = /^([1-9]\d{0,2})-([1-9]\d{0,3})\.webp$/;

/** Which page, at which width, a page image is. */
export interface PageFile {
  number: number;
  width: number;
}

/** `{number}-{width}.webp`. */
export function pageFileName(number: number, width: number): string {
  return `${number}-${width}.webp`;
}

/** The page and width a file name names, or null for any other name (leading zeros, another extension…). */
export function parsePageFileName(file: string): PageFile | null {
  const match = PAGE_FILE.exec(file);
  return match ? { number: Number(match[1]), width: Number(match[2]) } : null;
}

/** Page `number` at `width` under its set's address prefix (`pagesBase` of GET /api/issues/:id/pages). */
export function pageAddress(pagesBase: string, number: number, width: number): string {
  return `${pagesBase}/${pageFileName(number, width)}`;
}
