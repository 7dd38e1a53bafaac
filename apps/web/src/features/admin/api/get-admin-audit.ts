// GET /api/admin/audit?page=&limit=: a page of the audit log, newest first (who did what, when,
// to what); how many entries there are in all comes in the X-Total-Count header.
import type { AuditEntry } from '@comics/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetPage } from '@/lib/api-client';

import { adminAuditQueryKey } from './admin-query-keys';

export type { AuditEntry };

/** Entries per page of the dashboard's 'Recent admin activity'. */
export const AUDIT_PAGE_SIZE = 10;

export function getAdminAudit(page: number, signal?: AbortSignal) {
  return apiGetPage<AuditEntry>('/admin/audit', { params: { page, limit: AUDIT_PAGE_SIZE }, signal });
}

export function getAdminAuditQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminAuditQueryKey, page],
    queryFn: ({ signal }) => getAdminAudit(page, signal),
  });
}

export function useAdminAudit(page: number) {
  // The page being left stays on screen while the next one loads.
  return useQuery({ ...getAdminAuditQueryOptions(page), placeholderData: keepPreviousData });
}
