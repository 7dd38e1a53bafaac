// POST /api/shop/cart/bulk { comics, userId }: 'BUY ALL COMICS!' in one request. The server skips
// issues already owned or already in the cart and answers the cart after.
import type { CartItem } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { setCartData } from './get-cart';

export function addManyToCart(userId: number, issueIds: readonly number[]): Promise<CartItem[]> {
  return apiPost<CartItem[]>('/shop/cart/bulk', { comics: issueIds, userId });
}

export function useAddManyToCart(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueIds: readonly number[]) => addManyToCart(userId, issueIds),
    onSuccess: (items) => setCartData(queryClient, userId, items),
  });
}
