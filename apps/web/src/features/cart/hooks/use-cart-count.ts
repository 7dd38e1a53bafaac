// The navbar badge (docs/product.md §2): how many issues the server's cart holds. Until the cart
// has loaded, the stored display copy (`carrito`, §3) stands in, so the badge does not flash 0
// on every page load. Guests and administrators have no cart: 0.
import { STORAGE_KEYS } from '@comics/shared/constants';
import { useSyncExternalStore } from 'react';

import { readStorage, subscribeStorage } from '@/lib/storage';

import { useCart } from '../api/get-cart';

function getStoredCount(): number {
  const raw = readStorage(STORAGE_KEYS.cart);
  if (!raw) return 0;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.length : 0;
  } catch {
    return 0;
  }
}

/** `userId`: the signed-in USER's id, or null for anyone without a cart. */
export function useCartCount(userId: number | null): number {
  const cart = useCart(userId);
  const storedCount = useSyncExternalStore(subscribeStorage, getStoredCount, () => 0);
  if (userId === null) return 0;
  return cart.data ? cart.data.length : storedCount;
}
