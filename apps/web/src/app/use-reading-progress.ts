// Where the signed-in USER stopped in each issue they own (issue 13), from the reading shelf, as a
// lookup for the screens that say 'Continue (page N of M)': My comics and the issue modal. The cart
// and catalogue features may not import the reader's API, so the app joins them here.
import { useCallback } from 'react';

import type { ReadingStopLookup } from '@/components/reader-link';
import { progressOf, useReadingShelf } from '@/features/reader/api/get-reading-shelf';

/** Undefined for every issue while the shelf loads, or for nobody signed in (`userId` null). */
export function useReadingProgress(userId: number | null): ReadingStopLookup {
  return useReadingStops(userId).stopOf;
}

/**
 * The same lookup, and whether the shelf is known: My comics tells 'not started' (Unread) from
 * 'not loaded yet' (no status at all) with it.
 */
export function useReadingStops(userId: number | null): { stopOf: ReadingStopLookup; known: boolean } {
  const shelf = useReadingShelf(userId);
  const stopOf = useCallback<ReadingStopLookup>((issueId) => progressOf(shelf.data, issueId), [shelf.data]);
  return { stopOf, known: shelf.data !== undefined };
}
