// GET /api/shop/orders: the customer's paid orders, newest first, each a receipt (lines at the
// prices charged, total, card). Always asked again when a page needs it: a payment just made
// must show.
import type { CustomerOrder } from '@comics/shared/schemas/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

export type { CustomerOrder };

export function getOrders(signal?: AbortSignal): Promise<CustomerOrder[]> {
  return apiGet<CustomerOrder[]>('/shop/orders', { signal });
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: ['orders'], queryFn: ({ signal }) => getOrders(signal), staleTime: 0 });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
