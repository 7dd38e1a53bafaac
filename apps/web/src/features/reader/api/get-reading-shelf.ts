// GET /api/user/reading: where the user stopped in each issue they own, most recent first ('Continue
// reading' on /user, 'Continue (page N of M)' in My comics and the issue modal).
import type { ReadingShelfItem } from '@comics/shared/schemas/reader';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { readingQueryKey } from './query-keys';

export type { ReadingShelfItem };

export function getReadingShelf(signal?: AbortSignal): Promise<ReadingShelfItem[]> {
  return apiGet<ReadingShelfItem[]>('/user/reading', { signal });
}

export function getReadingShelfQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...readingQueryKey(userId), 'shelf'],
    queryFn: ({ signal }) => getReadingShelf(signal),
  });
}

export function useReadingShelf(userId: number | null) {
  return useQuery({ ...getReadingShelfQueryOptions(userId ?? 0), enabled: userId !== null });
}

/** Where the user stopped in one issue, from the shelf, or undefined. */
export function progressOf(shelf: readonly ReadingShelfItem[] | undefined, issueId: number) {
  return shelf?.find((item) => item.issueId === issueId);
}
