import { describe, expect, it } from 'vitest';

import { pageFallbackSrc, pageImageUrl, pageSizes, pageSrcSet, type PageSource } from './page-images';

const owner: PageSource = { pagesBase: '/media/pages/7/v1', previewPages: 3, token: 'abc.def' };
const guest: PageSource = { ...owner, token: null };
const page = (number: number, widths = [320, 640, 1280, 1920]) => ({ number, widths, width: 1988, height: 3056 });

describe('page addresses', () => {
  it('offers every stored width, without the token for preview pages', () => {
    expect(pageSrcSet(owner, page(3))).toBe(
      '/media/pages/7/v1/3-320.webp 320w, /media/pages/7/v1/3-640.webp 640w, ' +
        '/media/pages/7/v1/3-1280.webp 1280w, /media/pages/7/v1/3-1920.webp 1920w',
    );
  });

  it('adds the token past the preview (and a reader without one gets the bare address, which is refused)', () => {
    expect(pageImageUrl(owner, 4, 640)).toBe('/media/pages/7/v1/4-640.webp?t=abc.def');
    expect(pageSrcSet(owner, page(4, [320, 640]))).toBe(
      '/media/pages/7/v1/4-320.webp?t=abc.def 320w, /media/pages/7/v1/4-640.webp?t=abc.def 640w',
    );
    expect(pageImageUrl(guest, 4, 640)).toBe('/media/pages/7/v1/4-640.webp');
  });

  it('escapes the token', () => {
    expect(pageImageUrl({ ...owner, token: 'a+b/c=' }, 5, 320)).toBe('/media/pages/7/v1/5-320.webp?t=a%2Bb%2Fc%3D');
  });

  it('falls back to the widest rendition up to 1280 px, or the only one of a small page', () => {
    expect(pageFallbackSrc(owner, page(1))).toBe('/media/pages/7/v1/1-1280.webp');
    expect(pageFallbackSrc(owner, page(1, [320]))).toBe('/media/pages/7/v1/1-320.webp');
  });
});

describe('pageSizes', () => {
  const portrait = { width: 1000, height: 1500 };

  it('fit height: the viewport height times the page shape, capped by the viewport width', () => {
    expect(pageSizes(portrait, { mode: 'single', fit: 'height', together: 1, zoom: 1 })).toBe('min(100vw, 66.67vh)');
  });

  it('a spread: half the viewport for each of two pages; a page alone in spread mode as a single page', () => {
    expect(pageSizes(portrait, { mode: 'spread', fit: 'height', together: 2, zoom: 1 })).toBe('min(50vw, 66.67vh)');
    expect(pageSizes(portrait, { mode: 'spread', fit: 'width', together: 2, zoom: 1 })).toBe('50vw');
    expect(pageSizes(portrait, { mode: 'spread', fit: 'height', together: 1, zoom: 1 })).toBe('min(100vw, 66.67vh)');
  });

  it('fit width is the viewport width; original is the page width', () => {
    expect(pageSizes(portrait, { mode: 'single', fit: 'width', together: 1, zoom: 1 })).toBe('100vw');
    expect(pageSizes(portrait, { mode: 'single', fit: 'original', together: 1, zoom: 1 })).toBe('1000px');
  });

  it('vertical scroll: a column of at most 900 px, whatever the fit', () => {
    expect(pageSizes(portrait, { mode: 'webtoon', fit: 'original', together: 1, zoom: 1 })).toBe('min(100vw, 900px)');
  });

  it('zoomed in, asks for a larger page in whole steps, up to 4 times', () => {
    expect(pageSizes(portrait, { mode: 'single', fit: 'width', together: 1, zoom: 1.6 })).toBe('calc(2 * 100vw)');
    expect(pageSizes(portrait, { mode: 'single', fit: 'width', together: 1, zoom: 5 })).toBe('calc(4 * 100vw)');
  });
});
