// DELETE /api/shop/cart/{userId}/carrito: empties the cart ('Empty cart', docs/product.md §4); the
// server answers the empty cart, and the stored copy goes with it.
import type { CartItem } from '@comics/shared/schemas/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { setCartData } from './get-cart';

export function emptyCart(userId: number): Promise<CartItem[]> {
  return apiDelete<CartItem[]>(`/shop/cart/${userId}/carrito`);
}

export function useEmptyCart(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => emptyCart(userId),
    onSuccess: (items) => setCartData(queryClient, userId, items),
  });
}
