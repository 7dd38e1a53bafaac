// How long a page turn takes to show, always measured (a mark and a measure cost next to
// nothing): 'reader:turn-start' is marked at the key press, click or swipe, and 'reader:turn' is
// measured from it once every image of the new stop has loaded and been decoded, i.e. can be
// painted. The browser tests read these entries (docs/benchmarks.md).
import { useEffect, type RefObject } from 'react';

export const TURN_START_MARK = 'reader:turn-start';
export const TURN_MEASURE = 'reader:turn';

/** The turn being measured; a newer turn replaces it before it is shown. */
let pendingTurn = 0;

/** Marks the start of a turn, at the input that asked for it. */
export function markTurnStart(): void {
  pendingTurn++;
  performance.mark(TURN_START_MARK);
}

function shown(image: HTMLImageElement): Promise<unknown> {
  const loaded =
    image.complete && image.naturalWidth > 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        });
  return loaded.then(() => image.decode()).catch(() => undefined);
}

/**
 * Measures the pending turn once the images under `container` (the stop on screen, identified
 * by `stopKey`; null while it cannot show yet) are shown. Without a pending turn (the first
 * page, a resize) nothing is measured.
 */
export function useTurnMeasure(container: RefObject<HTMLElement | null>, stopKey: string | null): void {
  useEffect(() => {
    const turn = pendingTurn;
    if (turn === 0 || stopKey === null) return;
    const images = [...(container.current?.querySelectorAll<HTMLImageElement>('img[data-page-image]') ?? [])];
    let cancelled = false;
    void Promise.all(images.map(shown)).then(() => {
      if (cancelled || turn !== pendingTurn) return;
      pendingTurn = 0;
      performance.measure(TURN_MEASURE, TURN_START_MARK);
    });
    return () => {
      cancelled = true;
    };
  }, [container, stopKey]);
}
