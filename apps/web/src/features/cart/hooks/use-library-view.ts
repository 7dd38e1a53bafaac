// Which view 'My comics' shows: the cover grid or the list (the spec's table). The user's choice
// is remembered (localStorage); until they choose, a phone (under Bootstrap's md breakpoint)
// gets the grid and a wider screen the list, following the screen as it turns or resizes.
import { useCallback, useSyncExternalStore } from 'react';

import { readStorage, subscribeStorage, writeStorage } from '@/lib/storage';

export const LIBRARY_VIEWS = ['grid', 'list'] as const;
export type LibraryView = (typeof LIBRARY_VIEWS)[number];

export const LIBRARY_VIEW_STORAGE_KEY = 'myComicsView';
/** Bootstrap's md breakpoint and up: the list is the default there. */
export const LIST_BY_DEFAULT_QUERY = '(min-width: 768px)';

// Without matchMedia (an old browser, a test DOM) the screen counts as wide: the list, as before.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

function subscribeScreen(callback: () => void): () => void {
  if (!hasMatchMedia()) return () => {};
  const list = window.matchMedia(LIST_BY_DEFAULT_QUERY);
  list.addEventListener('change', callback);
  return () => list.removeEventListener('change', callback);
}

const isWide = () => !hasMatchMedia() || window.matchMedia(LIST_BY_DEFAULT_QUERY).matches;

function parseView(value: string | null): LibraryView | null {
  return LIBRARY_VIEWS.find((view) => view === value) ?? null;
}

export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const chosen = useSyncExternalStore(
    subscribeStorage,
    () => parseView(readStorage(LIBRARY_VIEW_STORAGE_KEY)),
    () => null,
  );
  const wide = useSyncExternalStore(subscribeScreen, isWide, () => true);
  const choose = useCallback((view: LibraryView) => writeStorage(LIBRARY_VIEW_STORAGE_KEY, view), []);
  return [chosen ?? (wide ? 'list' : 'grid'), choose];
}
