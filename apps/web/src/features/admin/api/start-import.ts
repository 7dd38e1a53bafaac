// POST /api/admin/imports: declares the archives about to be uploaded and what their new issues
// cost; answers the import's report, whose files carry the ids their uploads name.
import type { ImportBatchBody, ImportReport } from '@comics/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { adminImportsQueryKey } from './admin-query-keys';
import { getImportQueryOptions } from './get-import';

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBatchBody) => apiPost<ImportReport>('/admin/imports', body),
    onSuccess: (report) => {
      queryClient.setQueryData(getImportQueryOptions(report.id).queryKey, report);
      return queryClient.invalidateQueries({ queryKey: adminImportsQueryKey });
    },
  });
}
