// GET /api/shop/cart/{userId}/carrito: the signed-in USER's cart (docs/product.md §2 Cart, §7).
// The server's cart is the truth. The browser keeps `carrito` only as a display copy (§3): it is
// written from every cart the server answers and removed when the cart is empty.
import { STORAGE_KEYS } from '@comics/shared/constants';
import type { CartItem } from '@comics/shared/schemas/shop';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { removeStorage, writeStorage } from '@/lib/storage';

export type { CartItem };

export const cartQueryKey = (userId: number) => ['cart', userId] as const;

/** The display copy of docs/product.md §3: the list while it has items, nothing once empty. */
export function storeCartCopy(items: readonly CartItem[]): void {
  if (items.length === 0) removeStorage(STORAGE_KEYS.cart);
  else writeStorage(STORAGE_KEYS.cart, JSON.stringify(items));
}

export async function getCart(userId: number, signal?: AbortSignal): Promise<CartItem[]> {
  const items = await apiGet<CartItem[]>(`/shop/cart/${userId}/carrito`, { signal });
  storeCartCopy(items);
  return items;
}

export function getCartQueryOptions(userId: number) {
  return queryOptions({
    queryKey: cartQueryKey(userId),
    queryFn: ({ signal }) => getCart(userId, signal),
  });
}

/** The cart of this USER; nothing is asked for a guest or an administrator (`userId` null). */
export function useCart(userId: number | null) {
  return useQuery({ ...getCartQueryOptions(userId ?? 0), enabled: userId !== null });
}

/** Every cart the server answers (after an add, a removal, a payment) replaces the cached one. */
export function setCartData(queryClient: QueryClient, userId: number, items: CartItem[]): void {
  queryClient.setQueryData(cartQueryKey(userId), items);
  storeCartCopy(items);
}
