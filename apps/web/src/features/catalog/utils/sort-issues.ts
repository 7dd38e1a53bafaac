// The detail page's 'Sort issues by' choices (docs/product.md §2), applied on the client to the list the
// API returns in its default order. Unrated issues stay last in both rating orders.
import type { RatedIssue } from '../types';

export const ISSUE_SORTS = [
  { value: 'default', label: 'Default' },
  { value: 'number', label: 'Issue Number' },
  { value: 'rating_asc', label: 'Rating Ascending' },
  { value: 'rating_desc', label: 'Rating Descending' },
  { value: 'price_asc', label: 'Price Ascending' },
  { value: 'price_desc', label: 'Price Descending' },
] as const;

export type IssueSort = (typeof ISSUE_SORTS)[number]['value'];

export function parseIssueSort(value: string | null): IssueSort {
  return ISSUE_SORTS.find((option) => option.value === value)?.value ?? 'default';
}

function byRating(direction: 1 | -1) {
  return (a: RatedIssue, b: RatedIssue) => {
    if (a.avgRating === null && b.avgRating === null) return 0;
    if (a.avgRating === null) return 1;
    if (b.avgRating === null) return -1;
    return direction * (a.avgRating - b.avgRating);
  };
}

export function sortIssues(issues: readonly RatedIssue[], sort: IssueSort): RatedIssue[] {
  const list = [...issues];
  switch (sort) {
    case 'number':
      return list.sort((a, b) => a.issue_number - b.issue_number);
    case 'rating_asc':
      return list.sort(byRating(1));
    case 'rating_desc':
      return list.sort(byRating(-1));
    case 'price_asc':
      return list.sort((a, b) => a.price - b.price);
    case 'price_desc':
      return list.sort((a, b) => b.price - a.price);
    default:
      return list;
  }
}
