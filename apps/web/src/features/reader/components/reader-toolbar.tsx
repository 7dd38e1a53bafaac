// The reader's slim top bar: the way back, the issue, the page counter with previous / next, and
// the reading settings (mode, direction, fit, zoom, thumbnails, full screen, help), then, for an
// owner, 'Download CBZ' (issue 27). Below the lg breakpoint the settings fold into a panel behind
// one button. It follows the light/dark theme.
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  BsArrowLeft,
  BsArrowsExpand,
  BsArrowsExpandVertical,
  BsBook,
  BsChevronLeft,
  BsChevronRight,
  BsFileEarmark,
  BsFullscreen,
  BsFullscreenExit,
  BsImages,
  BsQuestionCircle,
  BsSliders,
  BsViewStacked,
  BsZoomIn,
  BsZoomOut,
} from 'react-icons/bs';
import { Link } from 'react-router';

import { BsDownload, DownloadIssueLink } from '@/components/download-issue-link';

import type { ReaderSettings } from '../hooks/use-reader-settings';
import type { ReaderFit } from '../utils/page-images';
import type { ReaderMode } from '../utils/reader-stops';
import { MAX_ZOOM, MIN_ZOOM } from '../utils/zoom';

type ToolbarProps = {
  title: string;
  subtitle: string | null;
  preview: boolean;
  back: { href: string; label: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };
  /** 'Page N of M' (or what stands in its place at the end), and a shorter 'N / M' for phones. */
  counter: { full: string; short: string };
  /** Previous and next in reading order; their buttons sit where those pages are on screen. */
  canGoBack: boolean;
  canGoForward: boolean;
  onPrevious: () => void;
  onNext: () => void;
  settings: ReaderSettings;
  /** Two pages side by side need a wide screen; narrower, the spread mode shows single pages. */
  spreadFits: boolean;
  zoom: number;
  zoomEnabled: boolean;
  onZoom: (step: 1 | -1 | 0) => void;
  thumbnails: { open: boolean; controls: string; toggle: () => void };
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
  onHelp: () => void;
  /** The issue whose archive the owner may download; null when the reader does not own it. */
  downloadIssueId: number | null;
  /** 'Download for offline' (issue 28), beside the archive; null when there is nothing to keep. */
  keepOffline?: ReactNode;
};

const MODES: { value: ReaderMode; label: string; icon: ReactNode }[] = [
  { value: 'single', label: 'Single page', icon: <BsFileEarmark aria-hidden="true" /> },
  { value: 'spread', label: 'Two-page spread', icon: <BsBook aria-hidden="true" /> },
  { value: 'webtoon', label: 'Vertical scroll', icon: <BsViewStacked aria-hidden="true" /> },
];

const FITS: { value: ReaderFit; label: string; icon: ReactNode }[] = [
  { value: 'width', label: 'Fit width', icon: <BsArrowsExpandVertical aria-hidden="true" /> },
  { value: 'height', label: 'Fit height', icon: <BsArrowsExpand aria-hidden="true" /> },
  { value: 'original', label: 'Original size', icon: <span aria-hidden="true">1:1</span> },
];

const DIRECTIONS: { value: ReadingDirection; label: string; icon: ReactNode }[] = [
  { value: 'ltr', label: 'Left to right', icon: <span aria-hidden="true">LTR</span> },
  { value: 'rtl', label: 'Right to left (manga)', icon: <span aria-hidden="true">RTL</span> },
];

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
  controls,
  expanded,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  controls?: string;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      className="reader-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-controls={controls}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function ChoiceGroup<T extends string>({
  label,
  choices,
  value,
  disabled,
  onChange,
}: {
  label: string;
  choices: { value: T; label: string; icon: ReactNode }[];
  value: T;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <div className="reader-tool-group" role="group" aria-label={label}>
      <span className="reader-tool-group-label" aria-hidden="true">
        {label}
      </span>
      <div className="reader-segmented">
        {choices.map((choice) => (
          <ToolButton
            key={choice.value}
            label={choice.label}
            pressed={choice.value === value}
            disabled={disabled}
            onClick={() => onChange(choice.value)}
          >
            {choice.icon}
          </ToolButton>
        ))}
      </div>
    </div>
  );
}

export function ReaderToolbar({
  title,
  subtitle,
  preview,
  back,
  counter,
  canGoBack,
  canGoForward,
  onPrevious,
  onNext,
  settings,
  spreadFits,
  zoom,
  zoomEnabled,
  onZoom,
  thumbnails,
  fullscreen,
  onHelp,
  downloadIssueId,
  keepOffline,
}: ToolbarProps) {
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const rtl = settings.direction === 'rtl';
  const webtoon = settings.mode === 'webtoon';

  // The settings panel (narrow screens) closes with Escape or a touch anywhere outside the bar.
  const barRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!panelOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPanelOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setPanelOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [panelOpen]);

  // On screen, the left button shows the page on the left: the previous one, or in a manga the next.
  const left = rtl
    ? { label: 'Next page', enabled: canGoForward, go: onNext }
    : { label: 'Previous page', enabled: canGoBack, go: onPrevious };
  const right = rtl
    ? { label: 'Previous page', enabled: canGoBack, go: onPrevious }
    : { label: 'Next page', enabled: canGoForward, go: onNext };

  return (
    <header ref={barRef} className="reader-bar">
      <div className="reader-bar-row">
        <Link to={back.href} className="reader-tool reader-back" onClick={back.onClick} title={back.label}>
          <BsArrowLeft aria-hidden="true" />
          <span className="visually-hidden">{back.label}</span>
        </Link>
        <div className="reader-title">
          <h1 className="reader-title-name">
            {title}
            {preview && <span className="badge text-bg-warning ms-2 align-middle">Preview</span>}
          </h1>
          {subtitle && <p className="reader-title-sub">{subtitle}</p>}
        </div>
        <div className="reader-pager">
          <ToolButton label={left.label} disabled={!left.enabled} onClick={left.go}>
            <BsChevronLeft aria-hidden="true" />
          </ToolButton>
          <span className="reader-counter">
            <span className="reader-counter-full">{counter.full}</span>
            <span className="reader-counter-short">{counter.short}</span>
          </span>
          <ToolButton label={right.label} disabled={!right.enabled} onClick={right.go}>
            <BsChevronRight aria-hidden="true" />
          </ToolButton>
        </div>
        <span className="reader-settings-toggle">
          <ToolButton
            label="Reader settings"
            pressed={undefined}
            expanded={panelOpen}
            controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <BsSliders aria-hidden="true" />
          </ToolButton>
        </span>
        <div id={panelId} className={`reader-settings${panelOpen ? ' is-open' : ''}`}>
          <ChoiceGroup label="Mode" choices={MODES} value={settings.mode} onChange={settings.setMode} />
          {settings.mode === 'spread' && !spreadFits && (
            <p className="reader-settings-note">Two pages side by side need a wider screen: one page at a time here.</p>
          )}
          <ChoiceGroup
            label="Direction"
            choices={DIRECTIONS}
            value={settings.direction}
            onChange={settings.setDirection}
          />
          <ChoiceGroup label="Fit" choices={FITS} value={settings.fit} disabled={webtoon} onChange={settings.setFit} />
          <div className="reader-tool-group" role="group" aria-label="Zoom">
            <span className="reader-tool-group-label" aria-hidden="true">
              Zoom
            </span>
            <div className="reader-segmented">
              <ToolButton label="Zoom out" disabled={!zoomEnabled || zoom <= MIN_ZOOM} onClick={() => onZoom(-1)}>
                <BsZoomOut aria-hidden="true" />
              </ToolButton>
              <button
                type="button"
                className="reader-tool reader-zoom-level"
                title="Reset the zoom"
                aria-label={`Zoom ${Math.round(zoom * 100)}%, reset`}
                disabled={!zoomEnabled || zoom === MIN_ZOOM}
                onClick={() => onZoom(0)}
              >
                {Math.round(zoom * 100)}%
              </button>
              <ToolButton label="Zoom in" disabled={!zoomEnabled || zoom >= MAX_ZOOM} onClick={() => onZoom(1)}>
                <BsZoomIn aria-hidden="true" />
              </ToolButton>
            </div>
          </div>
          <div className="reader-tool-group" role="group" aria-label="View">
            <span className="reader-tool-group-label" aria-hidden="true">
              View
            </span>
            <div className="reader-segmented">
              <ToolButton
                label="Page thumbnails"
                pressed={thumbnails.open}
                controls={thumbnails.open ? thumbnails.controls : undefined}
                onClick={thumbnails.toggle}
              >
                <BsImages aria-hidden="true" />
              </ToolButton>
              {fullscreen.supported && (
                <ToolButton label="Full screen" pressed={fullscreen.active} onClick={fullscreen.toggle}>
                  {fullscreen.active ? <BsFullscreenExit aria-hidden="true" /> : <BsFullscreen aria-hidden="true" />}
                </ToolButton>
              )}
              <ToolButton label="Keyboard shortcuts" onClick={onHelp}>
                <BsQuestionCircle aria-hidden="true" />
              </ToolButton>
            </div>
          </div>
          {downloadIssueId !== null && (
            <div className="reader-tool-group" role="group" aria-label="Download">
              <span className="reader-tool-group-label" aria-hidden="true">
                Download
              </span>
              <div className="reader-segmented">
                <DownloadIssueLink
                  issueId={downloadIssueId}
                  className="reader-tool"
                  label="Download CBZ"
                  title="Download CBZ (DRM-free)"
                >
                  <BsDownload aria-hidden="true" />
                </DownloadIssueLink>
              </div>
              {keepOffline && <div className="reader-keep-offline">{keepOffline}</div>}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
