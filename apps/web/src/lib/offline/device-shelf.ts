// What this device keeps for offline reading, and the one way to change it: the issues a user
// downloaded (their page images in Cache Storage, what they are in IndexedDB), where they stopped
// on this device, and forgetting all of it when the session ends. Screens subscribe to changes.
import { furthestPlace } from '@comics/shared/reading-place';
import type { IssuePagesAnswer, ReadingAccess, ReadingProgress, ReadingShelfItem } from '@comics/shared/schemas/reader';
import type { PurchaseItem } from '@comics/shared/schemas/shop';

import { OFFLINE_PAGES_CACHE, PRIVATE_CACHES } from '../offline-names';
import { storedUserId } from '../stored-user-id';
import { canKeepOffline } from './support';
import { deleteDeviceDatabase, deviceDatabase, type DeviceCopy, type DevicePlace } from './device-database';

export type { DeviceCopy, DevicePlace };

export { canKeepOffline };

// Screens follow the shelf through useSyncExternalStore: a counter moved by every change.
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
}

export function subscribeDeviceShelf(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const deviceShelfVersion = () => version;

/** The user's downloaded issues, newest download first. */
export async function deviceCopies(userId: number): Promise<DeviceCopy[]> {
  if (!canKeepOffline()) return [];
  const copies = await (await deviceDatabase()).getAll('copies');
  return copies.filter((copy) => copy.userId === userId).sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/** The signed-in user's copy of the issue, if this device keeps it. */
export async function deviceCopyOf(issueId: number): Promise<DeviceCopy | undefined> {
  if (!canKeepOffline()) return undefined;
  const copy = await (await deviceDatabase()).get('copies', issueId);
  return copy && copy.userId === storedUserId() ? copy : undefined;
}

/** Where the signed-in user stopped in the issue on this device, if they read it here. */
export async function devicePlaceOf(issueId: number): Promise<DevicePlace | undefined> {
  if (!canKeepOffline()) return undefined;
  const place = await (await deviceDatabase()).get('places', issueId);
  return place && place.userId === storedUserId() ? place : undefined;
}

/** Records a copy whose pages are already in OFFLINE_PAGES_CACHE. */
export async function recordCopy(copy: DeviceCopy): Promise<void> {
  await (await deviceDatabase()).put('copies', copy);
  changed();
}

/** Deletes page images from the device (a removed copy, or a download that did not finish). */
export async function deletePages(keys: readonly string[]): Promise<void> {
  const cache = await caches.open(OFFLINE_PAGES_CACHE);
  await Promise.all(keys.map((key) => cache.delete(key)));
}

/** Removes an issue from the device: its pages and its record (a place read here and not sent yet is still sent). */
export async function removeCopy(issueId: number): Promise<void> {
  const db = await deviceDatabase();
  const copy = await db.get('copies', issueId);
  if (!copy) return;
  await deletePages(copy.pageKeys);
  await db.delete('copies', issueId);
  changed();
}

/**
 * Removes the user's copies of issues they no longer own (a purchase taken back); answers how many.
 * `ownedIssues` is asked only when the device keeps something, so other users' start costs no request.
 */
export async function removeCopiesNotOwned(
  userId: number,
  ownedIssues: () => Promise<ReadonlySet<number>>,
): Promise<number> {
  const copies = await deviceCopies(userId);
  if (copies.length === 0) return 0;
  const owned = await ownedIssues();
  const gone = copies.filter((copy) => !owned.has(copy.issueId));
  for (const copy of gone) await removeCopy(copy.issueId);
  return gone.length;
}

/** Where the user stopped in each issue on this device. */
export async function devicePlaces(userId: number): Promise<DevicePlace[]> {
  if (!canKeepOffline()) return [];
  return (await (await deviceDatabase()).getAll('places')).filter((place) => place.userId === userId);
}

/** Keeps the page the user is on, read now; `sent` when the server already has it. */
export async function placeReadOnDevice(
  place: Pick<DevicePlace, 'userId' | 'issueId' | 'page' | 'pageCount'> & { sent: boolean },
): Promise<void> {
  if (!canKeepOffline()) return;
  await (await deviceDatabase()).put('places', { ...place, at: new Date().toISOString() });
  changed();
}

/**
 * Sends the places the server has not had yet, oldest first; each is marked sent unless it moved
 * meanwhile. `send` answers the place the server kept (the furthest: reading-place.ts), which
 * becomes this device's too. A failure stops the round: the rest wait for the next.
 */
export async function sendQueuedPlaces(
  userId: number,
  send: (place: DevicePlace) => Promise<{ page: number; updatedAt: string }>,
): Promise<number> {
  const queued = (await devicePlaces(userId)).filter((place) => !place.sent).sort((a, b) => a.at.localeCompare(b.at));
  let sent = 0;
  for (const place of queued) {
    const kept = await send(place);
    const db = await deviceDatabase();
    const now = await db.get('places', place.issueId);
    if (now?.at === place.at && now.userId === userId) {
      const winner = furthestPlace({ page: place.page, at: place.at }, { page: kept.page, at: kept.updatedAt });
      await db.put('places', { ...place, page: winner.page, at: winner.at, sent: true });
    }
    sent += 1;
  }
  if (sent > 0) changed();
  return sent;
}

/**
 * Forgets everything this device keeps of a user: downloaded pages, cached catalogue images,
 * copies and places. Run when a session ends (logout, refused, another account signing in).
 */
export async function forgetDevice(): Promise<void> {
  if (!canKeepOffline()) return;
  await Promise.all([...PRIVATE_CACHES.map((name) => caches.delete(name)), deleteDeviceDatabase()]);
  changed();
}

/** How much this origin keeps and may keep (bytes), where the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}

/** Asks the browser not to evict what is kept here under storage pressure; answers whether it agreed. */
export async function askForPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}

// ---- The API's answers as this device can give them offline (lib/offline/on-device.ts) ----------

/** My comics: the user's issues on this device; undefined when it keeps none. */
export async function devicePurchases(userId: number): Promise<PurchaseItem[] | undefined> {
  const copies = await deviceCopies(userId);
  return copies.length > 0 ? copies.map((copy) => copy.purchase) : undefined;
}

/** An issue's pages, at the width kept. */
export async function deviceIssuePages(issueId: number): Promise<IssuePagesAnswer | undefined> {
  return (await deviceCopyOf(issueId))?.pages;
}

function progressOf(copy: DeviceCopy, place: DevicePlace): ReadingProgress {
  const pageCount = copy.pages.pageCount;
  return { issueId: copy.issueId, page: Math.min(place.page, pageCount), pageCount, updatedAt: place.at };
}

/** Reading access to a kept issue: owned, no token (its pages are here, without one), the place read here. */
export async function deviceReadingAccess(issueId: number): Promise<ReadingAccess | undefined> {
  const copy = await deviceCopyOf(issueId);
  if (!copy) return undefined;
  const place = await devicePlaceOf(issueId);
  return { owned: true, token: null, tokenExpiresAt: null, progress: place ? progressOf(copy, place) : null };
}

/** The reading shelf: the places read here in the kept issues, most recent first. */
export async function deviceReadingShelf(): Promise<ReadingShelfItem[] | undefined> {
  const userId = storedUserId();
  const copies = userId === null ? [] : await deviceCopies(userId);
  if (copies.length === 0) return undefined;
  const places = new Map((await devicePlaces(userId!)).map((place) => [place.issueId, place]));
  return copies
    .flatMap((copy) => {
      const place = places.get(copy.issueId);
      return place ? [{ ...progressOf(copy, place), issue: copy.pages.issue, volumeName: copy.pages.volumeName }] : [];
    })
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
