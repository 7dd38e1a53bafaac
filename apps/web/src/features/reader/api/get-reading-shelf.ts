// GET /api/user/reading: where the user stopped in each issue they own, most recent first ('Continue
// reading' on /user, 'Continue (page N of M)' in My comics and the issue modal).
import type { ReadingShelfItem } from '@comics/shared/schemas/reader';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { orOnDevice } from '@/lib/offline/on-device';

import { readingQueryKey } from './query-keys';

export type { ReadingShelfItem };

/** Offline, the places read on this device in the issues it keeps, most recent first. */
export function getReadingShelf(signal?: AbortSignal): Promise<ReadingShelfItem[]> {
  return orOnDevice(apiGet<ReadingShelfItem[]>('/user/reading', { signal }), (shelf) => shelf.deviceReadingShelf());
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
