// POST /api/admin/imports/{id}/cancel: gives up the files still uploading or waiting to convert
// (the one converting finishes); answers the report as it now stands.
import type { ImportReport } from '@comics/shared/schemas/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { adminImportsQueryKey } from './admin-query-keys';
import { getImportQueryOptions } from './get-import';

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<ImportReport>(`/admin/imports/${id}/cancel`),
    onSuccess: (report) => {
      queryClient.setQueryData(getImportQueryOptions(report.id).queryKey, report);
      return queryClient.invalidateQueries({ queryKey: adminImportsQueryKey });
    },
  });
}
