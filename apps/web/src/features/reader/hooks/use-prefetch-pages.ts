// Asks for the next pages ahead of the turn, with the srcset and sizes they will be shown with
// (so the browser picks the same file), and decodes them: the turn then paints at once.
import { useEffect, useRef } from 'react';

export type PrefetchImage = { src: string; srcSet: string; sizes: string };

const keyOf = (image: PrefetchImage) => `${image.sizes}|${image.srcSet}`;

export function usePrefetchPages(images: readonly PrefetchImage[]): void {
  // Held until no longer wanted, so a download in flight is not dropped with its Image.
  const inFlight = useRef(new Map<string, HTMLImageElement>());
  const wanted = images.map(keyOf).join('\n');

  useEffect(() => {
    const keep = new Set<string>();
    for (const image of images) {
      const key = keyOf(image);
      keep.add(key);
      if (inFlight.current.has(key)) continue;
      const element = new Image();
      element.decoding = 'async';
      element.sizes = image.sizes;
      element.srcset = image.srcSet;
      element.src = image.src;
      element.decode().catch(() => undefined);
      inFlight.current.set(key, element);
    }
    for (const key of inFlight.current.keys()) if (!keep.has(key)) inFlight.current.delete(key);
    // `wanted` stands for `images`: a new array with the same pages asks for nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
}
