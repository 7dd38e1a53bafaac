// GET /api/user/reading/{issueId}: whether the signed-in user owns the issue, the token that opens
// its pages past the preview, and the page they stopped on. Guests have no access to ask for.
import type { ReadingAccess } from '@comics/shared/schemas/reader';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { orOnDevice } from '@/lib/offline/on-device';

import { readingQueryKey } from './query-keys';

export type { ReadingAccess };

/**
 * Offline, an issue downloaded to this device opens from there: owned, no token (its pages are
 * on the device under addresses without one), and the place last read here.
 */
export function getReadingAccess(issueId: number, signal?: AbortSignal): Promise<ReadingAccess> {
  return orOnDevice(apiGet<ReadingAccess>(`/user/reading/${issueId}`, { signal }), (shelf) =>
    shelf.deviceReadingAccess(issueId),
  );
}

export function getReadingAccessQueryOptions(userId: number, issueId: number) {
  return queryOptions({
    queryKey: [...readingQueryKey(userId), 'issue', issueId],
    queryFn: ({ signal }) => getReadingAccess(issueId, signal),
    // The page token lasts hours; a fresh one is fetched well before it ends.
    staleTime: 10 * 60_000,
  });
}

export function useReadingAccess(userId: number | null, issueId: number) {
  return useQuery({ ...getReadingAccessQueryOptions(userId ?? 0, issueId), enabled: userId !== null });
}
