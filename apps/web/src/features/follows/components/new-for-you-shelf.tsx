// 'New for you' on /user (issue 24): the issues of the series the user follows that came out since
// they followed them (marked 'New', with their price) and the ones they own but have not opened
// ('Unread'), newest first. A card opens the issue's window, which the page supplies (the
// catalogue owns it): a new issue is bought from there, an owned one read. The section shows only
// once there is something in it, one row at first, the rest a click away.
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { IssueCard } from '@/components/issue-card';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { useNewForYou, type NewForYouItem } from '../api/get-new-for-you';

/** One row of the catalogue's widest grid. */
export const NEW_FOR_YOU_ROW = 6;

const TITLE_ID = 'new-for-you-title';

type NewForYouShelfProps = {
  userId: number;
  onOpen: (item: NewForYouItem) => void;
};

export function NewForYouShelf({ userId, onOpen }: NewForYouShelfProps) {
  const shelf = useNewForYou(userId);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();

  if (shelf.isPending) return <PageSpinner label="Loading what is new for you" />;
  if (shelf.isSuccess && shelf.data.length === 0) return null;
  const items = shelf.data ?? [];
  const shown = showAll ? items : items.slice(0, NEW_FOR_YOU_ROW);

  return (
    <section aria-labelledby={TITLE_ID} className="mb-5">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-4">
        <h2 id={TITLE_ID} className="section-title mb-0">
          New for you
        </h2>
        <Link to={paths.user.favourites.getHref()} className="small">
          Series you follow
        </Link>
      </div>
      {shelf.isError ? (
        <ErrorState
          title="What is new for you could not be loaded"
          error={shelf.error}
          onRetry={() => shelf.refetch()}
        />
      ) : (
        <>
          <ul
            id={listId}
            className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-3 g-md-4 list-unstyled mb-0"
          >
            {shown.map((item) => (
              <li key={item.issue.id} className="col">
                <NewForYouCard item={item} onOpen={onOpen} />
              </li>
            ))}
          </ul>
          {items.length > NEW_FOR_YOU_ROW && (
            <button
              type="button"
              className="btn btn-link px-0 mt-3"
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? 'Show fewer' : `Show all ${items.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function NewForYouCard({ item, onOpen }: { item: NewForYouItem; onOpen: (item: NewForYouItem) => void }) {
  const isNew = item.kind === 'new';
  return (
    <IssueCard
      issue={{ ...item.issue, volume_name: item.volume_name }}
      owned={!isNew}
      badge={{
        label: isNew ? 'New' : 'Unread',
        className: `new-for-you-badge ${isNew ? 'is-new' : 'text-bg-secondary'}`,
      }}
      className="new-for-you-card"
      onOpen={() => onOpen(item)}
    />
  );
}
