// GET /api/shop/cart/{userId}/comprado: the issues this USER has bought ('My comics', docs/product.md
// §2 Purchases), newest first, each with the price paid in dollars. The issue modal also reads it
// to show an owned issue as owned instead of offering it for sale again.
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { orOnDevice } from '@/lib/offline/on-device';

export type { PurchaseItem };

export const purchasesQueryKey = (userId: number) => ['purchases', userId] as const;

/** Offline, the issues this device keeps for the user (issue 28): what can be read without a network. */
export function getPurchases(userId: number, signal?: AbortSignal): Promise<PurchaseItem[]> {
  return orOnDevice(apiGet<PurchaseItem[]>(`/shop/cart/${userId}/comprado`, { signal }), (shelf) =>
    shelf.devicePurchases(userId),
  );
}

export function getPurchasesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: purchasesQueryKey(userId),
    queryFn: ({ signal }) => getPurchases(userId, signal),
  });
}

export function usePurchases(userId: number | null) {
  return useQuery({ ...getPurchasesQueryOptions(userId ?? 0), enabled: userId !== null });
}
