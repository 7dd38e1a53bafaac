import { describe, expect, it } from 'vitest';
import { pageAddress, pageFileName, parsePageFileName } from './page-address';

describe('page addresses', () => {
  it('name a page at a width, and read the name back', () => {
    expect(pageFileName(4, 640)).toBe('4-640.webp');
    expect(pageAddress('/media/pages/7/v1', 4, 640)).toBe('/media/pages/7/v1/4-640.webp');
    for (const [number, width] of [
      [1, 320],
      [300, 1920],
      [999, 9999],
    ] as const) {
      expect(parsePageFileName(pageFileName(number, width))).toEqual({ number, width });
    }
  });

  it('read one spelling per image only', () => {
    for (const file of ['01-320.webp', '1-0320.webp', '0-320.webp', '1000-320.webp', '1-10000.webp', '1.webp']) {
      expect(parsePageFileName(file)).toBeNull();
    }
    for (const file of ['1-320.webp.webp', '1-320.jpg', '1-320.webp?t=x', '../1-320.webp', '1-320.WEBP']) {
      expect(parsePageFileName(file)).toBeNull();
    }
  });
});
