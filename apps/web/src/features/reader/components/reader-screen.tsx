// The reader's screen as the route shows it: the issue's pages and, for a signed-in reader,
// their access (ownership, page token, saved page), loaded before anything is drawn, so the
// preview's end never flashes before an owner's page 4. An unknown issue is not found; a failed
// load says so, with a retry.
import type { Role } from '@comics/shared/constants';
import type { ReactNode } from 'react';
import { BsArrowLeft } from 'react-icons/bs';
import { Link } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { NotFoundView } from '@/components/not-found-view';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useIssuePages } from '../api/get-issue-pages';
import { useReadingAccess } from '../api/get-reading-access';
import { catalogExit } from '../utils/reader-exits';
import type { ReaderPurchase } from './reader-end';
import { ReaderView, type ReaderViewProps } from './reader-view';
import './reader.css';

type ReaderScreenProps = {
  issueId: number;
  userId: number | null;
  role: Role | null;
  /** A signed-in USER's cart, for 'Buy this issue'; undefined for a guest (and an admin). */
  purchase: ReaderPurchase | undefined;
  /** After the last page of an issue read in full: the way on to the next one (see ReaderView). */
  nextIssue?: ReaderViewProps['nextIssue'];
  /** At either end: the way back to the previous one (see ReaderView). */
  previousIssue?: ReaderViewProps['previousIssue'];
  /** The issue as the owner bought it, to keep on this device (see ReaderView). */
  bought?: ReaderViewProps['bought'];
};

export function ReaderScreen({ issueId, userId, role, purchase, nextIssue, previousIssue, bought }: ReaderScreenProps) {
  const pages = useIssuePages(issueId);
  const access = useReadingAccess(userId, issueId);
  const catalog = catalogExit(role);

  if (pages.isPending || (userId !== null && access.isPending)) {
    return (
      <ReaderFrame catalog={catalog}>
        <PageSpinner label="Loading the pages" className="reader-loading align-items-center" />
      </ReaderFrame>
    );
  }
  if (pages.isError) {
    if (pages.error instanceof ApiError && pages.error.status === 404) return <IssueNotFound catalog={catalog} />;
    return (
      <ReaderFrame catalog={catalog}>
        <ErrorState title="The pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />
      </ReaderFrame>
    );
  }
  if (userId !== null && access.isError) {
    return (
      <ReaderFrame catalog={catalog}>
        <ErrorState
          title="Your access to this issue could not be checked"
          error={access.error}
          onRetry={() => void access.refetch()}
        />
      </ReaderFrame>
    );
  }
  return (
    <ReaderView
      key={issueId}
      data={pages.data}
      access={userId !== null ? (access.data ?? null) : null}
      userId={userId}
      role={role}
      purchase={purchase}
      nextIssue={nextIssue}
      previousIssue={previousIssue}
      bought={bought}
      // A page that failed may need a fresh token; a guest's preview pages need none.
      onRefreshAccess={() => {
        if (userId !== null) void access.refetch();
      }}
    />
  );
}

/** The reader's surface for what is shown before the pages (loading, a failure). */
function ReaderFrame({ catalog, children }: { catalog: string; children: ReactNode }) {
  return (
    <div className="reader reader-message">
      <header className="reader-bar">
        <div className="reader-bar-row">
          <Link to={catalog} className="reader-tool reader-back" title="Back to the catalogue">
            <BsArrowLeft aria-hidden="true" />
            <span className="visually-hidden">Back to the catalogue</span>
          </Link>
        </div>
      </header>
      <main id="main" className="reader-main container-sm py-4" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function IssueNotFound({ catalog }: { catalog: string }) {
  useDocumentTitle('Issue not found');
  return (
    <main id="main" className="container-xxl" tabIndex={-1}>
      <NotFoundView
        title="Issue not found"
        message="This issue does not exist or is no longer in the catalogue."
        homeHref={catalog}
      />
    </main>
  );
}
