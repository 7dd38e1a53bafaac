// 'My comics' as a library (issue 24): each bought issue with where its reader stopped, its status
// (Unread, Reading (page N of M), Finished), the search, the four orders and the grid's groups by
// series. Pure functions, shared by the grid, the list (the spec's table) and their tests.
import { isFinished, readerLinkHref, type ReadingStop } from '@/components/reader-link';

import type { PurchaseItem } from '../api/get-purchases';

export const LIBRARY_SORTS = ['bought', 'read', 'series', 'title'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const DEFAULT_LIBRARY_SORT: LibrarySort = 'bought';

export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  bought: 'Recently bought',
  read: 'Recently read',
  series: 'Series',
  title: 'Title',
};

/** The sort an address names (`?sort=read`), or the default. */
export function parseLibrarySort(value: string | null): LibrarySort {
  return LIBRARY_SORTS.find((sort) => sort === value) ?? DEFAULT_LIBRARY_SORT;
}

/** A bought issue with where its reader stopped (undefined: not opened yet, or not known yet). */
export type LibraryIssue = PurchaseItem & { stop?: ReadingStop | undefined };

export type ReadingStatus =
  { kind: 'unread' } | { kind: 'reading'; page: number; pageCount: number } | { kind: 'finished'; pageCount: number };

export function readingStatus(stop: Pick<ReadingStop, 'page' | 'pageCount'> | undefined): ReadingStatus {
  if (!stop) return { kind: 'unread' };
  if (isFinished(stop)) return { kind: 'finished', pageCount: stop.pageCount };
  return { kind: 'reading', page: stop.page, pageCount: stop.pageCount };
}

export function statusText(status: ReadingStatus): string {
  switch (status.kind) {
    case 'unread':
      return 'Unread';
    case 'reading':
      return `Reading (page ${status.page} of ${status.pageCount})`;
    case 'finished':
      return 'Finished';
  }
}

/** How far through the issue, 0–100, for the bar. */
export function statusPercent(status: ReadingStatus): number {
  switch (status.kind) {
    case 'unread':
      return 0;
    case 'reading':
      return status.pageCount > 0 ? Math.min(100, Math.round((status.page / status.pageCount) * 100)) : 0;
    case 'finished':
      return 100;
  }
}

/**
 * The card's way into the reader, as ReaderLink goes: 'Read' (not started, or not known yet),
 * 'Continue' (the reader opens at the saved page), 'Read again' (from the first page).
 */
export function readingAction(issueId: number, status: ReadingStatus | null): { label: string; href: string } {
  const progress =
    status?.kind === 'reading'
      ? status
      : status?.kind === 'finished'
        ? { page: status.pageCount, pageCount: status.pageCount }
        : undefined;
  const label = status?.kind === 'reading' ? 'Continue' : status?.kind === 'finished' ? 'Read again' : 'Read';
  return { label, href: readerLinkHref(issueId, false, progress) };
}

// ---- Search -----------------------------------------------------------------------------------

/** Text as the search compares it: without accents, lower case, spaces collapsed ('Légion' → 'legion'). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Every word of the query must be found: in the series name, in the issue's title, or, a number
 * ('3' or '#3'), as the issue's number ('night 3' finds Night Watch #3, and '3' finds #3, not #13,
 * unless a title or a series says 3).
 */
export function matchesSearch(issue: Pick<PurchaseItem, 'volume_name' | 'name' | 'issue_number'>, query: string) {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const series = foldText(issue.volume_name);
  const title = foldText(issue.name ?? '');
  return words.every((word) => {
    if (series.includes(word) || title.includes(word)) return true;
    const number = /^#?(\d+)$/.exec(word);
    return number !== null && Number(number[1]) === issue.issue_number;
  });
}

export function searchLibrary<T extends LibraryIssue>(issues: readonly T[], query: string): T[] {
  return issues.filter((issue) => matchesSearch(issue, query));
}

// ---- Orders -----------------------------------------------------------------------------------

// Made on first use: it loads the browser's locale data.
let collator: Intl.Collator | undefined;
/** Names compared as a reader expects: accents and case aside, numbers by value ('Vol 2' before 'Vol 10'). */
function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}

/** Milliseconds since the epoch; 0 for a missing or unreadable time (so it sorts last, newest first). */
function timeOf(iso: string | undefined): number {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** A series' issues in reading order. */
function byIssueNumber(a: LibraryIssue, b: LibraryIssue): number {
  return a.issue_number - b.issue_number || a.id - b.id;
}

function bySeriesThenNumber(a: LibraryIssue, b: LibraryIssue): number {
  return compareText(a.volume_name, b.volume_name) || a.volume_id - b.volume_id || byIssueNumber(a, b);
}

function byRecentlyBought(a: LibraryIssue, b: LibraryIssue): number {
  return timeOf(b.purchasedAt) - timeOf(a.purchasedAt) || b.orderId - a.orderId || bySeriesThenNumber(a, b);
}

const FLAT_ORDERS: Record<LibrarySort, (a: LibraryIssue, b: LibraryIssue) => number> = {
  bought: byRecentlyBought,
  // Never opened issues after the ones read, among themselves newest bought first.
  read: (a, b) => timeOf(b.stop?.updatedAt) - timeOf(a.stop?.updatedAt) || byRecentlyBought(a, b),
  series: bySeriesThenNumber,
  // By the issue's own title; an issue without one after those with one, in series order.
  title: (a, b) => {
    const titleA = a.name?.trim() ?? '';
    const titleB = b.name?.trim() ?? '';
    if (!titleA !== !titleB) return titleA ? -1 : 1;
    return compareText(titleA, titleB) || bySeriesThenNumber(a, b);
  },
};

/** One list in the sort's order: the list view (the spec's table) and the grid's Title order. */
export function sortLibrary<T extends LibraryIssue>(issues: readonly T[], sort: LibrarySort): T[] {
  return [...issues].sort(FLAT_ORDERS[sort]);
}

/** A series on the grid; `name` null for the one ungrouped list of the Title order. */
export type LibraryGroup<T extends LibraryIssue = LibraryIssue> = {
  key: string;
  name: string | null;
  issues: T[];
};

/**
 * The grid's shelves. The groups stay for every order but Title, because a library is read by
 * series: the order chooses which series comes first (Recently bought: the series with the latest
 * purchase; Recently read: the series read last, never-opened ones after them by purchase;
 * Series: by name), and within a series the issues stay in issue-number order, the order they are
 * read in. Title sorts the issues themselves across series, which groups would undo: it gives one
 * list without groups.
 */
export function groupLibrary<T extends LibraryIssue>(issues: readonly T[], sort: LibrarySort): LibraryGroup<T>[] {
  if (sort === 'title') return issues.length ? [{ key: 'all', name: null, issues: sortLibrary(issues, sort) }] : [];

  const bySeries = new Map<number, T[]>();
  for (const issue of issues) {
    const members = bySeries.get(issue.volume_id);
    if (members) members.push(issue);
    else bySeries.set(issue.volume_id, [issue]);
  }
  const groups = [...bySeries].map(([volumeId, members]) => ({
    key: String(volumeId),
    name: members[0]!.volume_name,
    issues: members.sort(byIssueNumber),
    volumeId,
    // Each order's key for the series: its latest purchase, its latest reading.
    bought: Math.max(...members.map((issue) => timeOf(issue.purchasedAt))),
    read: Math.max(...members.map((issue) => timeOf(issue.stop?.updatedAt))),
  }));
  type Group = (typeof groups)[number];
  const byName = (a: Group, b: Group) => compareText(a.name, b.name) || a.volumeId - b.volumeId;
  const byBought = (a: Group, b: Group) => b.bought - a.bought || byName(a, b);
  const order: Record<Exclude<LibrarySort, 'title'>, (a: Group, b: Group) => number> = {
    bought: byBought,
    read: (a, b) => b.read - a.read || byBought(a, b),
    series: byName,
  };
  return groups.sort(order[sort]).map(({ key, name, issues: members }) => ({ key, name, issues: members }));
}
