// Prev / numbered / Next page buttons. A long range is shortened to the first and last pages
// around the current one (see getPageWindow), so the bar never outgrows a phone screen.
import { getPageWindow } from '@/lib/pagination';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  siblings?: number;
};

export function Pagination({ page, totalPages, onPageChange, label = 'Pages', siblings = 1 }: PaginationProps) {
  if (totalPages <= 1) return null;
  const slots = getPageWindow(page, totalPages, siblings);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;

  return (
    <nav aria-label={label} className="d-flex justify-content-center">
      <ul className="pagination app-pagination flex-wrap justify-content-center mb-0">
        <li className={`page-item${atStart ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={atStart} onClick={() => onPageChange(page - 1)}>
            Prev
          </button>
        </li>
        {slots.map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot} className={`page-item${slot === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                aria-current={slot === page ? 'page' : undefined}
                aria-label={`Page ${slot}`}
                onClick={() => slot !== page && onPageChange(slot)}
              >
                {slot}
              </button>
            </li>
          ) : (
            <li key={slot} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ),
        )}
        <li className={`page-item${atEnd ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
