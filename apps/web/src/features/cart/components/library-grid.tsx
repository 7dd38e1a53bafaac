// The grid view of 'My comics' (issue 24): the bought issues as covers, on a shelf per series (a
// heading each) or, in title order, on one shelf. Each card says 'Series #N' and the issue's
// title, how far the reader got (a thin bar and Unread / Reading (page N of M) / Finished) and
// leads to the reader: 'Read', 'Continue' (at the saved page) or 'Read again' (from page 1). The
// whole card is the link; its name says which issue it opens. Under it, 'Download CBZ' saves the
// issue's DRM-free archive (issue 27), and the app's extras (keeping it for offline reading, issue 28).
import { useId } from 'react';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { BsDownload, DownloadIssueLink } from '@/components/download-issue-link';
import { IssueTitle } from '@/components/issue-title';
import { BsBook, BsCheckCircleFill } from '@/components/shop-icons';
import { issueLabel } from '@/lib/format';

import {
  readingAction,
  readingStatus,
  statusPercent,
  statusText,
  type LibraryGroup,
  type LibraryIssue,
} from '../utils/library';
import { BsArrowCounterclockwise } from './library-icons';
import type { LibraryExtras } from './purchases-view';

type LibraryGridProps = {
  groups: readonly LibraryGroup[];
  /** Whether the reading shelf has loaded: until then a card shows no status (not 'Unread'). */
  progressKnown: boolean;
  extras?: LibraryExtras | undefined;
};

type ShelfProps = { issues: LibraryIssue[]; progressKnown: boolean; extras: LibraryExtras | undefined };

export function LibraryGrid({ groups, progressKnown, extras }: LibraryGridProps) {
  return (
    <div className="library d-flex flex-column gap-4 gap-md-5">
      {groups.map((group) =>
        group.name === null ? (
          <IssueShelf
            key={group.key}
            issues={group.issues}
            label="My comics by title"
            progressKnown={progressKnown}
            extras={extras}
          />
        ) : (
          <SeriesShelf
            key={group.key}
            name={group.name}
            issues={group.issues}
            progressKnown={progressKnown}
            extras={extras}
          />
        ),
      )}
    </div>
  );
}

function SeriesShelf({ name, issues, progressKnown, extras }: ShelfProps & { name: string }) {
  const headingId = useId();
  const finished = progressKnown ? issues.filter((issue) => readingStatus(issue.stop).kind === 'finished').length : 0;
  return (
    <section aria-labelledby={headingId} className="library-series">
      <div className="library-series-head d-flex flex-wrap align-items-baseline column-gap-3 row-gap-1 mb-3">
        <h2 id={headingId} className="h5 fw-bold mb-0 text-break">
          {name}
        </h2>
        <span className="small text-body-secondary">
          {issues.length} {issues.length === 1 ? 'issue' : 'issues'}
          {finished > 0 ? ` · ${finished} finished` : ''}
        </span>
        {extras?.seriesActions?.(issues)}
      </div>
      <IssueShelf issues={issues} label={name} progressKnown={progressKnown} extras={extras} />
    </section>
  );
}

function IssueShelf({ issues, label, progressKnown, extras }: ShelfProps & { label: string }) {
  return (
    <ul
      className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-lg-5 row-cols-xxl-6 g-3 g-md-4 list-unstyled mb-0"
      aria-label={label}
    >
      {issues.map((issue) => (
        <li key={issue.id} className="col">
          <LibraryCard issue={issue} progressKnown={progressKnown} extras={extras} />
        </li>
      ))}
    </ul>
  );
}

function LibraryCard({
  issue,
  progressKnown,
  extras,
}: {
  issue: LibraryIssue;
  progressKnown: boolean;
  extras: LibraryExtras | undefined;
}) {
  const status = progressKnown ? readingStatus(issue.stop) : null;
  const action = readingAction(issue.id, status);
  const label = issueLabel(issue);
  const percent = status ? statusPercent(status) : 0;
  const finished = status?.kind === 'finished';
  const ActionIcon = finished ? BsArrowCounterclockwise : BsBook;

  return (
    <article className={`library-card card h-100 border-0${finished ? ' is-finished' : ''}`} aria-label={label}>
      <CoverImage src={issue.image} alt="" />
      <div className="card-body px-1 pt-2 pb-0 d-flex flex-column gap-2">
        <IssueTitle issue={issue} className="library-card-title" />
        <div className="mt-auto d-flex flex-column gap-2">
          {status && (
            <div>
              <div
                className="reading-progress library-progress"
                role="progressbar"
                aria-label={`Reading progress of ${label}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={statusText(status)}
              >
                <div className="reading-progress-bar" style={{ width: `${percent}%` }} />
              </div>
              <p className={`library-status small mb-0 mt-1 ${finished ? 'is-finished' : ''}`}>
                {finished && <BsCheckCircleFill aria-hidden="true" className="me-1" />}
                {statusText(status)}
              </p>
            </div>
          )}
          <Link
            to={action.href}
            className={`btn btn-sm ${finished ? 'btn-outline-secondary' : 'btn-primary'} stretched-link library-action`}
            // The words on the button first (what voice control users say), then which issue.
            aria-label={`${action.label}: ${label}`}
          >
            <ActionIcon aria-hidden="true" className="me-1" />
            {action.label}
          </Link>
          {/* Above the stretched link's cover of the card, so it gets its own clicks. */}
          <DownloadIssueLink
            issueId={issue.id}
            className="btn btn-sm btn-link library-download"
            label={`Download CBZ: ${label}`}
          >
            <BsDownload aria-hidden="true" className="me-1" />
            Download CBZ
          </DownloadIssueLink>
          {extras?.issueActions && <div className="library-extra">{extras.issueActions(issue)}</div>}
        </div>
      </div>
    </article>
  );
}
