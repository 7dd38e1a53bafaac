// Saves where an owner is in an issue: a moment after the last turn (not at every key press),
// at once when the page is hidden or left (keepalive: the request outlives a closing tab), then
// refreshes what shows the progress elsewhere ('Continue reading', My comics). With no network
// the place is kept on this device and sent when the network returns (issue 28); an issue kept
// on the device also remembers there where its reader is, for reading it offline later.
import type { ReadingAccess } from '@comics/shared/schemas/reader';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { ApiError } from '@/lib/api-client';
import { deviceCopyOf, placeReadOnDevice, type DevicePlace } from '@/lib/offline/device-shelf';
import { isOffline } from '@/lib/online';

import { getReadingAccessQueryOptions } from '../api/get-reading-access';
import { readingQueryKey } from '../api/query-keys';
import { saveProgress } from '../api/save-progress';

/** Quiet time after a turn before the page is saved. */
export const SAVE_PROGRESS_DELAY_MS = 1000;

type ProgressSaverOptions = {
  issueId: number;
  /** The owner's id; null saves nothing (a guest, or a reader of the preview). */
  userId: number | null;
  /** The page on screen now. */
  page: number;
  /** The page the server has (null: none yet). */
  savedPage: number | null;
  pageCount: number;
};

export function useProgressSaver({ issueId, userId, page, savedPage, pageCount }: ProgressSaverOptions): void {
  const queryClient = useQueryClient();
  const lastSaved = useRef(savedPage);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(
    (keepalive: boolean) => {
      clearTimeout(timer.current);
      const next = pending.current;
      pending.current = null;
      if (userId === null || next === null || next === lastSaved.current) return;
      lastSaved.current = next;
      const place = { userId, issueId, page: next, pageCount };
      // Known offline: straight to the device (a request would only fail, maybe after the tab closed).
      if (isOffline()) {
        void placeReadOnDevice({ ...place, sent: false });
        return;
      }
      saveProgress(issueId, next, { keepalive }).then(
        (progress) => {
          void keepPlaceOfDeviceCopy(place);
          // This reader's own access keeps its token (a refetch could change every page's address).
          const accessKey = getReadingAccessQueryOptions(userId, issueId).queryKey;
          queryClient.setQueryData<ReadingAccess>(accessKey, (access) => access && { ...access, progress });
          void queryClient.invalidateQueries({
            queryKey: readingQueryKey(userId),
            predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(accessKey),
          });
        },
        (error: unknown) => {
          // No network: kept here and sent when it returns. Else not saved: the next turn (or
          // hiding the page) tries again.
          if (error instanceof ApiError && error.code === 'NETWORK_ERROR') {
            void placeReadOnDevice({ ...place, sent: false });
          } else if (lastSaved.current === next) lastSaved.current = null;
        },
      );
    },
    [issueId, userId, pageCount, queryClient],
  );

  useEffect(() => {
    if (userId === null) return;
    clearTimeout(timer.current);
    pending.current = page;
    timer.current = setTimeout(() => flush(false), SAVE_PROGRESS_DELAY_MS);
  }, [page, userId, flush]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the reader inside the app: the last page is saved now, not lost with the timer.
      flush(true);
    };
  }, [flush]);
}

/** A place the server has now: kept on the device too when the issue is there, to resume offline. */
async function keepPlaceOfDeviceCopy(place: Pick<DevicePlace, 'userId' | 'issueId' | 'page' | 'pageCount'>) {
  if (await deviceCopyOf(place.issueId).catch(() => undefined)) await placeReadOnDevice({ ...place, sent: true });
}
