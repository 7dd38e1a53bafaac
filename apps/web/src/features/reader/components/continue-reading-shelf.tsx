// 'Continue reading' on /user (issue 13): the issues the user stopped in, most recent first, each
// with its cover, comic and number and 'Page N of M' with a bar, leading to the reader at that
// page. The section shows only once there is something to continue.
import { useId } from 'react';
import { Link } from 'react-router';

import { CoverImage } from '@/components/cover-image';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { useReadingShelf, type ReadingShelfItem } from '../api/get-reading-shelf';

/** One row of the catalogue's widest grid. */
export const SHELF_SIZE = 6;

const TITLE_ID = 'continue-reading-title';

export function ContinueReadingShelf({ userId }: { userId: number }) {
  const shelf = useReadingShelf(userId);

  if (shelf.isPending) return <PageSpinner label="Loading what you are reading" />;
  if (shelf.isSuccess && shelf.data.length === 0) return null;

  return (
    <section aria-labelledby={TITLE_ID} className="mb-5">
      <h2 id={TITLE_ID} className="section-title mb-4">
        Continue reading
      </h2>
      {shelf.isError ? (
        <ErrorState
          title="What you are reading could not be loaded"
          error={shelf.error}
          onRetry={() => shelf.refetch()}
        />
      ) : (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 g-md-4 list-unstyled mb-0">
          {shelf.data.slice(0, SHELF_SIZE).map((item) => (
            <li key={item.issueId} className="col">
              <ReadingCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReadingCard({ item }: { item: ReadingShelfItem }) {
  const pageId = useId();
  const share = item.pageCount > 0 ? Math.min(100, Math.round((item.page / item.pageCount) * 100)) : 0;

  return (
    <article className="issue-card reading-card card h-100 border-0">
      <CoverImage src={item.issue.image} alt="" />
      <div className="card-body px-1 pt-2 pb-0 d-flex flex-column gap-1">
        <h3 className="h6 mb-0 issue-card-title reading-card-title">
          <Link
            to={paths.user.read.getHref(item.issueId, item.page)}
            className="stretched-link text-reset text-decoration-none"
            aria-describedby={pageId}
          >
            {item.volumeName} <span className="issue-number">#{item.issue.issue_number}</span>
          </Link>
        </h3>
        <p id={pageId} className="small text-body-secondary mb-1 mt-auto">
          Page {item.page} of {item.pageCount}
        </p>
        {/* The words above say it; the bar only shows it. */}
        <div className="reading-progress" aria-hidden="true">
          <div className="reading-progress-bar" style={{ width: `${share}%` }} />
        </div>
      </div>
    </article>
  );
}
