// Vertical scroll ('webtoon') mode: the readable pages stacked in one column of at most
// WEBTOON_MAX_WIDTH, loading lazily as they near the screen (each box has the page's shape, so
// nothing jumps), then the end panel. The page at the middle of the screen is the current one.
import type { ReaderPage } from '@comics/shared/schemas/reader';
import { useLayoutEffect, type MouseEvent, type ReactNode, type RefObject } from 'react';

import { POSITION_ATTRIBUTE, scrollToPosition, useVisiblePosition } from '../hooks/use-visible-position';
import { pageSizes, type PageSource, type ReaderFit } from '../utils/page-images';
import { PageImage } from './page-image';

type WebtoonViewProps = {
  scrollerRef: RefObject<HTMLDivElement | null>;
  pages: readonly ReaderPage[];
  /** Where the reader was when this mode opened: scrolled to once. */
  initialPosition: number;
  /** The current position, for which pages load first. */
  position: number;
  fit: ReaderFit;
  source: PageSource;
  onPosition: (position: number) => void;
  /** A tap or click on the pages (not on a control): show or hide the bars. */
  onTap: () => void;
  onRetry: () => void;
  /** The end panel, after the last page. */
  children: ReactNode;
};

export function WebtoonView({
  scrollerRef,
  pages,
  initialPosition,
  position,
  fit,
  source,
  onPosition,
  onTap,
  onRetry,
  children,
}: WebtoonViewProps) {
  useVisiblePosition(scrollerRef, pages.length + 1, onPosition);

  useLayoutEffect(() => {
    scrollToPosition(scrollerRef.current, initialPosition);
    // Only when the mode opens: later the visitor scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onClick(event: MouseEvent<HTMLElement>) {
    if (!(event.target as Element).closest('a[href], button')) onTap();
  }

  const endPosition = (pages.at(-1)?.number ?? 0) + 1;
  return (
    <div ref={scrollerRef} className="reader-webtoon" tabIndex={0} role="region" aria-label="Pages" onClick={onClick}>
      {pages.map((page) => (
        <div key={page.number} className="reader-webtoon-page" {...{ [POSITION_ATTRIBUTE]: page.number }}>
          <PageImage
            page={page}
            source={source}
            sizes={pageSizes(page, { mode: 'webtoon', fit, together: 1, zoom: 1 })}
            eager={page.number >= position - 1 && page.number <= position + 2}
            onRetry={onRetry}
          />
        </div>
      ))}
      <div className="reader-webtoon-end" {...{ [POSITION_ATTRIBUTE]: endPosition }}>
        {children}
      </div>
    </div>
  );
}
