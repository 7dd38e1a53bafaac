// The home catalogue: filters, the page of comic cards and the pager. Paging, filtering, sorting
// and search run on the server; the view is read from and written to the URL.
import { COMICS_PER_PAGE, EMPTY_CATALOGUE_MS } from '@comics/shared/constants';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';

import { ComicsNotFound, PageSpinner } from '@/components/list-states';
import { ErrorState } from '@/components/error-state';
import { Pagination } from '@/components/pagination';
import type { Area } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useElapsed } from '@/lib/use-elapsed';

import { useComics } from '../api/get-comics';
import { catalogSearch, useCatalogParams } from '../hooks/use-catalog-params';
import { CatalogToolbar } from './catalog-toolbar';
import { ComicCard } from './comic-card';

/** A phone's first screen shows the first row (two cards): their covers load at once, not lazily. */
const ABOVE_THE_FOLD_CARDS = 2;

export function Catalog({ area }: { area: Area }) {
  const { query, setPage, setPublisher, setSort, resetFilters } = useCatalogParams();
  const comics = useComics(query);
  const sectionRef = useRef<HTMLElement>(null);
  const viewKey = catalogSearch(query);
  // 'Comics not found' only once a view has stayed empty for the spec's delay.
  const emptyDelayOver = useElapsed(EMPTY_CATALOGUE_MS, viewKey);

  const total = comics.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / COMICS_PER_PAGE));
  const items = comics.data?.items ?? [];

  // A page past the end (a stale link, a shrunken result) moves to the last page.
  useEffect(() => {
    if (!comics.isPlaceholderData && comics.data && total > 0 && query.page > totalPages) {
      setPage(totalPages, { replace: true });
    }
  }, [comics.data, comics.isPlaceholderData, query.page, setPage, total, totalPages]);

  function changePage(page: number) {
    setPage(page);
    sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  const first = (query.page - 1) * COMICS_PER_PAGE + 1;
  const last = Math.min(query.page * COMICS_PER_PAGE, total);

  return (
    <section ref={sectionRef} className="catalogue scroll-offset" aria-labelledby="catalogue-heading">
      <div className="d-flex flex-column flex-lg-row gap-3 align-items-lg-end justify-content-between mb-3">
        <div>
          <h2 id="catalogue-heading" className="section-title mb-1">
            {query.q ? <>Results for “{query.q}”</> : 'All comics'}
          </h2>
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {comics.data && total > 0 ? `Showing ${first}–${last} of ${formatCount(total)} comics` : ' '}
          </p>
        </div>
        <CatalogToolbar query={query} onPublisherChange={setPublisher} onSortChange={setSort} onReset={resetFilters} />
      </div>

      {comics.isError && !comics.data ? (
        <ErrorState title="The catalogue could not be loaded" error={comics.error} onRetry={() => comics.refetch()} />
      ) : comics.isPending ? (
        <PageSpinner label="Loading comics" />
      ) : items.length === 0 ? (
        emptyDelayOver ? (
          <ComicsNotFound>
            {viewKey !== '' && (
              <Button variant="outline-primary" onClick={resetFilters}>
                Reset Filters
              </Button>
            )}
          </ComicsNotFound>
        ) : (
          <PageSpinner label="Loading comics" />
        )
      ) : (
        <div className={`catalogue-grid-wrap${comics.isPlaceholderData ? ' is-refreshing' : ''}`}>
          {comics.isPlaceholderData && <PageSpinner label="Loading comics" className="catalogue-overlay-spinner" />}
          <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6 g-3 g-md-4 list-unstyled mb-4">
            {items.map((comic, index) => (
              <li key={comic.id} className="col">
                <ComicCard comic={comic} area={area} priority={index < ABOVE_THE_FOLD_CARDS} />
              </li>
            ))}
          </ul>
          <Pagination
            page={Math.min(query.page, totalPages)}
            totalPages={totalPages}
            onPageChange={changePage}
            label="Catalogue pages"
          />
        </div>
      )}
    </section>
  );
}
