// Where the signed-in USER stopped in each issue they own (issue 13), from the reading shelf, as a
// lookup for the screens that say 'Continue (page N of M)': My comics and the issue modal. The cart
// and catalogue features may not import the reader's API, so the app joins them here.
import { useCallback } from 'react';

import type { ProgressLookup } from '@/components/reader-link';
import { progressOf, useReadingShelf } from '@/features/reader/api/get-reading-shelf';

/** Undefined for every issue while the shelf loads, or for nobody signed in (`userId` null). */
export function useReadingProgress(userId: number | null): ProgressLookup {
  const shelf = useReadingShelf(userId);
  return useCallback((issueId) => progressOf(shelf.data, issueId), [shelf.data]);
}
