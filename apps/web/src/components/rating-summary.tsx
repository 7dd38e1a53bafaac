// An issue's average rating (docs/product.md §2 issue modal): the stars with the number and, once
// known, how many reviews it comes from; 'Not reviews for this comic' (the spec's words) when
// there is none.
import { StarRating } from './star-rating';

type RatingSummaryProps = {
  average: number | null;
  /** How many reviews the average is of; left out while it is not known. */
  count?: number | undefined;
};

export function RatingSummary({ average, count }: RatingSummaryProps) {
  if (average === null || count === 0) {
    return <span className="small text-body-secondary">Not reviews for this comic</span>;
  }
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      <StarRating value={average} />
      <span className="small text-body-secondary">
        {average.toFixed(1)}
        {count !== undefined && ` · ${count} ${count === 1 ? 'review' : 'reviews'}`}
      </span>
    </span>
  );
}
