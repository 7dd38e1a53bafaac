// The device's offline database (IndexedDB, through idb): the issues a user downloaded for
// offline reading, and where they stopped in them on this device with whether the server has
// heard of it yet. Everything in it belongs to one signed-in user and goes when their session ends.
import type { IssuePagesAnswer } from '@comics/shared/schemas/reader';
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

import { OFFLINE_DATABASE } from '../offline-names';

/** An issue kept on this device. */
export type DeviceCopy = {
  issueId: number;
  /** Whose it is: nobody else's screens list it. */
  userId: number;
  /** The issue as My comics lists it. */
  purchase: PurchaseItem;
  /** Its pages answer, each page narrowed to the one width kept here. */
  pages: IssuePagesAnswer;
  /** The kept page images' cache keys (their addresses without the page token). */
  pageKeys: string[];
  bytes: number;
  downloadedAt: string;
};

/** Where the user stopped in an issue on this device; `sent` once the server has it. */
export type DevicePlace = {
  issueId: number;
  userId: number;
  page: number;
  pageCount: number;
  /** When it was read (ISO 8601). */
  at: string;
  sent: boolean;
};

interface OfflineSchema extends DBSchema {
  copies: { key: number; value: DeviceCopy };
  places: { key: number; value: DevicePlace };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The database, opened once per page (and closed when another page needs to delete it). */
export function deviceDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('copies', { keyPath: 'issueId' });
      db.createObjectStore('places', { keyPath: 'issueId' });
    },
    blocking() {
      void closeDeviceDatabase();
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function closeDeviceDatabase(): Promise<void> {
  const db = opened;
  opened = null;
  if (db) (await db.catch(() => null))?.close();
}

/** Deletes the whole database (every user's copies and places). */
export async function deleteDeviceDatabase(): Promise<void> {
  await closeDeviceDatabase();
  await deleteDB(OFFLINE_DATABASE);
}
