// The controls above 'My comics' (issue 24): a search (series, issue title or number), the order
// (Recently bought, Recently read, Series, Title) and the view (Grid or List), each labelled, and
// a status that tells a screen reader how many issues the search leaves.
import { useId } from 'react';

import { LIBRARY_SORTS, LIBRARY_SORT_LABELS, type LibrarySort } from '../utils/library';
import { LIBRARY_VIEWS, type LibraryView } from '../hooks/use-library-view';
import { BsGrid, BsListUl, BsSearch } from './library-icons';

const VIEW_LABELS: Record<LibraryView, string> = { grid: 'Grid', list: 'List' };
const VIEW_ICONS = { grid: BsGrid, list: BsListUl };

type LibraryToolbarProps = {
  query: string;
  onQueryChange: (query: string) => void;
  sort: LibrarySort;
  onSortChange: (sort: LibrarySort) => void;
  view: LibraryView;
  onViewChange: (view: LibraryView) => void;
  /** How many issues the search leaves, of how many. */
  shown: number;
  total: number;
};

export function LibraryToolbar({
  query,
  onQueryChange,
  sort,
  onSortChange,
  view,
  onViewChange,
  shown,
  total,
}: LibraryToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  const viewName = useId();
  const searching = query.trim() !== '';

  return (
    <div className="library-toolbar mb-4">
      <form
        className="library-search"
        role="search"
        aria-label="My comics"
        // The list follows as one types; Enter has nothing more to send.
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={searchId} className="form-label small fw-semibold mb-1">
          Search my comics
        </label>
        <div className="input-group">
          <span className="input-group-text" aria-hidden="true">
            <BsSearch />
          </span>
          <input
            id={searchId}
            type="search"
            className="form-control"
            placeholder="Series, title or number"
            value={query}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => onQueryChange(event.target.value)}
          />
        </div>
      </form>
      <div className="library-sort">
        <label htmlFor={sortId} className="form-label small fw-semibold mb-1">
          Sort by
        </label>
        <select
          id={sortId}
          className="form-select"
          value={sort}
          onChange={(event) => onSortChange(event.target.value as LibrarySort)}
        >
          {LIBRARY_SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {LIBRARY_SORT_LABELS[choice]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="library-view">
        <legend className="form-label small fw-semibold mb-1">View</legend>
        <div className="view-switch">
          {LIBRARY_VIEWS.map((choice) => {
            const Icon = VIEW_ICONS[choice];
            const id = `${viewName}-${choice}`;
            return (
              <span key={choice} className="view-switch-option">
                <input
                  type="radio"
                  className="btn-check"
                  name={viewName}
                  id={id}
                  value={choice}
                  checked={view === choice}
                  onChange={() => onViewChange(choice)}
                />
                <label className="btn btn-outline-secondary" htmlFor={id}>
                  <Icon aria-hidden="true" className="me-1" />
                  {VIEW_LABELS[choice]}
                </label>
              </span>
            );
          })}
        </div>
      </fieldset>
      <p className="visually-hidden" role="status">
        {searching ? `Showing ${shown} of ${total} ${total === 1 ? 'issue' : 'issues'}` : ''}
      </p>
    </div>
  );
}
