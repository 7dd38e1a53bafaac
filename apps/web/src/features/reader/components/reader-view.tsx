// The reader (issue 13): an issue's pages one at a time, two side by side, or as one vertical
// strip; turned by keys, taps, swipes, the bar's buttons or the page strip; zoomed and panned;
// with the next pages fetched ahead so a turn shows at once. An owner reads every page and their
// place is saved; anybody else reads the preview, then meets 'Buy this issue'.
import type { Role } from '@comics/shared/constants';
import type { Issue } from '@comics/shared/schemas/catalog';
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import type { IssuePagesAnswer, ReadingAccess } from '@comics/shared/schemas/reader';
import { useCallback, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { useDocumentTitle } from '@/lib/use-document-title';

import { useFullscreen } from '../hooks/use-fullscreen';
import { useMediaQuery } from '../hooks/use-media-query';
import { usePageInAddress } from '../hooks/use-page-in-address';
import { usePrefetchPages } from '../hooks/use-prefetch-pages';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { useReaderKeys } from '../hooks/use-reader-keys';
import { useReaderSettings } from '../hooks/use-reader-settings';
import type { TapZone } from '../hooks/use-stage-gestures';
import { markTurnStart } from '../hooks/use-turn-timing';
import { scrollToPosition } from '../hooks/use-visible-position';
import type { ReaderAction } from '../utils/key-map';
import { openingPosition } from '../utils/opening-page';
import { pageFallbackSrc, pageSizes, pageSrcSet, type PageSource } from '../utils/page-images';
import { readerExit } from '../utils/reader-exits';
import { buildStops, pagesOnScreen, positionOfStop, stepPosition, stopIndexOf } from '../utils/reader-stops';
import { UNZOOMED, ZOOM_STEP, zoomByStep } from '../utils/zoom';
import { PageStage } from './page-stage';
import { KeepIssueOffline } from './keep-offline-button';
import { IssueFinished, PreviewEnd, type ReaderPurchase } from './reader-end';
import { ReaderHelp } from './reader-help';
import { ReaderToolbar } from './reader-toolbar';
import { ThumbnailStrip } from './thumbnail-strip';
import { WebtoonView } from './webtoon-view';

/** Two pages side by side only where they are not too small to read. */
export const SPREAD_MEDIA = '(min-width: 768px) and (min-aspect-ratio: 1/1)';
/** Pages fetched ahead of the turn. */
const PREFETCH_PAGES = 2;

export type ReaderViewProps = {
  data: IssuePagesAnswer;
  /** The signed-in reader's access; null for a guest. */
  access: ReadingAccess | null;
  userId: number | null;
  role: Role | null;
  purchase: ReaderPurchase | undefined;
  /** What follows 'You finished …': the page's way on to the next issue of the series. */
  nextIssue?: ((issue: Issue) => ReactNode) | undefined;
  /** At the end of the issue or of its preview: the page's way back to the previous issue of the series. */
  previousIssue?: ((issue: Issue) => ReactNode) | undefined;
  /** Asks for a fresh page token (a page failed to load). */
  onRefreshAccess: () => void;
  /** The issue as the owner bought it: the reader offers to keep it on this device (issue 28). */
  bought?: PurchaseItem | undefined;
};

export function ReaderView({
  data,
  access,
  userId,
  role,
  purchase,
  nextIssue,
  previousIssue,
  onRefreshAccess,
  bought,
}: ReaderViewProps) {
  const issueId = data.issue.id;
  const owned = access?.owned ?? false;
  const readable = owned ? data.pageCount : Math.min(data.previewPages, data.pageCount);
  const endPosition = readable + 1;
  const readablePages = useMemo(() => data.pages.filter((page) => page.number <= readable), [data.pages, readable]);
  const pageByNumber = useMemo(() => new Map(data.pages.map((page) => [page.number, page])), [data.pages]);
  const token = owned ? (access?.token ?? null) : null;
  const source: PageSource = useMemo(
    () => ({ pagesBase: data.pagesBase, previewPages: data.previewPages, token }),
    [data.pagesBase, data.previewPages, token],
  );

  const settings = useReaderSettings(issueId, data.direction);
  const spreadFits = useMediaQuery(SPREAD_MEDIA);
  const mode = settings.mode === 'spread' && !spreadFits ? 'single' : settings.mode;
  const { direction, fit } = settings;
  const stops = useMemo(() => buildStops(readablePages, mode), [readablePages, mode]);

  const [searchParams] = useSearchParams();
  const savedPage = access?.progress?.page ?? null;
  const [position, setPosition] = useState(() =>
    openingPosition({ requested: searchParams.get('page'), saved: savedPage, pageCount: data.pageCount, readable }),
  );
  const stopIndex = stopIndexOf(stops, position);
  const stop = stops[stopIndex] ?? { kind: 'end' as const };
  const stopPages = stop.kind === 'pages' ? stop.pages : [];
  const atEnd = stop.kind === 'end';

  const [view, setView] = useState(UNZOOMED);
  const [chromeHidden, setChromeHidden] = useState(false);
  const [thumbnailsOpen, setThumbnailsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const fullscreen = useFullscreen();
  const webtoonRef = useRef<HTMLDivElement>(null);
  const thumbnailsId = useId();
  const navigate = useNavigate();
  const location = useLocation();

  const title = `${data.volumeName} #${data.issue.issue_number}`;
  useDocumentTitle(title);
  const page = Math.min(position, data.pageCount);
  usePageInAddress(page);
  useProgressSaver({ issueId, userId: owned ? userId : null, page, savedPage, pageCount: data.pageCount });

  function goTo(target: number) {
    const next = Math.min(Math.max(target, 1), endPosition);
    if (next === position) return;
    // A turn is timed from here to the new page painted (docs/benchmarks.md).
    if (mode !== 'webtoon' && stopIndexOf(stops, next) !== stopIndex) markTurnStart();
    setPosition(next);
    setView(UNZOOMED);
    if (mode === 'webtoon') scrollToPosition(webtoonRef.current, next);
  }
  const step = (steps: number) => goTo(stepPosition(stops, position, steps));

  function zoomBy(change: 1 | -1 | 0) {
    if (mode === 'webtoon' || atEnd) return;
    setView((current) => (change === 0 ? UNZOOMED : zoomByStep(current, change > 0 ? ZOOM_STEP : 1 / ZOOM_STEP)));
  }

  function act(action: ReaderAction) {
    if (action === 'next') step(1);
    else if (action === 'previous') step(-1);
    else if (action === 'first') goTo(1);
    else if (action === 'last') goTo(positionOfStop(stops, Math.max(stops.length - 2, 0)));
    else if (action === 'zoom-in') zoomBy(1);
    else if (action === 'zoom-out') zoomBy(-1);
    else if (action === 'zoom-reset') zoomBy(0);
    else if (action === 'fullscreen') fullscreen.toggle();
    else setHelpOpen(true);
  }
  useReaderKeys(direction, mode, act);

  // Taps and swipes follow the page on screen: in a manga the next page is on the left.
  const forwardOnRight = direction === 'ltr';
  function onTap(zone: TapZone) {
    if (zone === 'middle') setChromeHidden((hidden) => !hidden);
    else step((zone === 'right') === forwardOnRight ? 1 : -1);
  }
  function onSwipe(towards: 'left' | 'right') {
    step((towards === 'left') === forwardOnRight ? 1 : -1);
  }

  // The next pages in reading order, with the srcset and sizes they will be shown with.
  const upcoming = stops
    .slice(stopIndex + 1)
    .flatMap((s) => (s.kind === 'pages' ? s.pages.map((number) => ({ number, together: s.pages.length })) : []))
    .slice(0, PREFETCH_PAGES)
    .flatMap(({ number, together }) => {
      const ahead = pageByNumber.get(number);
      if (!ahead) return [];
      return [
        {
          src: pageFallbackSrc(source, ahead),
          srcSet: pageSrcSet(source, ahead),
          sizes: pageSizes(ahead, { mode, fit, together, zoom: 1 }),
        },
      ];
    });
  usePrefetchPages(upcoming);

  const exit = readerExit(role, owned, data.issue.volume_id);
  const onBack = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      // Opened from a page of the shop: back to that page, where it was.
      if (location.key !== 'default') {
        event.preventDefault();
        navigate(-1);
      }
    },
    [location.key, navigate],
  );

  const finished = owned || readable >= data.pageCount;
  const counter = atEnd
    ? { full: finished ? 'The end' : 'End of the preview', short: finished ? 'End' : 'Preview end' }
    : {
        full: `${stopPages.length > 1 ? 'Pages' : 'Page'} ${stopPages.join('–')} of ${data.pageCount}`,
        short: `${stopPages.join('–')} / ${data.pageCount}`,
      };

  const endPanel = finished ? (
    <IssueFinished
      title={title}
      backHref={exit.href}
      backLabel={exit.label}
      onRestart={() => goTo(1)}
      next={nextIssue?.(data.issue)}
      previous={previousIssue?.(data.issue)}
    />
  ) : (
    <PreviewEnd
      issue={data.issue}
      title={title}
      pageCount={data.pageCount}
      previewPages={readable}
      purchase={purchase}
      onRestart={() => goTo(1)}
      previous={previousIssue?.(data.issue)}
    />
  );

  const shownPages = pagesOnScreen(stopPages, direction).flatMap((number) => pageByNumber.get(number) ?? []);

  return (
    <div className={`reader${chromeHidden ? ' is-chrome-hidden' : ''}`} data-mode={mode}>
      <ReaderToolbar
        title={title}
        subtitle={data.issue.name}
        preview={!owned}
        back={{ href: exit.href, label: 'Back', onClick: onBack }}
        counter={counter}
        canGoBack={position > 1}
        canGoForward={!atEnd}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        settings={settings}
        spreadFits={spreadFits}
        zoom={view.zoom}
        zoomEnabled={mode !== 'webtoon' && !atEnd}
        onZoom={zoomBy}
        thumbnails={{ open: thumbnailsOpen, controls: thumbnailsId, toggle: () => setThumbnailsOpen((open) => !open) }}
        fullscreen={fullscreen}
        onHelp={() => setHelpOpen(true)}
        downloadIssueId={owned ? issueId : null}
        keepOffline={owned && bought && userId !== null ? <KeepIssueOffline userId={userId} issue={bought} /> : null}
      />
      <main id="main" className="reader-main" tabIndex={-1}>
        {mode === 'webtoon' ? (
          <WebtoonView
            scrollerRef={webtoonRef}
            pages={readablePages}
            initialPosition={position}
            position={position}
            fit={fit}
            source={source}
            onPosition={setPosition}
            onTap={() => setChromeHidden((hidden) => !hidden)}
            onRetry={onRefreshAccess}
          >
            {endPanel}
          </WebtoonView>
        ) : (
          <PageStage
            pages={shownPages}
            stopKey={`${mode}:${atEnd ? 'end' : stopPages.join('-')}`}
            mode={mode}
            fit={fit}
            source={source}
            view={view}
            setView={setView}
            onTap={onTap}
            onSwipe={onSwipe}
            onRetry={onRefreshAccess}
          >
            {endPanel}
          </PageStage>
        )}
        <p className="visually-hidden" role="status">
          {counter.full}
        </p>
      </main>
      {thumbnailsOpen && (
        <ThumbnailStrip
          id={thumbnailsId}
          pages={data.pages}
          readable={readable}
          current={stopPages}
          direction={direction}
          source={source}
          onSelect={(number) => goTo(number > readable ? endPosition : number)}
        />
      )}
      <ReaderHelp show={helpOpen} direction={direction} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
