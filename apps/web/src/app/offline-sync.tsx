// What keeps a customer's device and the shop in step (issue 28), loaded only for a customer
// signed in on a browser that can keep issues:
// - opened with no network on a page that needs one (the installed app's start), it goes to My
//   comics showing what is on this device;
// - with a network (at start and whenever it returns), the places read offline are sent (the
//   server keeps the furthest) and the issues no longer owned (a purchase taken back) leave the
//   device.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { catalogHomePaths, paths } from '@/config/paths';
import { getPurchasesQueryOptions } from '@/features/cart/api/get-purchases';
import { readingQueryKey } from '@/features/reader/api/query-keys';
import { saveProgress } from '@/features/reader/api/save-progress';
import { removeCopiesNotOwned, sendQueuedPlaces } from '@/lib/offline/device-shelf';
import { isOffline, useOffline } from '@/lib/online';

/** Where a reader opening the app lands (its start, the catalogue, the welcome): all need the network. */
const NETWORK_START_PAGES = new Set([
  paths.landing.getHref(),
  paths.user.root.getHref(),
  paths.user.landing.getHref(),
  ...catalogHomePaths,
]);

/** The path this document was opened at, before the app's own redirects (a signed-in /home goes to /user). */
function openedAt(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}

export function OfflineSync({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (isOffline() && NETWORK_START_PAGES.has(openedAt()) && NETWORK_START_PAGES.has(window.location.pathname)) {
      void navigate(`${paths.user.purchases.getHref()}?on=device`, { replace: true });
    }
  }, [navigate]);

  useEffect(() => {
    if (offline) return;
    let current = true;
    void (async () => {
      const sent = await sendQueuedPlaces(userId, (place) =>
        saveProgress(place.issueId, place.page, { readAt: place.at }),
      );
      if (sent > 0) await queryClient.invalidateQueries({ queryKey: readingQueryKey(userId) });
      if (!current) return;
      await removeCopiesNotOwned(userId, async () => {
        const owned = await queryClient.fetchQuery(getPurchasesQueryOptions(userId));
        return new Set(owned.map((issue) => issue.id));
      });
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [offline, userId, queryClient]);

  return null;
}
