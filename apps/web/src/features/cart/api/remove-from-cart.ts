// DELETE /api/shop/cart { comic, userId }: takes one issue out of the cart and answers the cart
// left, which replaces the cached one.
import type { CartItem } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { setCartData } from './get-cart';

export function removeFromCart(userId: number, issueId: number): Promise<CartItem[]> {
  return apiDelete<CartItem[]>('/shop/cart', { comic: issueId, userId });
}

export function useRemoveFromCart(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueId: number) => removeFromCart(userId, issueId),
    onSuccess: (items) => setCartData(queryClient, userId, items),
  });
}
