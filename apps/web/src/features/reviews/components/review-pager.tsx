// Previous / Next through the pages of a review list, saying where the reader is ('Page 2 of 5').
// Not the catalogue's numbered Pagination: shared with these lazily loaded screens, that
// component would leave the home page's chunk for a file of its own, one more download on every
// first visit of /home.
import Button from 'react-bootstrap/Button';

type ReviewPagerProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
};

export function ReviewPager({ page, totalPages, onPageChange, label }: ReviewPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-center gap-3">
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="small text-body-secondary" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
