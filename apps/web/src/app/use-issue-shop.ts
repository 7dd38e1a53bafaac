// Builds the catalogue's IssueShop (favourite, cart, owned, 'BUY ALL COMICS!', reading progress,
// keeping an owned issue for offline reading) for the signed-in USER from the cart, favourites and
// reader features: the catalogue may not import them, so the pages join them here. Undefined for
// anyone else. A cart already holding its maximum of lines refuses more here, with the server's
// words, before any request (the server refuses them too).
import { cartFullMessage, MAX_CART_LINES } from '@comics/shared/constants';
import { createElement, lazy, Suspense, useMemo } from 'react';

import { useAddManyToCart } from '@/features/cart/api/add-many-to-cart';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { useCart } from '@/features/cart/api/get-cart';
import { usePurchases } from '@/features/cart/api/get-purchases';
import { useRemoveFromCart } from '@/features/cart/api/remove-from-cart';
import { useAddFavourite } from '@/features/favourites/api/add-favourite';
import { useFavourites } from '@/features/favourites/api/get-favourites';
import { useRemoveFavourite } from '@/features/favourites/api/remove-favourite';
import type { IssueShop } from '@/features/catalog/types';

import { useCustomerId } from './use-customer';
import { useReadingProgress } from './use-reading-progress';

// Loaded only when an owned issue is shown.
const KeepIssueOffline = lazy(() =>
  import('@/features/reader/components/keep-offline-button').then((m) => ({ default: m.KeepIssueOffline })),
);

const idsOf = (items: readonly { id: number }[] | undefined) => new Set(items?.map((item) => item.id));

export function useIssueShop(): IssueShop | undefined {
  const userId = useCustomerId();
  const cart = useCart(userId);
  const favourites = useFavourites(userId);
  const purchases = usePurchases(userId);
  const readingProgress = useReadingProgress(userId);
  // The mutations are only ever called with a customer: 0 never reaches the server.
  const { mutateAsync: addToCart } = useAddToCart(userId ?? 0);
  const { mutateAsync: removeFromCart } = useRemoveFromCart(userId ?? 0);
  const { mutateAsync: addManyToCart } = useAddManyToCart(userId ?? 0);
  const { mutateAsync: addFavourite } = useAddFavourite(userId ?? 0);
  const { mutateAsync: removeFavourite } = useRemoveFavourite(userId ?? 0);

  return useMemo(() => {
    if (userId === null) return undefined;
    const cartIds = idsOf(cart.data);
    const favouriteIds = idsOf(favourites.data);
    const ownedIds = idsOf(purchases.data);
    return {
      ready: cart.isSuccess && favourites.isSuccess && purchases.isSuccess,
      loadError: cart.error ?? favourites.error ?? purchases.error,
      isFavourite: (issueId) => favouriteIds.has(issueId),
      isInCart: (issueId) => cartIds.has(issueId),
      isOwned: (issueId) => ownedIds.has(issueId),
      setFavourite: (issueId, favourite) => (favourite ? addFavourite(issueId) : removeFavourite(issueId)),
      setInCart: (issueId, inCart) => {
        if (!inCart) return removeFromCart(issueId);
        if (!cartIds.has(issueId) && cartIds.size >= MAX_CART_LINES) return Promise.reject(new Error(cartFullMessage));
        return addToCart(issueId);
      },
      addAllToCart: async (issueIds) => {
        const before = cartIds.size;
        if (before + issueIds.filter((id) => !cartIds.has(id)).length > MAX_CART_LINES) {
          throw new Error(cartFullMessage);
        }
        const after = await addManyToCart(issueIds);
        return Math.max(0, after.length - before);
      },
      readingProgress,
      keepOffline: (issueId) => {
        const bought = purchases.data?.find((item) => item.id === issueId);
        return bought
          ? createElement(Suspense, null, createElement(KeepIssueOffline, { userId, issue: bought }))
          : null;
      },
    } satisfies IssueShop;
  }, [
    userId,
    cart.data,
    cart.isSuccess,
    cart.error,
    favourites.data,
    favourites.isSuccess,
    favourites.error,
    purchases.data,
    purchases.isSuccess,
    purchases.error,
    addToCart,
    removeFromCart,
    addManyToCart,
    addFavourite,
    removeFavourite,
    readingProgress,
  ]);
}
