import { describe, expect, it } from 'vitest';

import { openingPosition } from './opening-page';

const owner = { pageCount: 24, readable: 24 };
const preview = { pageCount: 24, readable: 3 };

describe('openingPosition', () => {
  it('opens the page the address asks for, before the saved one', () => {
    expect(openingPosition({ ...owner, requested: '7', saved: 5 })).toBe(7);
  });

  it('opens the saved page when the address asks for none (or for nothing sensible)', () => {
    expect(openingPosition({ ...owner, requested: null, saved: 5 })).toBe(5);
    expect(openingPosition({ ...owner, requested: 'abc', saved: 5 })).toBe(5);
    expect(openingPosition({ ...owner, requested: '0', saved: 5 })).toBe(5);
    expect(openingPosition({ ...owner, requested: '-2', saved: 5 })).toBe(5);
  });

  it('opens page 1 without either', () => {
    expect(openingPosition({ ...owner, requested: null, saved: null })).toBe(1);
  });

  it('opens the last page for a page past the end, and ignores a saved page past it', () => {
    expect(openingPosition({ ...owner, requested: '99', saved: null })).toBe(24);
    expect(openingPosition({ pageCount: 10, readable: 10, requested: null, saved: 14 })).toBe(1);
  });

  it("opens the preview's end for a page past the preview", () => {
    expect(openingPosition({ ...preview, requested: '4', saved: null })).toBe(4);
    expect(openingPosition({ ...preview, requested: '12', saved: null })).toBe(4);
    expect(openingPosition({ ...preview, requested: '2', saved: null })).toBe(2);
  });
});
