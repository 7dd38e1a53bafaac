// Keeps the address's `?page=` on the page being read, so a reload (or the link, shared) opens
// it again. replaceState, not a navigation: turning pages adds no history entries and does not
// re-render the route.
import { useEffect } from 'react';

export function usePageInAddress(page: number): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('page') === String(page)) return;
    url.searchParams.set('page', String(page));
    // The router's own entry state (its key and index) stays as it was.
    window.history.replaceState(window.history.state, '', url);
  }, [page]);
}
