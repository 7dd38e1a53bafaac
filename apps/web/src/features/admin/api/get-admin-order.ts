// GET /api/admin/orders/{id}: one order with its lines at the prices charged and the
// confirmation e-mails sent for it (ADMIN only).
import type { AdminOrderDetail } from '@comics/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { adminOrderQueryKey } from './admin-query-keys';

export type { AdminOrderDetail };

export function getAdminOrder(orderId: number, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return apiGet<AdminOrderDetail>(`/admin/orders/${orderId}`, { signal });
}

export function getAdminOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...adminOrderQueryKey, orderId],
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
  });
}

/** The order's detail; nothing is asked while `orderId` is null (no order open). */
export function useAdminOrder(orderId: number | null) {
  return useQuery({ ...getAdminOrderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
