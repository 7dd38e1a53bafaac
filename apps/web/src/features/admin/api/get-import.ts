// GET /api/admin/imports/{id}: an import's report, asked again every second until it is finished,
// so that each file's conversion (pages so far) and outcome show as they happen, and the speed
// can be told.
import type { ImportReport } from '@comics/shared/schemas/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { recordPages } from '../imports/page-rate';
import { adminImportsQueryKey } from './admin-query-keys';

const OPEN_IMPORT_REFRESH_MS = 1_000;

export const getImportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminImportsQueryKey, 'report', id],
    queryFn: async ({ signal }) => {
      const report = await apiGet<ImportReport>(`/admin/imports/${id}`, { signal });
      if (!report.finishedAt) recordPages(id, report.counts.pagesDone);
      return report;
    },
    refetchInterval: (query) => (query.state.data?.finishedAt ? false : OPEN_IMPORT_REFRESH_MS),
  });

export const useImport = (id: number) => useQuery(getImportQueryOptions(id));
