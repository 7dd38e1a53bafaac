// The single-page and two-page modes' stage: the stop's pages side by side at the chosen fit
// (right to left for a manga), zoomed and panned as a whole, with the tap zones, swipes and
// pinches of use-stage-gestures. The end panel (preview's end, issue finished) sits on the same
// stage, so a tap on the left or right still turns back to the pages.
import type { ReaderPage } from '@comics/shared/schemas/reader';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

import { useElementSize } from '../hooks/use-element-size';
import { useStageGestures, type TapZone } from '../hooks/use-stage-gestures';
import { useTurnMeasure } from '../hooks/use-turn-timing';
import { fitPages } from '../utils/fit-pages';
import { pageSizes, type PageSource, type ReaderFit } from '../utils/page-images';
import type { ReaderMode } from '../utils/reader-stops';
import { settleView, type ZoomView } from '../utils/zoom';
import { PageImage } from './page-image';

type PageStageProps = {
  /** The stop's pages, left to right as shown; none for the end panel. */
  pages: readonly ReaderPage[];
  /** Names the stop (e.g. its page numbers): a new key is a turn. */
  stopKey: string;
  mode: Exclude<ReaderMode, 'webtoon'>;
  fit: ReaderFit;
  source: PageSource;
  view: ZoomView;
  setView: (update: (view: ZoomView) => ZoomView) => void;
  onTap: (zone: TapZone) => void;
  onSwipe: (towards: 'left' | 'right') => void;
  onRetry: () => void;
  /** The end panel, shown when there are no pages. */
  children?: ReactNode;
};

export function PageStage({
  pages,
  stopKey,
  mode,
  fit,
  source,
  view,
  setView,
  onTap,
  onSwipe,
  onRetry,
  children,
}: PageStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const stage = useElementSize(stageRef);
  const boxes = stage ? fitPages(pages, stage, fit) : [];
  const content =
    stage && boxes.length > 0
      ? { width: boxes.reduce((sum, box) => sum + box.width, 0), height: Math.max(...boxes.map((box) => box.height)) }
      : null;
  // The pan is kept in bounds here too: a zoom by key or button scales it without knowing the stage.
  const shown = stage && content ? settleView(view, content, stage) : view;
  const zoomed = shown.zoom > 1;
  const overflows =
    stage && content ? { x: content.width > stage.width + 1, y: content.height > stage.height + 1 } : null;

  const gestures = useStageGestures({ stageRef, content, view: shown, setView, onTap, onSwipe });
  // Measured once the stage is, when the new stop's images are in it.
  useTurnMeasure(stageRef, stage ? stopKey : null);

  // A new stop starts at its top left, not where the previous page was scrolled to.
  useLayoutEffect(() => {
    stageRef.current?.scrollTo(0, 0);
  }, [stopKey]);

  // Zoomed, or nothing to scroll: every touch gesture is the reader's. Otherwise the browser
  // scrolls (vertically; both ways when the page is wider too) and swipes still turn.
  const touchAction = zoomed || !overflows?.y ? 'none' : overflows.x ? 'pan-x pan-y' : 'pan-y';

  return (
    <div
      ref={stageRef}
      className={`reader-stage${zoomed ? ' is-zoomed' : ''}`}
      style={{ touchAction }}
      // Scrollable when a page is taller than the screen: reachable by keyboard, then.
      tabIndex={0}
      role="region"
      aria-label="Pages"
      {...gestures}
    >
      {pages.length === 0 ? (
        <div className="reader-stage-panel">{children}</div>
      ) : (
        <div
          className="reader-spread"
          style={{
            transform: zoomed ? `translate(${shown.pan.x}px, ${shown.pan.y}px) scale(${shown.zoom})` : undefined,
          }}
        >
          {stage &&
            pages.map((page, index) => (
              <PageImage
                key={page.number}
                page={page}
                source={source}
                box={boxes[index]}
                sizes={pageSizes(page, { mode, fit, together: pages.length, zoom: shown.zoom })}
                eager
                onRetry={onRetry}
              />
            ))}
        </div>
      )}
    </div>
  );
}
