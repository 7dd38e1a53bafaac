// Full screen through the Fullscreen API, for the whole document (dialogs such as the help
// overlay live outside the reader's element and must stay visible).
import { useCallback, useSyncExternalStore } from 'react';

function subscribe(callback: () => void): () => void {
  document.addEventListener('fullscreenchange', callback);
  return () => document.removeEventListener('fullscreenchange', callback);
}

const isFullscreen = () => document.fullscreenElement !== null && document.fullscreenElement !== undefined;

export function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = useCallback(() => {
    // Refused (an iframe without permission, no user gesture): the reader simply stays as it is.
    if (isFullscreen()) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { supported, active, toggle };
}
