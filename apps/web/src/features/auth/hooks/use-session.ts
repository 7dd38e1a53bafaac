// Who the browser thinks is signed in, kept under the storage keys of docs/product.md §3: `user` (name),
// `ROL` (JSON "USER"/"ADMIN"), `id`, `email` and the `MY_AUTH` flag. The session itself is the
// server's httpOnly cookie: the login answer's token is never stored where a script could read
// it, so "signed in" here is the MY_AUTH flag with a valid ROL. The server stays the authority;
// a stale identity is corrected on start-up (use-session-sync) or by the first 401.
import { ROLES, STORAGE_KEYS, type Role } from '@comics/shared/constants';
import type { LoginAnswer, Profile } from '@comics/shared/schemas/auth';
import { useSyncExternalStore } from 'react';

import { forgetOfflineCopies } from '@/lib/offline/forget-device';
import { clearStorage, readStorage, removeStorage, subscribeStorage, writeStorageEntries } from '@/lib/storage';
import { storedUserId } from '@/lib/stored-user-id';
import { THEME_STORAGE_KEY } from '@/lib/theme';

export type Session = { role: Role | null; name: string | null };

/** What the browser keeps of an account: the login answer without its token. */
export type Identity = Pick<LoginAnswer, 'name' | 'Rol' | 'id' | 'email'>;

const AUTH_FLAG_ON = 'true';

function parseRole(raw: string | null): Role | null {
  if (raw === null) return null;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    /* stored without JSON quotes */
  }
  return ROLES.find((role) => role === value) ?? null;
}

// A string snapshot keeps useSyncExternalStore's result stable between storage changes.
function getSnapshot(): string {
  const signedIn = readStorage(STORAGE_KEYS.authFlag) === AUTH_FLAG_ON;
  const role = signedIn ? parseRole(readStorage(STORAGE_KEYS.role)) : null;
  const name = role ? readStorage(STORAGE_KEYS.user) : null;
  return JSON.stringify([role, name]);
}

const GUEST = JSON.stringify([null, null]);

export function readSession(): Session {
  const [role, name] = JSON.parse(getSnapshot()) as [Role | null, string | null];
  return { role, name };
}

export function useSession(): Session {
  const snapshot = useSyncExternalStore(subscribeStorage, getSnapshot, () => GUEST);
  const [role, name] = JSON.parse(snapshot) as [Role | null, string | null];
  return { role, name };
}

function getUserIdSnapshot(): number | null {
  return readSession().role === null ? null : storedUserId();
}

/**
 * The signed-in account's id as stored at login (null for a guest): the user-scoped calls name
 * it in their paths and bodies. The server checks it against the session (a mismatch is 403).
 */
export function useSessionUserId(): number | null {
  return useSyncExternalStore(subscribeStorage, getUserIdSnapshot, () => null);
}

/** True when the browser thinks someone is signed in. */
export function isSignedIn(): boolean {
  return readSession().role !== null;
}

/** Stores who signed in (docs/product.md §4: identity stored, auth flag set). The token is dropped. */
export function storeIdentity(identity: Identity): void {
  // Another account signing in on this browser: what the last one kept for offline goes first.
  const previous = readStorage(STORAGE_KEYS.id);
  if (previous !== null && previous !== String(identity.id)) void forgetOfflineCopies();
  // A token left by an older version of the app must not linger either.
  removeStorage(STORAGE_KEYS.token);
  writeStorageEntries({
    [STORAGE_KEYS.user]: identity.name,
    [STORAGE_KEYS.role]: JSON.stringify(identity.Rol),
    [STORAGE_KEYS.id]: String(identity.id),
    [STORAGE_KEYS.email]: identity.email,
    [STORAGE_KEYS.authFlag]: AUTH_FLAG_ON,
  });
}

/** Brings the stored identity up to date with the server's (a role changed by an admin). */
export function refreshIdentity(profile: Profile): void {
  if (!isSignedIn()) return;
  storeIdentity(profile);
}

/** True when the browser thinks it is signed in to the account of this e-mail (any letter case). */
export function isSignedInAs(email: string): boolean {
  return isSignedIn() && readStorage(STORAGE_KEYS.email)?.toLowerCase() === email.toLowerCase();
}

/**
 * Ends the session on this browser (docs/product.md §4): all local storage goes except the theme
 * choice, and so does everything downloaded for offline reading (issue 28): the next user of this
 * browser finds none of it. Answers when the device has forgotten it.
 */
export function clearSession(): Promise<void> {
  clearStorage([THEME_STORAGE_KEY]);
  return forgetOfflineCopies();
}
