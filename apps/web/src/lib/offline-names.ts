// What the page and the service worker (src/sw.ts) both name: the caches and the database this
// device keeps, and which requests are page images. The service worker imports only this file of
// the app (and the zod-free page-address.ts), so it stays small.
import { PAGE_WIDTHS } from '@comics/shared/page-address';

/** The pages of issues downloaded for offline reading, each under its address without `?t=`. */
export const OFFLINE_PAGES_CACHE = 'comics-offline-pages';
/** Covers and other catalogue images the service worker keeps, bounded in entries and age. */
export const CATALOG_IMAGES_CACHE = 'comics-catalog-images';
/** IndexedDB: the downloaded issues (what they are, their pages answer, bytes) and queued progress. */
export const OFFLINE_DATABASE = 'comics-offline';

/** Every cache that holds something of a signed-in user's: removed when the session ends. */
export const PRIVATE_CACHES = [OFFLINE_PAGES_CACHE, CATALOG_IMAGES_CACHE] as const;

/** A page image's path: `/media/pages/{issue}/{version}/{n}-{w}.webp` (packages/shared/src/page-address.ts). */
export const PAGE_IMAGE_PATH = /^\/media\/pages\/\d+\/[a-z0-9]+\/\d+-\d+\.webp$/;

/** The key a downloaded page is kept under: its address without the query (which carries the page token). */
export function offlinePageKey(address: string, base: string): string {
  const url = new URL(address, base);
  return url.origin + url.pathname;
}

/**
 * The same page's keys at the other stored widths: offline, a page asked for at another width
 * than the one downloaded (the window was resized, the phone turned) is still on the device.
 */
export function keysAtOtherWidths(key: string): string[] {
  const match = /^(.*\/\d+)-(\d+)\.webp$/.exec(key);
  if (!match) return [];
  const [, page, width] = match;
  return PAGE_WIDTHS.filter((other) => String(other) !== width).map((other) => `${page}-${other}.webp`);
}
