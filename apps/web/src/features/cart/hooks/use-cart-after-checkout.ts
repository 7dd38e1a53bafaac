// What a checkout changes in the cached shop data. Paid: the cart is empty (badge 0, stored copy
// gone) and 'My comics' has new issues; both are fetched again, so the screens end on the
// server's word. Refused because the cart was stale (a price changed, an issue was bought
// elsewhere): both are fetched again, so the next attempt pays for what the server holds.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { cartQueryKey, setCartData } from '../api/get-cart';
import { purchasesQueryKey } from '../api/get-purchases';

export function useCartAfterCheckout(userId: number): { paid: () => void; refresh: () => void } {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: purchasesQueryKey(userId) });
    };
    return {
      refresh,
      paid: () => {
        setCartData(queryClient, userId, []);
        refresh();
      },
    };
  }, [queryClient, userId]);
}
