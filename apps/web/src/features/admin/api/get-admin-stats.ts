// GET /api/admin/stats: the dashboard's four figures, revenue and orders per day for the last
// 30 days (oldest first, zeros included) and the most recent orders (ADMIN only).
import type { AdminStats } from '@comics/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminStatsQueryKey } from './admin-query-keys';

export type { AdminStats };
export type StatsDay = AdminStats['days'][number];

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiGet<AdminStats>('/admin/stats', { signal });
}

export function getAdminStatsQueryOptions() {
  return queryOptions({
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => getAdminStats(signal),
  });
}

export function useAdminStats() {
  return useQuery(getAdminStatsQueryOptions());
}
