// The home filters: publisher, order and 'Reset Filters' (docs/product.md §2). The order select keeps
// the spec's 'Sort by name...' with A - Z and Z - A, and offers 'Newest' and 'Top rated' beside
// them (issue 24).
import { COMIC_SORTS } from '@comics/shared/constants';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BsArrowCounterclockwise } from 'react-icons/bs';

import { usePublishers } from '../api/get-publishers';
import type { CatalogQuery, CatalogSort } from '../types';

type CatalogToolbarProps = {
  query: CatalogQuery;
  onPublisherChange: (publisher: string | null) => void;
  onSortChange: (sort: CatalogSort | null) => void;
  onReset: () => void;
};

const SORT_LABELS: Record<CatalogSort, string> = {
  name_asc: 'A - Z',
  name_desc: 'Z - A',
  newest: 'Newest',
  top_rated: 'Top rated',
};

export function CatalogToolbar({ query, onPublisherChange, onSortChange, onReset }: CatalogToolbarProps) {
  const publishers = usePublishers();
  const options = publishers.data ?? [];
  // A publisher from a shared link stays selectable even before (or without) the list.
  const publisherOptions =
    query.publisher && !options.includes(query.publisher) ? [query.publisher, ...options] : options;

  return (
    <div className="catalogue-toolbar d-flex flex-column flex-sm-row flex-wrap gap-2">
      <Form.Select
        aria-label="Filter by publisher"
        className="catalogue-filter"
        value={query.publisher ?? ''}
        onChange={(event) => onPublisherChange(event.target.value || null)}
      >
        <option value="">Filter by Publisher...</option>
        {publisherOptions.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        aria-label="Sort comics"
        className="catalogue-sort"
        value={query.sort ?? ''}
        onChange={(event) => onSortChange(COMIC_SORTS.find((s) => s === event.target.value) ?? null)}
      >
        <option value="">Sort by name...</option>
        {COMIC_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </Form.Select>
      <Button variant="outline-secondary" className="text-nowrap" onClick={onReset}>
        <BsArrowCounterclockwise aria-hidden="true" className="me-1" />
        Reset Filters
      </Button>
    </div>
  );
}
