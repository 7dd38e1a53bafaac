import { describe, expect, it } from 'vitest';

import { offlineWidth } from './offline-rendition';

const page = { width: 1988, height: 3056, widths: [320, 640, 1280, 1920] };
const single = { mode: 'single', fit: 'height' } as const;

describe('offlineWidth', () => {
  it('keeps what the reader would draw on this screen: a phone at 3x keeps 1280, not 1920', () => {
    // Fit height on 390 x 844: the page is drawn 390 CSS px wide (capped by the screen), 1170 device px.
    expect(offlineWidth(page, single, { width: 390, height: 844, pixelRatio: 3 })).toBe(1280);
    // A laptop at 1x, fit height on 1280 x 720: some 468 px wide.
    expect(offlineWidth(page, single, { width: 1280, height: 720, pixelRatio: 1 })).toBe(640);
  });

  it('follows the mode and the fit', () => {
    const laptop = { width: 1440, height: 900, pixelRatio: 2 };
    expect(offlineWidth(page, { mode: 'single', fit: 'width' }, laptop)).toBe(1920);
    // Two pages side by side share the width.
    expect(offlineWidth(page, { mode: 'spread', fit: 'width' }, laptop)).toBe(1920);
    expect(offlineWidth(page, { mode: 'spread', fit: 'width' }, { ...laptop, pixelRatio: 1 })).toBe(1280);
    // Vertical scroll is a column of at most 900 px.
    expect(offlineWidth(page, { mode: 'webtoon', fit: 'height' }, { ...laptop, pixelRatio: 1 })).toBe(1280);
    expect(offlineWidth(page, { mode: 'webtoon', fit: 'height' }, { width: 360, height: 780, pixelRatio: 1 })).toBe(
      640,
    );
  });

  it('takes the widest there is when none is wide enough, and a small page’s own', () => {
    expect(offlineWidth(page, { mode: 'single', fit: 'original' }, { width: 800, height: 600, pixelRatio: 2 })).toBe(
      1920,
    );
    const small = { width: 500, height: 700, widths: [320, 500] };
    expect(offlineWidth(small, single, { width: 1920, height: 1080, pixelRatio: 2 })).toBe(500);
  });
});
