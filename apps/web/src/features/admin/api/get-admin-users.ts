// GET /api/admin/users?q=&page=&limit=: a page of accounts, `q` matching the e-mail or the
// username anywhere in them (any case); how many match in all comes in the X-Total-Count header.
// Never a password hash or a session.
import type { AdminUser } from '@comics/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetPage } from '@/lib/api-client';

import { adminUsersQueryKey } from './admin-query-keys';

export type { AdminUser };

/** Accounts per page (the server's default page size, sent explicitly so the page count agrees). */
export const USERS_PAGE_SIZE = 25;

export type AdminUsersFilter = { q: string; page: number };

export function getAdminUsers({ q, page }: AdminUsersFilter, signal?: AbortSignal) {
  return apiGetPage<AdminUser>('/admin/users', { params: { q: q.trim(), page, limit: USERS_PAGE_SIZE }, signal });
}

export function getAdminUsersQueryOptions(filter: AdminUsersFilter) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, { q: filter.q.trim(), page: filter.page }],
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
  });
}

export function useAdminUsers(filter: AdminUsersFilter) {
  // The rows being left stay on screen while the next search or page loads.
  return useQuery({ ...getAdminUsersQueryOptions(filter), placeholderData: keepPreviousData });
}
