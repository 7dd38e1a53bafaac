// The page strip: a small rendition of every page (lazily loaded), the pages on screen marked
// and kept in view, in the book's reading direction. Pages past the preview are shown locked to
// a reader who does not own the issue (their blurred placeholder and a lock), and lead to the
// preview's end.
import type { ReaderPage, ReadingDirection } from '@comics/shared/schemas/reader';
import { useEffect, useRef } from 'react';
import { BsLockFill } from 'react-icons/bs';

import { pageImageUrl, type PageSource } from '../utils/page-images';

type ThumbnailStripProps = {
  id: string;
  pages: readonly ReaderPage[];
  readable: number;
  /** The pages on screen now. */
  current: readonly number[];
  direction: ReadingDirection;
  source: PageSource;
  onSelect: (page: number) => void;
};

export function ThumbnailStrip({ id, pages, readable, current, direction, source, onSelect }: ThumbnailStripProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const first = current[0];

  useEffect(() => {
    if (first === undefined) return;
    const button = listRef.current?.querySelector<HTMLElement>(`[data-thumbnail="${first}"]`);
    button?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [first]);

  return (
    <nav id={id} className="reader-thumbnails" aria-label="Page thumbnails">
      <ol ref={listRef} className="reader-thumbnail-list" dir={direction}>
        {pages.map((page) => {
          const locked = page.number > readable;
          // The narrowest rendition is the thumbnail (THUMBNAIL_WIDTH; a smaller page's own width).
          // Read from the page, not imported: the shared schemas module would bring zod along.
          const width = page.widths[0] ?? page.width;
          const isCurrent = current.includes(page.number);
          return (
            <li key={page.number}>
              <button
                type="button"
                data-thumbnail={page.number}
                className={`reader-thumbnail${isCurrent ? ' is-current' : ''}${locked ? ' is-locked' : ''}`}
                aria-label={locked ? `Page ${page.number}, locked: buy the issue to read it` : `Page ${page.number}`}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => onSelect(page.number)}
              >
                <img
                  src={locked ? page.placeholder : pageImageUrl(source, page.number, width)}
                  alt=""
                  width={page.width}
                  height={page.height}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
                {locked && <BsLockFill className="reader-thumbnail-lock" aria-hidden="true" />}
                <span className="reader-thumbnail-number" aria-hidden="true">
                  {page.number}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
