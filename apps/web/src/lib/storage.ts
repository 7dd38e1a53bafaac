// localStorage access that never throws (private modes can block it) and that tells this tab's
// subscribers when a value changes: the browser's 'storage' event only reaches other tabs.
const CHANGE_EVENT = 'app:storage';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes several values, then tells subscribers once: they never see half of the set. */
export function writeStorageEntries(entries: Record<string, string>): void {
  try {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the values live for this page only */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function writeStorage(key: string, value: string): void {
  writeStorageEntries({ [key]: value });
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Clears all of localStorage except the given keys (e.g. the theme survives a logout). */
export function clearStorage(keep: readonly string[] = []): void {
  try {
    const kept = keep.map((key) => [key, window.localStorage.getItem(key)] as const);
    window.localStorage.clear();
    for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: calls back on any change, in this tab or another. */
export function subscribeStorage(callback: () => void): () => void {
  window.addEventListener('storage', callback);
  window.addEventListener(CHANGE_EVENT, callback);
  return () => {
    window.removeEventListener('storage', callback);
    window.removeEventListener(CHANGE_EVENT, callback);
  };
}
