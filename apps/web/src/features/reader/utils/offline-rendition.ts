// The width an issue's pages are kept at for offline reading: the rendition the reader would
// choose on this screen (the browser picks from `srcset` the narrowest stored width at least as
// wide as the page is drawn, in device pixels), so a phone keeps 640 px pages, not 1920 px ones.
import type { ReaderPage } from '@comics/shared/schemas/reader';

import { WEBTOON_MAX_WIDTH, type ReaderFit } from './page-images';
import { isWidePage, type ReaderMode } from './reader-stops';

export type Screen = { width: number; height: number; pixelRatio: number };

/** How wide (CSS px) one page is drawn alone at the reader's settings; as `pageSizes` says. */
function drawnWidth(page: Pick<ReaderPage, 'width' | 'height'>, mode: ReaderMode, fit: ReaderFit, screen: Screen) {
  if (mode === 'webtoon') return Math.min(screen.width, WEBTOON_MAX_WIDTH);
  if (fit === 'original') return page.width;
  // Two pages side by side share the width; a spread's wide page is shown alone.
  const share = mode === 'spread' && !isWidePage(page) ? screen.width / 2 : screen.width;
  if (fit === 'width') return share;
  return Math.min(share, (page.width / page.height) * screen.height);
}

/** The stored width to keep of the page: the narrowest sharp one, or the widest there is. */
export function offlineWidth(
  page: Pick<ReaderPage, 'width' | 'height' | 'widths'>,
  settings: { mode: ReaderMode; fit: ReaderFit },
  screen: Screen,
): number {
  const needed = drawnWidth(page, settings.mode, settings.fit, screen) * screen.pixelRatio;
  return page.widths.find((width) => width >= needed) ?? page.widths.at(-1) ?? page.width;
}

export function thisScreen(): Screen {
  return { width: window.innerWidth, height: window.innerHeight, pixelRatio: window.devicePixelRatio || 1 };
}
