// The navbar badge: how many issues the stored cart (carrito) holds. The cart itself arrives
// with the accounts work; until then this reads what docs/product.md §3 says the browser keeps.
import { STORAGE_KEYS } from '@comics/shared/constants';
import { useSyncExternalStore } from 'react';

import { readStorage, subscribeStorage } from '@/lib/storage';

function getCount(): number {
  const raw = readStorage(STORAGE_KEYS.cart);
  if (!raw) return 0;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.length : 0;
  } catch {
    return 0;
  }
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribeStorage, getCount, () => 0);
}
