// My comics' library logic: statuses and the reader's way in, the accent- and case-blind search,
// the four orders of the list and the grid's groups by series.
import { describe, expect, it } from 'vitest';

import {
  foldText,
  groupLibrary,
  matchesSearch,
  parseLibrarySort,
  readingAction,
  readingStatus,
  searchLibrary,
  sortLibrary,
  statusPercent,
  statusText,
  type LibraryIssue,
} from './library';

let nextId = 1;
function issue(
  volume: [id: number, name: string],
  issueNumber: number,
  extra: {
    name?: string | null;
    boughtOn?: string;
    orderId?: number;
    read?: [page: number, of: number, on: string];
  } = {},
): LibraryIssue {
  const id = nextId++;
  return {
    id,
    volume_id: volume[0],
    volume_name: volume[1],
    issue_number: issueNumber,
    name: extra.name === undefined ? `Title ${id}` : extra.name,
    image: `/media/${id}.webp`,
    price: 2.99,
    orderId: extra.orderId ?? 1,
    purchasedAt: `2025-01-${extra.boughtOn ?? '01'}T10:00:00.000Z`,
    stop: extra.read && {
      page: extra.read[0],
      pageCount: extra.read[1],
      updatedAt: `2025-02-${extra.read[2]}T10:00:00.000Z`,
    },
  };
}

const LEGION: [number, string] = [796, 'Légion Étrange'];
const NIGHT: [number, string] = [12, 'Night Watch'];
const ARMOUR: [number, string] = [40, 'Armour of Dawn'];

const labels = (issues: readonly LibraryIssue[]) => issues.map((i) => `${i.volume_name} #${i.issue_number}`);

describe('reading status', () => {
  it('is Unread, Reading (page N of M) or Finished, with the bar and the way into the reader', () => {
    const unread = readingStatus(undefined);
    expect(statusText(unread)).toBe('Unread');
    expect(statusPercent(unread)).toBe(0);
    expect(readingAction(7, unread)).toEqual({ label: 'Read', href: '/user/read/7' });

    const reading = readingStatus({ page: 3, pageCount: 12 });
    expect(statusText(reading)).toBe('Reading (page 3 of 12)');
    expect(statusPercent(reading)).toBe(25);
    // The reader opens at the saved page by itself.
    expect(readingAction(7, reading)).toEqual({ label: 'Continue', href: '/user/read/7' });

    const finished = readingStatus({ page: 12, pageCount: 12 });
    expect(statusText(finished)).toBe('Finished');
    expect(statusPercent(finished)).toBe(100);
    // Reading again starts on the first page, not on the saved last one.
    expect(readingAction(7, finished)).toEqual({ label: 'Read again', href: '/user/read/7?page=1' });
  });

  it('counts a saved page past the end (a shorter upload replaced the pages) as finished', () => {
    expect(readingStatus({ page: 30, pageCount: 24 }).kind).toBe('finished');
    expect(statusPercent(readingStatus({ page: 1, pageCount: 0 }))).toBe(0);
  });

  it("offers 'Read' while where the reader stopped is not known yet", () => {
    expect(readingAction(7, null)).toEqual({ label: 'Read', href: '/user/read/7' });
  });
});

describe('search', () => {
  const legion2 = issue(LEGION, 2, { name: 'Les Gargouilles' });
  const night3 = issue(NIGHT, 3, { name: 'The Long Dark' });
  const night13 = issue(NIGHT, 13, { name: null });

  it('folds accents, case and spaces', () => {
    expect(foldText('  Légion   ÉTRANGE ')).toBe('legion etrange');
  });

  it('finds by series name, issue title or number, ignoring accents and case', () => {
    const all = [legion2, night3, night13];
    expect(searchLibrary(all, 'legion')).toEqual([legion2]);
    expect(searchLibrary(all, 'ÉTRANGE')).toEqual([legion2]);
    expect(searchLibrary(all, 'gargouilles')).toEqual([legion2]);
    expect(searchLibrary(all, 'long dark')).toEqual([night3]);
    expect(searchLibrary(all, 'night')).toEqual([night3, night13]);
    // A number is the issue's number, whole: 3 is not 13.
    expect(searchLibrary(all, '3')).toEqual([night3]);
    expect(searchLibrary(all, '#13')).toEqual([night13]);
    // Every word must be found somewhere.
    expect(searchLibrary(all, 'night 13')).toEqual([night13]);
    expect(searchLibrary(all, 'night gargouilles')).toEqual([]);
    expect(searchLibrary(all, 'nothing like it')).toEqual([]);
  });

  it('keeps everything for an empty or blank query', () => {
    expect(matchesSearch(night13, '')).toBe(true);
    expect(matchesSearch(night13, '   ')).toBe(true);
  });
});

describe('orders and groups', () => {
  // Bought: Night Watch #2 and #1 on the 3rd, Légion #5 on the 5th, Armour #1 on the 1st, Légion #1
  // on the 2nd. Read: Armour #1 last (the 9th), Night Watch #2 on the 4th.
  const night2 = issue(NIGHT, 2, { name: 'Bells', boughtOn: '03', orderId: 3, read: [4, 10, '04'] });
  const night1 = issue(NIGHT, 1, { name: 'alarm', boughtOn: '03', orderId: 3 });
  const legion5 = issue(LEGION, 5, { name: null, boughtOn: '05', orderId: 5 });
  const armour1 = issue(ARMOUR, 1, { name: 'Crown', boughtOn: '01', orderId: 1, read: [20, 20, '09'] });
  const legion1 = issue(LEGION, 1, { name: 'Échos', boughtOn: '02', orderId: 2 });
  const bought = [legion5, night2, night1, legion1, armour1];

  it('reads the order from the address, Recently bought by default', () => {
    expect(parseLibrarySort('read')).toBe('read');
    expect(parseLibrarySort(null)).toBe('bought');
    expect(parseLibrarySort('price')).toBe('bought');
  });

  it('sorts the list: newest bought, last read, series then number, title', () => {
    expect(labels(sortLibrary(bought, 'bought'))).toEqual([
      'Légion Étrange #5',
      // Bought together: in reading order.
      'Night Watch #1',
      'Night Watch #2',
      'Légion Étrange #1',
      'Armour of Dawn #1',
    ]);
    expect(labels(sortLibrary(bought, 'read'))).toEqual([
      'Armour of Dawn #1',
      'Night Watch #2',
      // Never opened: newest bought first.
      'Légion Étrange #5',
      'Night Watch #1',
      'Légion Étrange #1',
    ]);
    expect(labels(sortLibrary(bought, 'series'))).toEqual([
      'Armour of Dawn #1',
      'Légion Étrange #1',
      'Légion Étrange #5',
      'Night Watch #1',
      'Night Watch #2',
    ]);
    // Case and accents aside ('alarm', 'Bells', 'Crown', 'Échos'); the issue without a title last.
    expect(labels(sortLibrary(bought, 'title'))).toEqual([
      'Night Watch #1',
      'Night Watch #2',
      'Armour of Dawn #1',
      'Légion Étrange #1',
      'Légion Étrange #5',
    ]);
  });

  it('groups by series, each in issue-number order, the series with the latest purchase first', () => {
    const groups = groupLibrary(bought, 'bought');
    expect(groups.map((g) => g.name)).toEqual(['Légion Étrange', 'Night Watch', 'Armour of Dawn']);
    expect(groups.map((g) => labels(g.issues))).toEqual([
      ['Légion Étrange #1', 'Légion Étrange #5'],
      ['Night Watch #1', 'Night Watch #2'],
      ['Armour of Dawn #1'],
    ]);
  });

  it('orders the groups by the latest reading (unread series after, by purchase), or by name', () => {
    expect(groupLibrary(bought, 'read').map((g) => g.name)).toEqual([
      'Armour of Dawn',
      'Night Watch',
      'Légion Étrange',
    ]);
    expect(groupLibrary(bought, 'series').map((g) => g.name)).toEqual([
      'Armour of Dawn',
      'Légion Étrange',
      'Night Watch',
    ]);
    // Within a group the order stays the reading order whatever the sort.
    expect(labels(groupLibrary(bought, 'read')[1]!.issues)).toEqual(['Night Watch #1', 'Night Watch #2']);
  });

  it('gives one list without groups in title order', () => {
    const groups = groupLibrary(bought, 'title');
    expect(groups).toHaveLength(1);
    expect(groups[0]!.name).toBeNull();
    expect(labels(groups[0]!.issues)).toEqual(labels(sortLibrary(bought, 'title')));
    expect(groupLibrary([], 'title')).toEqual([]);
  });

  it('keeps two series of the same name apart', () => {
    const other = issue([41, 'Armour of Dawn'], 1, { boughtOn: '01' });
    const groups = groupLibrary([armour1, other], 'series');
    expect(groups.map((g) => g.key)).toEqual(['40', '41']);
  });
});
