// POST /api/admin/orders/{id}/take-back: takes back the comics of a paid order (its buyer owns
// them no more: they leave My comics and stop opening in the reader at once; the buyer may buy
// them again) and answers the order as it now stands. 409 for an order that is not paid or was
// taken back already.
import type { AdminOrderDetail } from '@comics/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { adminQueryKey } from './admin-query-keys';
import { getAdminOrderQueryOptions } from './get-admin-order';

export function takeBackOrder(orderId: number): Promise<AdminOrderDetail> {
  return apiPost<AdminOrderDetail>(`/admin/orders/${orderId}/take-back`);
}

export function useTakeBackOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackOrder,
    onSuccess: (order) => {
      // The open order shows it at once; the lists, the figures and the audit log reload.
      queryClient.setQueryData(getAdminOrderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
