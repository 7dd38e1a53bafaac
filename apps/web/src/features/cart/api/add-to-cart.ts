// POST /api/shop/cart { comic, userId }: puts one issue in the cart and answers the whole cart,
// which replaces the cached one. A 409 `already_owned` means the purchases we hold are stale.
import type { CartItem } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost, isRefusal } from '@/lib/api-client';

import { setCartData } from './get-cart';
import { purchasesQueryKey } from './get-purchases';

export function addToCart(userId: number, issueId: number): Promise<CartItem[]> {
  return apiPost<CartItem[]>('/shop/cart', { comic: issueId, userId });
}

export function useAddToCart(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueId: number) => addToCart(userId, issueId),
    onSuccess: (items) => setCartData(queryClient, userId, items),
    onError: (error) => {
      if (isRefusal(error, 'already_owned')) {
        void queryClient.invalidateQueries({ queryKey: purchasesQueryKey(userId) });
      }
    },
  });
}
