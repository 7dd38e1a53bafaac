// The account id the session stored at login (docs/product.md §3's `id` key), for the code that
// must not reach the session's feature: the offline shelf keeps it to the signed-in user's records.
import { STORAGE_KEYS } from '@comics/shared/constants';

import { readStorage } from './storage';

/** The stored id, or null when none or not an id. Whether someone is signed in is the session's to say. */
export function storedUserId(): number | null {
  const id = Number(readStorage(STORAGE_KEYS.id));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
