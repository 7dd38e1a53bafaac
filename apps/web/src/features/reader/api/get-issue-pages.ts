// GET /api/issues/{id}/pages: an issue's pages (sizes, stored widths, placeholders), its reading
// direction and where the images are. The same for everybody; who may see which image is the
// reading access's business.
import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { orOnDevice } from '@/lib/offline/on-device';

import { issuePagesQueryKey } from './query-keys';

export type { IssuePagesAnswer };

/** Offline, an issue downloaded to this device answers from there (its pages at the width kept). */
export function getIssuePages(issueId: number, signal?: AbortSignal): Promise<IssuePagesAnswer> {
  return orOnDevice(apiGet<IssuePagesAnswer>(`/issues/${issueId}/pages`, { signal }), (shelf) =>
    shelf.deviceIssuePages(issueId),
  );
}

export function getIssuePagesQueryOptions(issueId: number) {
  return queryOptions({
    queryKey: issuePagesQueryKey(issueId),
    queryFn: ({ signal }) => getIssuePages(issueId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useIssuePages(issueId: number) {
  return useQuery(getIssuePagesQueryOptions(issueId));
}
