// One review as anyone may read it: who wrote it, the stars, when, 'Verified purchase' when the
// reviewer owns the issue, and the text. The text is rendered as text, never as HTML: whatever a
// reviewer typed, tags included, shows as written.
import type { Review } from '@comics/shared/schemas/reviews';

import { StarRating } from '@/components/star-rating';

import { BsPatchCheckFill } from './review-icons';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatReviewDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function ReviewItem({ review }: { review: Review }) {
  const edited = review.updatedAt !== review.createdAt;
  return (
    <article aria-label={`Review by ${review.User.username}`}>
      <div className="d-flex flex-wrap align-items-center column-gap-2 row-gap-1 mb-1">
        <span className="fw-semibold text-break">{review.User.username}</span>
        {review.verifiedPurchase && <VerifiedPurchase />}
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <StarRating value={review.rating} />
        <time className="small text-body-secondary" dateTime={review.updatedAt}>
          {formatReviewDate(review.updatedAt)}
          {edited && ' (edited)'}
        </time>
      </div>
      {review.description ? (
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
          {review.description}
        </p>
      ) : null}
    </article>
  );
}

export function VerifiedPurchase() {
  return (
    <span className="badge rounded-pill bg-success-subtle text-success-emphasis d-inline-flex align-items-center gap-1">
      <BsPatchCheckFill aria-hidden="true" />
      Verified purchase
    </span>
  );
}
