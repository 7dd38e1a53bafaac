// GET /api/admin/orders?status=&page=&limit=: a page of orders, newest first, optionally of one
// status; how many match in all comes in the X-Total-Count header.
import type { AdminOrder, AdminOrderStatus } from '@comics/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGetPage } from '@/lib/api-client';

import { adminOrdersQueryKey } from './admin-query-keys';

export type { AdminOrder, AdminOrderStatus };

/** Orders per page. */
export const ORDERS_PAGE_SIZE = 25;

/** The statuses an order can have, in the order the filter offers them. */
export const ORDER_STATUS_CHOICES: readonly AdminOrderStatus[] = ['paid', 'pending', 'failed'];

export type AdminOrdersFilter = { status: AdminOrderStatus | null; page: number };

export function getAdminOrders({ status, page }: AdminOrdersFilter, signal?: AbortSignal) {
  return apiGetPage<AdminOrder>('/admin/orders', { params: { status, page, limit: ORDERS_PAGE_SIZE }, signal });
}

export function getAdminOrdersQueryOptions(filter: AdminOrdersFilter) {
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, filter],
    queryFn: ({ signal }) => getAdminOrders(filter, signal),
  });
}

export function useAdminOrders(filter: AdminOrdersFilter) {
  // The rows being left stay on screen while the next filter or page loads.
  return useQuery({ ...getAdminOrdersQueryOptions(filter), placeholderData: keepPreviousData });
}
