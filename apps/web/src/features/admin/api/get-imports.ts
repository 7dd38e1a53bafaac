// GET /api/admin/imports: the price new issues get by default, and the latest imports with their
// counts (the Import screen's list; it refreshes while one is still running).
import type { ImportBatches } from '@comics/shared/schemas/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminImportsQueryKey } from './admin-query-keys';

/** How often the list is asked again while an import in it is open. */
const OPEN_IMPORT_REFRESH_MS = 3_000;

export const getImportsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminImportsQueryKey, 'list'],
    queryFn: ({ signal }) => apiGet<ImportBatches>('/admin/imports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.batches.some((batch) => batch.finishedAt === null) ? OPEN_IMPORT_REFRESH_MS : false,
  });

export const useImports = () => useQuery(getImportsQueryOptions());
