// Whether the browser has a network, as it says (navigator.onLine), for screens that tell people
// what needs one (issue 28). 'Online' can still mean a shop out of reach: requests say that.
import { useSyncExternalStore } from 'react';

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser says it has no network; false on the server. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
