// Downloads an owned issue for offline reading (issue 28): its pages answer and the owner's page
// token, then every page at the width this screen reads it (offline-rendition.ts), a few at a
// time, into the device's page cache under its address without the token (the service worker
// answers the reader from there). The record goes last, so an issue is listed as kept only once
// every page is; a failure or a cancel deletes the pages already kept.
import { mapLimited } from '@comics/shared/map-limited';
import type { PurchaseItem } from '@comics/shared/schemas/shop';

import { ApiError } from '@/lib/api-client';
import { deletePages, recordCopy, type DeviceCopy } from '@/lib/offline/device-shelf';
import { OFFLINE_PAGES_CACHE, offlinePageKey } from '@/lib/offline-names';

import { storedReaderLayout } from '../hooks/use-reader-settings';
import { offlineWidth, thisScreen } from '../utils/offline-rendition';
import { pageImageUrl } from '../utils/page-images';
import { getIssuePages } from './get-issue-pages';
import { getReadingAccess } from './get-reading-access';

/** Pages fetched at once: enough to fill a mobile link, few enough to leave the reader room. */
const PAGES_AT_ONCE = 4;

export type KeepOfflineOptions = {
  signal?: AbortSignal;
  /** Called after each page kept: how many of how many. */
  onProgress?: (kept: number, total: number) => void;
};

export async function keepOffline(
  userId: number,
  purchase: PurchaseItem,
  { signal, onProgress }: KeepOfflineOptions = {},
): Promise<DeviceCopy> {
  const issueId = purchase.id;
  const [pages, access] = await Promise.all([getIssuePages(issueId, signal), getReadingAccess(issueId, signal)]);
  if (!access.owned || !access.token) {
    throw new ApiError(403, 'not_owner', 'Only the issues you bought can be kept on this device.');
  }
  const source = { pagesBase: pages.pagesBase, previewPages: pages.previewPages, token: access.token };
  const layout = storedReaderLayout();
  const screen = thisScreen();
  const cache = await caches.open(OFFLINE_PAGES_CACHE);
  const kept: string[] = [];
  let bytes = 0;

  try {
    const narrowed = await mapLimited(pages.pages, PAGES_AT_ONCE, async (page) => {
      const width = offlineWidth(page, layout, screen);
      const address = pageImageUrl(source, page.number, width);
      const response = await fetch(address, { credentials: 'same-origin', signal: signal ?? null }).catch(
        (cause: unknown) => {
          if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
          throw new ApiError(0, 'NETWORK_ERROR', 'The download stopped: the shop could not be reached.');
        },
      );
      if (!response.ok) {
        throw new ApiError(response.status, `HTTP_${response.status}`, `Page ${page.number} could not be downloaded.`);
      }
      const image = await response.blob();
      const key = offlinePageKey(address, window.location.href);
      await cache.put(key, new Response(image, { headers: { 'Content-Type': image.type || 'image/webp' } }));
      kept.push(key);
      bytes += image.size;
      onProgress?.(kept.length, pages.pages.length);
      return { ...page, widths: [width] };
    });
    const copy: DeviceCopy = {
      issueId,
      userId,
      purchase,
      pages: { ...pages, pages: narrowed },
      pageKeys: kept,
      bytes,
      downloadedAt: new Date().toISOString(),
    };
    signal?.throwIfAborted();
    await recordCopy(copy);
    return copy;
  } catch (error) {
    await deletePages(kept).catch(() => undefined);
    throw error;
  }
}
