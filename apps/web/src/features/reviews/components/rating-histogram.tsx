// How many reviews gave each number of stars, 5 down to 1: a list a screen reader reads as
// '5 stars, 2 reviews', with a bar per row for the eye (hidden from assistive technology, which
// has the numbers).
import type { RatingHistogram as Histogram } from '@comics/shared/schemas/reviews';

import { starsLabel } from './star-input';

const ROWS = [5, 4, 3, 2, 1] as const;

export function RatingHistogram({ histogram, label = 'Ratings by stars' }: { histogram: Histogram; label?: string }) {
  const count = ROWS.reduce((sum, stars) => sum + histogram[stars], 0);
  return (
    <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-label={label}>
      {ROWS.map((stars) => {
        const reviews = histogram[stars];
        const share = count > 0 ? (reviews / count) * 100 : 0;
        return (
          <li key={stars} className="d-flex align-items-center gap-2 small">
            <span className="text-nowrap" style={{ minWidth: '3.75rem' }}>
              {starsLabel(stars)}
              <span className="visually-hidden">,</span>
            </span>
            {/* Utilities, not Bootstrap's .progress: the shop's Bootstrap build leaves progress bars out. */}
            <span
              className="d-block flex-grow-1 rounded-pill bg-body-secondary overflow-hidden"
              style={{ height: '0.5rem' }}
              aria-hidden="true"
            >
              <span
                className="d-block h-100 rounded-pill"
                style={{ width: `${share}%`, backgroundColor: 'var(--star)' }}
              />
            </span>
            <span className="text-body-secondary text-end" style={{ minWidth: '2rem' }}>
              {reviews}
              <span className="visually-hidden"> {reviews === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
