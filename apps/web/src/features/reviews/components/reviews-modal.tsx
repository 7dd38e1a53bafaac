// 'See Reviews' (docs/product.md §2 issue modal): an issue's reviews, newest first, a page at a
// time, beside the average and how many gave each number of stars.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { StarRating } from '@/components/star-rating';

import { getIssueReviewsQueryOptions } from '../api/get-issue-reviews';
import { RatingHistogram } from './rating-histogram';
import { ReviewItem } from './review-item';
import { ReviewPager } from './review-pager';

type ReviewsModalProps = {
  show: boolean;
  issueId: number;
  /** What the reviews are of ('Night Watch #3'). */
  title: string;
  onHide: () => void;
};

export function ReviewsModal({ show, issueId, title, onHide }: ReviewsModalProps) {
  return (
    <Modal show={show} onHide={onHide} centered scrollable size="lg" aria-labelledby="reviews-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="reviews-modal-title" as="h2" className="h5 fw-bold">
          Reviews of {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <IssueReviewList issueId={issueId} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function IssueReviewList({ issueId }: { issueId: number }) {
  const [page, setPage] = useState(1);
  const reviews = useQuery({
    ...getIssueReviewsQueryOptions(issueId, page),
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

  if (reviews.isPending) return <PageSpinner label="Loading the reviews" />;
  if (reviews.isError) {
    return (
      <ErrorState title="The reviews could not be loaded" error={reviews.error} onRetry={() => reviews.refetch()} />
    );
  }

  const { summary, limit } = reviews.data;
  if (summary.count === 0 || summary.average === null) {
    return <p className="text-body-secondary text-center py-4 mb-0">Not reviews for this comic</p>;
  }

  return (
    <div className="row g-4">
      <section className="col-md-5 col-lg-4 align-self-start sticky-md-top" aria-labelledby="reviews-summary-title">
        <h3 id="reviews-summary-title" className="visually-hidden">
          Summary
        </h3>
        <div className="d-flex align-items-center gap-3 mb-3">
          <span className="display-6 fw-bold lh-1">{summary.average.toFixed(1)}</span>
          <div>
            <StarRating value={summary.average} />
            <p className="small text-body-secondary mb-0 mt-1">
              {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
            </p>
          </div>
        </div>
        <RatingHistogram histogram={summary.histogram} />
      </section>
      <section className="col-md-7 col-lg-8" aria-labelledby="reviews-list-title">
        <h3 id="reviews-list-title" className="visually-hidden">
          Reviews, newest first
        </h3>
        <ol
          className="list-unstyled d-flex flex-column gap-3 mb-3"
          aria-labelledby="reviews-list-title"
          aria-busy={reviews.isPlaceholderData}
        >
          {reviews.data.reviews.map((review) => (
            <li key={review.id} className="border-bottom pb-3">
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
        <ReviewPager
          page={page}
          totalPages={Math.ceil(summary.count / limit)}
          onPageChange={setPage}
          label="Review pages"
        />
      </section>
    </div>
  );
}
