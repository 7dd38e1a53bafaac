// The size each page of a stop is drawn at (CSS px) for a fit, before any zoom: the pages of a
// spread share one height, side by side.
import type { ReaderPage } from '@comics/shared/schemas/reader';

import type { ReaderFit } from './page-images';
import type { Size } from './zoom';

export function fitPages(pages: readonly Pick<ReaderPage, 'width' | 'height'>[], stage: Size, fit: ReaderFit): Size[] {
  if (fit === 'original') return pages.map((page) => ({ width: page.width, height: page.height }));
  // Width per unit of height, for the whole row.
  const rowRatio = pages.reduce((sum, page) => sum + page.width / page.height, 0);
  if (rowRatio === 0) return [];
  const byWidth = stage.width / rowRatio;
  const height = fit === 'width' ? byWidth : Math.min(stage.height, byWidth);
  return pages.map((page) => ({ width: (page.width / page.height) * height, height }));
}
