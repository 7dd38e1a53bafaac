// Vertical scroll mode: which page is on screen, for the counter, the thumbnails and the saved
// progress. The page crossing the middle of the scroller is the current one.
import { useEffect, useEffectEvent, type RefObject } from 'react';

export const POSITION_ATTRIBUTE = 'data-position';

/** Calls `onPosition` with the position of the element (marked with data-position) at the middle. */
export function useVisiblePosition(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  onPosition: (position: number) => void,
): void {
  const report = useEffectEvent(onPosition);
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const middle = entries.find((entry) => entry.isIntersecting);
        const position = Number(middle?.target.getAttribute(POSITION_ATTRIBUTE));
        if (Number.isInteger(position) && position > 0) report(position);
      },
      // A line across the middle: exactly one page crosses it at a time.
      { root, rootMargin: '-50% 0px -50% 0px', threshold: 0 },
    );
    for (const element of root.querySelectorAll(`[${POSITION_ATTRIBUTE}]`)) observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, count]);
}

/** Scrolls the scroller (a positioned element) so that a position's element starts at its top. */
export function scrollToPosition(scroller: HTMLElement | null, position: number): void {
  const target = scroller?.querySelector<HTMLElement>(`[${POSITION_ATTRIBUTE}="${position}"]`);
  if (!scroller || !target) return;
  scroller.scrollTo({ top: target.offsetTop, behavior: 'instant' });
}
