import { describe, expect, it } from 'vitest';

import { formatCoverDate } from './cover-date';

describe('formatCoverDate', () => {
  it('writes a cover date as precisely as it is known, in any time zone', () => {
    expect(formatCoverDate('2019')).toBe('2019');
    expect(formatCoverDate('2019-03')).toBe('Mar 2019');
    expect(formatCoverDate('2019-03-01')).toBe('1 Mar 2019');
    expect(formatCoverDate('1986-12-31')).toBe('31 Dec 1986');
  });

  it('answers nothing for what is not a date', () => {
    for (const value of ['', 'March 2019', '2019-13', '2019-02-30', '19-03-14', '2019-3']) {
      expect(formatCoverDate(value), value).toBe('');
    }
  });
});
