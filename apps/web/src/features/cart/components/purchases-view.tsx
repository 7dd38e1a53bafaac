// 'My comics' (docs/product.md §2 Purchases), a library of the issues bought (issue 24), in two
// views the user switches between (remembered; the grid by default on a phone, the list on a
// wider screen):
// - the list: the spec's table, Purchase Detail (the cover, 120px wide, and the name), '#Issue
//   number', 'Format' (always 'Digital') and 'Price' (the price paid, $ with 2 decimals), each row
//   leading to the reader (issue 13): 'Read', 'Continue (page N of M)' or 'Read again', and
//   'Download CBZ', the issue's DRM-free archive (issue 27);
// - the grid: covers on a shelf per series, each with how far the reader got (library-grid.tsx).
// Both follow the search (series, issue title or number) and the order (Recently bought, Recently
// read, Series, Title), which live in the address (?q=&sort=) so a reload or the way back from
// the reader keeps them. Where the reader stopped in each issue comes from the page
// (`readingProgress`). Nothing bought yet: a way to the catalogue. What other features add (the
// issues kept on this device for offline reading, issue 28) comes in as `extras`: a mark and
// actions per issue and per series, a summary above, and `?on=device` showing only those kept.
import { COMIC_FORMAT, TABLE_IMAGE_WIDTH_PX } from '@comics/shared/constants';
import { formatDollars } from '@comics/shared/money';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { BsCollection } from '@/components/shop-icons';
import { CoverImage } from '@/components/cover-image';
import { BsDownload, DownloadIssueLink } from '@/components/download-issue-link';
import { IssueTitle } from '@/components/issue-title';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { ReaderLink, type ReadingStopLookup } from '@/components/reader-link';
import { paths } from '@/config/paths';

import { usePurchases, type PurchaseItem } from '../api/get-purchases';
import { useLibraryView } from '../hooks/use-library-view';
import {
  DEFAULT_LIBRARY_SORT,
  groupLibrary,
  parseLibrarySort,
  searchLibrary,
  sortLibrary,
  type LibraryIssue,
  type LibrarySort,
} from '../utils/library';
import { LibraryGrid } from './library-grid';
import { BsSearch } from './library-icons';
import { LibraryToolbar } from './library-toolbar';
import './library.css';

/** What the app adds to the library from other features. */
export type LibraryExtras = {
  /** The issues kept on this device (undefined until known): marked, and `?on=device` shows only them. */
  onDevice: ReadonlySet<number> | undefined;
  /** Above the toolbar. */
  summary?: ReactNode;
  /** Beside an issue's way into the reader. */
  issueActions?: (issue: LibraryIssue) => ReactNode;
  /** In a series' heading (the grid): actions over its issues, in reading order. */
  seriesActions?: (issues: readonly LibraryIssue[]) => ReactNode;
};

type PurchasesViewProps = {
  userId: number;
  extras?: LibraryExtras | undefined;
  /** Where the user stopped in each issue; without it every row says 'Read'. */
  readingProgress?: ReadingStopLookup | undefined;
  /** Whether `readingProgress` has loaded: until then the grid shows no statuses (not 'Unread'). */
  progressKnown?: boolean;
};

export function PurchasesView({ userId, extras, readingProgress, progressKnown = false }: PurchasesViewProps) {
  const purchases = usePurchases(userId);

  return (
    <>
      <h1 className="section-title mb-4">My comics</h1>
      {purchases.isPending ? (
        <PageSpinner label="Loading your comics" />
      ) : purchases.isError ? (
        <ErrorState
          title="Your comics could not be loaded"
          error={purchases.error}
          onRetry={() => purchases.refetch()}
        />
      ) : purchases.data.length === 0 ? (
        <div className="empty-state text-center py-5">
          <BsCollection aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h4 fw-bold mb-2">You have not bought any comics yet</p>
          <p className="text-body-secondary mb-4">The issues you pay for show up here.</p>
          <Link to={paths.user.home.getHref()} className="btn btn-primary btn-lg px-4">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <Library
          purchases={purchases.data}
          readingProgress={readingProgress}
          progressKnown={progressKnown}
          extras={extras}
        />
      )}
    </>
  );
}

type LibraryProps = {
  purchases: readonly PurchaseItem[];
  extras: LibraryExtras | undefined;
  readingProgress: ReadingStopLookup | undefined;
  progressKnown: boolean;
};

function Library({ purchases, readingProgress, progressKnown, extras }: LibraryProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = parseLibrarySort(searchParams.get('sort'));
  const onDevice = searchParams.get('on') === 'device' ? extras?.onDevice : undefined;
  // The box is the search's truth while the page is open (the address follows it, for a reload).
  const [query, setQuery] = useState(() => searchParams.get('q') ?? '');
  const [view, setView] = useLibraryView();

  function updateAddress(name: 'q' | 'sort', value: string | null) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }
  function changeQuery(value: string) {
    setQuery(value);
    updateAddress('q', value.trim() ? value : null);
  }
  function changeSort(value: LibrarySort) {
    updateAddress('sort', value === DEFAULT_LIBRARY_SORT ? null : value);
  }

  const issues = useMemo<LibraryIssue[]>(() => {
    // Each issue once (it is owned once), with where its reader stopped.
    const byId = new Map<number, LibraryIssue>();
    for (const item of purchases) {
      if (!byId.has(item.id)) byId.set(item.id, { ...item, stop: readingProgress?.(item.id) });
    }
    return [...byId.values()];
  }, [purchases, readingProgress]);
  const found = useMemo(() => {
    const matching = searchLibrary(issues, query);
    return onDevice ? matching.filter((issue) => onDevice.has(issue.id)) : matching;
  }, [issues, query, onDevice]);

  return (
    <>
      {extras?.summary}
      <LibraryToolbar
        query={query}
        onQueryChange={changeQuery}
        sort={sort}
        onSortChange={changeSort}
        view={view}
        onViewChange={setView}
        shown={found.length}
        total={issues.length}
      />
      {found.length === 0 && onDevice && !query.trim() ? (
        <div className="empty-state text-center py-5">
          <BsCollection aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">No comics on this device yet</p>
          <p className="text-body-secondary mb-0">
            ‘Download for offline’ on an issue keeps it here, to read with no network.
          </p>
        </div>
      ) : found.length === 0 ? (
        <div className="empty-state text-center py-5">
          <BsSearch aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2 text-break">No comics match “{query.trim()}”</p>
          <p className="text-body-secondary mb-4">Search by the series’ name, the issue’s title or its number.</p>
          <button type="button" className="btn btn-outline-primary" onClick={() => changeQuery('')}>
            Clear the search
          </button>
        </div>
      ) : view === 'grid' ? (
        <LibraryGrid groups={groupLibrary(found, sort)} progressKnown={progressKnown} extras={extras} />
      ) : (
        <PurchasesTable issues={sortLibrary(found, sort)} extras={extras} />
      )}
    </>
  );
}

/** The list view: the spec's table. */
function PurchasesTable({ issues, extras }: { issues: readonly LibraryIssue[]; extras: LibraryExtras | undefined }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle purchases-table stack-on-phone">
        <caption className="visually-hidden">My comics</caption>
        <thead>
          <tr>
            <th scope="col">Purchase Detail</th>
            <th scope="col">#Issue number</th>
            <th scope="col">Format</th>
            <th scope="col" className="text-end">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {issues.map((item) => (
            <tr key={`${item.orderId}-${item.id}`}>
              <td className="stack-wide">
                <div className="d-flex align-items-center gap-3">
                  <div className="flex-shrink-0" style={{ width: TABLE_IMAGE_WIDTH_PX }}>
                    <CoverImage src={item.image} alt="" className="table-cover" />
                  </div>
                  <div className="d-flex flex-column align-items-start gap-2">
                    <IssueTitle issue={item} />
                    <div className="d-flex flex-wrap gap-2">
                      <ReaderLink issueId={item.id} progress={item.stop} />
                      <DownloadIssueLink issueId={item.id} className="btn btn-outline-secondary btn-sm text-nowrap">
                        <BsDownload aria-hidden="true" className="me-1" />
                        Download CBZ
                      </DownloadIssueLink>
                      {extras?.issueActions?.(item)}
                    </div>
                  </div>
                </div>
              </td>
              <td className="text-nowrap stack-hide">#{item.issue_number}</td>
              <td className="stack-meta">{COMIC_FORMAT}</td>
              <td className="text-end fw-bold text-nowrap stack-price">{formatDollars(item.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
