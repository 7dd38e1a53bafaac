// The signed-in state as the spec keeps it: a token and a role (ROL, stored as JSON) in
// localStorage. Minimal until the accounts work lands; the server stays the authority.
import { ROLES, STORAGE_KEYS, type Role } from '@comics/shared/constants';
import { useSyncExternalStore } from 'react';

import { clearStorage, readStorage, subscribeStorage } from '@/lib/storage';
import { THEME_STORAGE_KEY } from '@/lib/theme';

export type Session = { role: Role | null; name: string | null };

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
  const token = readStorage(STORAGE_KEYS.token);
  const role = token ? parseRole(readStorage(STORAGE_KEYS.role)) : null;
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

/** Logout per SPEC §4: clears local storage (the theme choice survives) and the auth flag. */
export function logout(): void {
  clearStorage([THEME_STORAGE_KEY]);
}
