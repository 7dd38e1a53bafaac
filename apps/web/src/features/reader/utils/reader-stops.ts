// Where a reader can stop: one page, a two-page spread, and the panel after the last page a
// reader may see (the preview's 'Buy this issue', or an owner's 'You finished'). A position is a
// page number, or one past the last readable page for that panel; every screen of the reader
// agrees on these numbers, so a mode switch keeps the place.
import type { ReaderPage } from '@comics/shared/schemas/reader';

export const READER_MODES = ['single', 'spread', 'webtoon'] as const;
export type ReaderMode = (typeof READER_MODES)[number];

export type PageShape = Pick<ReaderPage, 'number' | 'width' | 'height'>;

export type ReaderStop = { kind: 'pages'; pages: number[] } | { kind: 'end' };

/** A page wider than tall is art across the fold: a spread shows it alone. */
export function isWidePage(page: Pick<ReaderPage, 'width' | 'height'>): boolean {
  return page.width > page.height;
}

/**
 * The pages a two-page spread shows together, in reading order: the cover alone, a wide page
 * alone, the others in twos, and a page left without a partner (before a wide page, or the
 * last) alone.
 */
export function pairSpreads(pages: readonly PageShape[]): number[][] {
  const spreads: number[][] = [];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const next = pages[i + 1];
    if (i > 0 && !isWidePage(page) && next && !isWidePage(next)) {
      spreads.push([page.number, next.number]);
      i++;
    } else {
      spreads.push([page.number]);
    }
  }
  return spreads;
}

/** The stops of the readable pages in a mode (webtoon scrolls page by page), then the end panel. */
export function buildStops(readablePages: readonly PageShape[], mode: ReaderMode): ReaderStop[] {
  const groups = mode === 'spread' ? pairSpreads(readablePages) : readablePages.map((page) => [page.number]);
  return [...groups.map((pages): ReaderStop => ({ kind: 'pages', pages })), { kind: 'end' }];
}

/** The stop showing a position (the end panel for anything past the pages). */
export function stopIndexOf(stops: readonly ReaderStop[], position: number): number {
  const index = stops.findIndex((stop) => stop.kind === 'pages' && stop.pages.includes(position));
  return index === -1 ? stops.length - 1 : index;
}

/** The position a stop stands for: its first page, or one past the last page for the end panel. */
export function positionOfStop(stops: readonly ReaderStop[], index: number): number {
  const stop = stops[index];
  if (stop?.kind === 'pages') return stop.pages[0]!;
  const last = stops.findLast((s) => s.kind === 'pages');
  return last?.kind === 'pages' ? last.pages.at(-1)! + 1 : 1;
}

/** The position `steps` stops away (negative: back), kept within the first page and the end panel. */
export function stepPosition(stops: readonly ReaderStop[], position: number, steps: number): number {
  const index = Math.min(Math.max(stopIndexOf(stops, position) + steps, 0), stops.length - 1);
  return positionOfStop(stops, index);
}

/** A stop's pages left to right on screen: a right-to-left book shows its first page on the right. */
export function pagesOnScreen(pages: readonly number[], direction: 'ltr' | 'rtl'): number[] {
  return direction === 'rtl' ? [...pages].reverse() : [...pages];
}
