// /dashboard/reviews (docs/product.md §2 Admin screens: Reviews; §4): one card per review with
// the reviewer's Email and Username, the Description, the Rating and Remove. Removing asks first;
// once the server has deleted the review, the list reloads. Newest first, a page at a time; the
// page is in the URL (?page=2), so a reload keeps it.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { BsChatSquareText } from 'react-icons/bs';
import { Link, useSearchParams } from 'react-router';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { StarRating } from '@/components/star-rating';
import { comicDetailHref } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import { useAdminReviews, type AdminReview } from '../api/get-admin-reviews';
import { useDeleteReview } from '../api/delete-review';
import { formatReviewDate, VerifiedPurchase } from './review-item';
import { ReviewPager } from './review-pager';
import { BsTrash } from './review-icons';

const issueLabel = (review: AdminReview) => `${review.Comic.name} #${review.Issue.issue_number}`;

type AdminReviewsProps = {
  /** After a review is deleted: other screens showing the issue's rating reload it. */
  onDeleted?: ((review: AdminReview) => void) | undefined;
};

export function AdminReviews({ onDeleted }: AdminReviewsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  const reviews = useAdminReviews(page);
  const remove = useDeleteReview();
  const [removing, setRemoving] = useState<AdminReview | null>(null);

  function goTo(next: number) {
    setSearchParams(next > 1 ? { page: String(next) } : {});
  }

  function confirmRemoval() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (deleted) => {
        setRemoving(null);
        onDeleted?.(deleted);
      },
    });
  }

  const data = reviews.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  // The last review of the last page went (or the address named a page past the end): show the
  // page that is last now.
  const pastTheEnd = data !== undefined && !reviews.isPlaceholderData && data.reviews.length === 0 && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) setSearchParams(totalPages > 1 ? { page: String(totalPages) } : {}, { replace: true });
  }, [pastTheEnd, totalPages, setSearchParams]);

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-4">
        <h1 className="section-title mb-0">Reviews</h1>
        {data && data.total > 0 ? (
          <span className="badge rounded-pill text-bg-secondary fs-6">
            {data.total}
            <span className="visually-hidden"> {data.total === 1 ? 'review' : 'reviews'}</span>
          </span>
        ) : null}
      </div>

      {!data ? (
        reviews.isError ? (
          <ErrorState title="The reviews could not be loaded" error={reviews.error} onRetry={() => reviews.refetch()} />
        ) : (
          <PageSpinner label="Loading the reviews" />
        )
      ) : data.total === 0 ? (
        <div className="empty-state text-center py-5">
          <BsChatSquareText aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">No reviews yet</p>
          <p className="text-body-secondary mb-0">Reviews that customers post show here.</p>
        </div>
      ) : (
        <>
          {reviews.isError && (
            <ErrorState
              title="The reviews could not be reloaded"
              error={reviews.error}
              onRetry={() => reviews.refetch()}
            />
          )}
          <ul className="list-unstyled d-flex flex-column gap-3 mb-4" aria-busy={reviews.isFetching}>
            {data.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} onRemove={() => setRemoving(review)} />
              </li>
            ))}
          </ul>
          <ReviewPager page={page} totalPages={totalPages} onPageChange={goTo} label="Review pages" />
        </>
      )}

      <ConfirmDialog
        title={removing ? `Remove the review by ${removing.User.username}?` : null}
        text={
          removing ? (
            <>Their review of {issueLabel(removing)} will be deleted. You won&apos;t be able to revert this!</>
          ) : null
        }
        confirmLabel="Yes, remove it"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmRemoval}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </>
  );
}

function ReviewCard({ review, onRemove }: { review: AdminReview; onRemove: () => void }) {
  const headingId = `review-${review.id}-title`;
  return (
    <article className="card shadow-sm" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <h2 id={headingId} className="h6 mb-0">
            <Link to={`${comicDetailHref('admin', review.Comic.id)}?issue=${review.Issue.id}`}>
              {issueLabel(review)}
            </Link>
            {review.Issue.name ? <span className="fw-normal text-body-secondary"> {review.Issue.name}</span> : null}
          </h2>
          <span className="small text-body-secondary">
            <time dateTime={review.updatedAt}>{formatReviewDate(review.updatedAt)}</time>
          </span>
        </div>
        <div className="row g-3 align-items-start">
          <dl className="col row g-3 mb-0">
            <div className="col-sm-6 col-xl-3">
              <dt className="small text-body-secondary fw-semibold">Email</dt>
              <dd className="mb-0 text-break">{review.User.email}</dd>
            </div>
            <div className="col-sm-6 col-xl-2">
              <dt className="small text-body-secondary fw-semibold">Username</dt>
              <dd className="mb-0 text-break">
                {review.User.username}
                {review.verifiedPurchase && (
                  <span className="d-block mt-1">
                    <VerifiedPurchase />
                  </span>
                )}
              </dd>
            </div>
            <div className="col-sm-8 col-xl-5">
              <dt className="small text-body-secondary fw-semibold">Description</dt>
              <dd className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                {review.description || <span className="text-body-secondary fst-italic">No description</span>}
              </dd>
            </div>
            <div className="col-sm-4 col-xl-2">
              <dt className="small text-body-secondary fw-semibold">Rating</dt>
              <dd className="mb-0">
                <StarRating value={review.rating} />
              </dd>
            </div>
          </dl>
          <div className="col-12 col-md-auto">
            <Button
              variant="outline-danger"
              size="sm"
              onClick={onRemove}
              aria-label={`Remove the review by ${review.User.username} of ${issueLabel(review)}`}
            >
              <BsTrash aria-hidden="true" className="me-1" />
              Remove
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
