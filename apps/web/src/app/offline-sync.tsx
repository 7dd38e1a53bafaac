// What keeps a signed-in reader's device and the shop in step (issue 28), loaded only for someone
// signed in on a browser that can keep issues:
// - opened with no network on a page that needs one (the installed app's start), it goes to My
//   comics showing what is on this device;
// - with a network (at start and whenever it returns), the places read offline are sent (the
//   server keeps the furthest) and the issues no longer owned (a purchase taken back) leave the
//   device.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { catalogHomePaths, paths } from '@/config/paths';
import { getPurchasesQueryOptions } from '@/features/cart/api/get-purchases';
import { readingQueryKey } from '@/features/reader/api/query-keys';
import { saveProgress } from '@/features/reader/api/save-progress';
import { removeCopiesNotOwned, sendQueuedPlaces } from '@/lib/offline/device-shelf';
import { isOffline, useOffline } from '@/lib/online';

/** Pages a reader opening the app offline would only see fail. */
const NETWORK_START_PAGES = new Set(['/', ...catalogHomePaths]);

export function OfflineSync({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (isOffline() && NETWORK_START_PAGES.has(pathname)) {
      void navigate(`${paths.user.purchases.getHref()}?on=device`, { replace: true });
    }
  }, [navigate, pathname]);

  useEffect(() => {
    if (offline) return;
    let current = true;
    void (async () => {
      const sent = await sendQueuedPlaces(userId, (place) =>
        saveProgress(place.issueId, place.page, { readAt: place.at }),
      );
      if (sent > 0) await queryClient.invalidateQueries({ queryKey: readingQueryKey(userId) });
      if (!current) return;
      const owned = await queryClient.fetchQuery(getPurchasesQueryOptions(userId));
      await removeCopiesNotOwned(userId, new Set(owned.map((issue) => issue.id)));
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [offline, userId, queryClient]);

  return null;
}
