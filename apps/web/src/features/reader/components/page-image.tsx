// One page, drawn in a box of its own shape: the tiny placeholder blurred until the image paints
// over it, the image offered at every stored width (srcset) with the width it is shown at
// (sizes). A page that fails to load says so, with a retry.
import type { ReaderPage } from '@comics/shared/schemas/reader';
import { useState, type CSSProperties } from 'react';

import { pageFallbackSrc, pageSrcSet, type PageSource } from '../utils/page-images';

type PageImageProps = {
  page: ReaderPage;
  source: PageSource;
  sizes: string;
  /** The box's size (CSS px); without it the box takes the column's width at the page's shape. */
  box?: { width: number; height: number } | undefined;
  /** Shown now: load at once, first. Otherwise lazily, as it nears the screen. */
  eager: boolean;
  /** A failed page asks for a fresh address (an expired page token) before trying again. */
  onRetry: () => void;
};

export function PageImage({ page, source, sizes, box, eager, onRetry }: PageImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const failed = failedAttempt === attempt;
  const style: CSSProperties = box
    ? { width: box.width, height: box.height }
    : { aspectRatio: `${page.width} / ${page.height}` };

  return (
    <div className="reader-page" style={style}>
      <img className="reader-page-placeholder" src={page.placeholder} alt="" aria-hidden="true" />
      {failed ? (
        <div className="reader-page-failed" role="alert">
          <p className="mb-2">Page {page.number} could not be loaded.</p>
          <button
            type="button"
            className="btn btn-light btn-sm"
            onClick={() => {
              onRetry();
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <img
          key={attempt}
          data-page-image={page.number}
          className="reader-page-image"
          alt={`Page ${page.number}`}
          width={page.width}
          height={page.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          // The candidates and the shown width before src, so no browser starts on the fallback.
          sizes={sizes}
          srcSet={pageSrcSet(source, page)}
          src={pageFallbackSrc(source, page)}
          draggable={false}
          onError={() => setFailedAttempt(attempt)}
        />
      )}
    </div>
  );
}
