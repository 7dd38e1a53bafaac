// A page image's addresses and the `sizes` that tell the browser how wide it will be shown, so it
// picks the smallest stored width that is sharp on this screen (a phone never downloads the
// 1920 px page). The prefetch uses the same values as the page itself: the same file is chosen.
import { pageAddress } from '@comics/shared/page-address';
import type { ReaderPage } from '@comics/shared/schemas/reader';

import type { ReaderMode } from './reader-stops';

export const READER_FITS = ['width', 'height', 'original'] as const;
export type ReaderFit = (typeof READER_FITS)[number];

/** Where an issue's images are and what opens the pages past the preview. */
export type PageSource = { pagesBase: string; previewPages: number; token: string | null };

/** The widest the vertical scroll mode shows a page (CSS px). */
export const WEBTOON_MAX_WIDTH = 900;

export function pageImageUrl(source: PageSource, pageNumber: number, width: number): string {
  const url = pageAddress(source.pagesBase, pageNumber, width);
  // Preview pages are the same file for everybody (one cache entry); later ones carry the token.
  return pageNumber > source.previewPages && source.token ? `${url}?t=${encodeURIComponent(source.token)}` : url;
}

/** Every stored width, for srcset. */
export function pageSrcSet(source: PageSource, page: Pick<ReaderPage, 'number' | 'widths'>): string {
  return page.widths.map((width) => `${pageImageUrl(source, page.number, width)} ${width}w`).join(', ');
}

/** The fallback src: the widest rendition up to 1280 px (browsers without srcset are desktops). */
export function pageFallbackSrc(source: PageSource, page: Pick<ReaderPage, 'number' | 'widths'>): string {
  const width = page.widths.filter((w) => w <= 1280).at(-1) ?? page.widths[0] ?? 0;
  return pageImageUrl(source, page.number, width);
}

export type PageLayout = {
  mode: ReaderMode;
  fit: ReaderFit;
  /** How many pages are side by side (a spread's wide page is shown alone). */
  together: number;
  zoom: number;
};

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * How wide the page is drawn, as the `sizes` attribute: fit height is the viewport's height times
 * the page's shape, capped by the viewport's width (half of it beside another page); fit width is
 * the viewport's width (or half); original is the page's own width; vertical scroll is a column
 * of at most WEBTOON_MAX_WIDTH. Zoomed in, the page is drawn that many times larger.
 */
export function pageSizes(page: Pick<ReaderPage, 'width' | 'height'>, layout: PageLayout): string {
  const share = layout.together > 1 ? round(100 / layout.together) : 100;
  let size: string;
  if (layout.mode === 'webtoon') size = `min(100vw, ${WEBTOON_MAX_WIDTH}px)`;
  else if (layout.fit === 'original') size = `${page.width}px`;
  else if (layout.fit === 'width') size = `${share}vw`;
  else size = `min(${share}vw, ${round((page.width / page.height) * 100)}vh)`;
  // Whole steps: a pinch must not make the browser fetch a rendition at every frame.
  const zoom = Math.min(Math.ceil(layout.zoom), 4);
  return zoom > 1 ? `calc(${zoom} * ${size})` : size;
}
