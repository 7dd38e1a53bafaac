import { describe, expect, it } from 'vitest';

import type { RatedIssue } from '../types';
import { ISSUE_SORTS, parseIssueSort, sortIssues } from './sort-issues';

const issue = (id: number, issue_number: number, price: number, avgRating: number | null): RatedIssue => ({
  id,
  volume_id: 1,
  issue_number,
  name: null,
  description: null,
  image: '',
  price,
  avgRating,
});

const list = [issue(1, 3, 2.99, 4), issue(2, 1, 0.99, null), issue(3, 2, 4.99, 2.5), issue(4, 4, 1.99, 5)];
const ids = (issues: RatedIssue[]) => issues.map((i) => i.id);

describe('sortIssues', () => {
  it("offers the spec's choices in order", () => {
    expect(ISSUE_SORTS.map((s) => s.label)).toEqual([
      'Default',
      'Issue Number',
      'Rating Ascending',
      'Rating Descending',
      'Price Ascending',
      'Price Descending',
    ]);
  });

  it('keeps the API order by default and does not mutate the input', () => {
    expect(ids(sortIssues(list, 'default'))).toEqual([1, 2, 3, 4]);
    sortIssues(list, 'price_asc');
    expect(ids(list)).toEqual([1, 2, 3, 4]);
  });

  it('sorts by issue number and price', () => {
    expect(ids(sortIssues(list, 'number'))).toEqual([2, 3, 1, 4]);
    expect(ids(sortIssues(list, 'price_asc'))).toEqual([2, 4, 1, 3]);
    expect(ids(sortIssues(list, 'price_desc'))).toEqual([3, 1, 4, 2]);
  });

  it('sorts by rating with unrated issues last either way', () => {
    expect(ids(sortIssues(list, 'rating_asc'))).toEqual([3, 1, 4, 2]);
    expect(ids(sortIssues(list, 'rating_desc'))).toEqual([4, 1, 3, 2]);
  });

  it('reads unknown sort values as the default', () => {
    expect(parseIssueSort('price_desc')).toBe('price_desc');
    expect(parseIssueSort('nonsense')).toBe('default');
    expect(parseIssueSort(null)).toBe('default');
  });
});
