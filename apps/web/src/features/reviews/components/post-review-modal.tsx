// 'Post Review' (docs/product.md §2 issue modal): 5 stars, a text area, Close and 'Save Changes'.
// Saving needs a rating and waits for the server; what the server refuses is said in the form
// (the rating's or the text's own message beside it, anything else above the buttons). Posting
// again replaces the user's earlier review, so the form starts from it when there is one.
import type { REVIEW_DESCRIPTION_MAX } from '@comics/shared/schemas/reviews';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

import { ApiError, errorMessage } from '@/lib/api-client';

import type { Review } from '../api/get-issue-reviews';
import { usePostReview } from '../api/post-review';
import { StarInput } from './star-input';

/**
 * The server's limit, written out so this screen does not load the shared schemas (and zod) for
 * one number; the type is the shared constant's literal, so the two cannot drift apart.
 */
export const DESCRIPTION_MAX: typeof REVIEW_DESCRIPTION_MAX = 2000;

export type OwnReview = Pick<Review, 'rating' | 'description'>;

type PostReviewModalProps = {
  show: boolean;
  volumeId: number;
  issueId: number;
  userId: number;
  /** What is reviewed ('Night Watch #3'). */
  title: string;
  /** The user's earlier review of the issue, if any: the form starts from it. */
  own?: OwnReview | undefined;
  onHide: () => void;
  onPosted: (review: Review) => void;
};

export function PostReviewModal({ show, onHide, ...form }: PostReviewModalProps) {
  const post = usePostReview();
  // While saving, the dialog stays: Escape, the backdrop and Close wait for the answer.
  const close = post.isPending ? () => undefined : onHide;
  return (
    <Modal show={show} onHide={close} onExited={() => post.reset()} centered aria-labelledby="post-review-title">
      {/* Mounted while shown only, so every opening starts from the saved review. */}
      <PostReviewForm post={post} onHide={close} {...form} />
    </Modal>
  );
}

function PostReviewForm({
  post,
  volumeId,
  issueId,
  userId,
  title,
  own,
  onHide,
  onPosted,
}: Omit<PostReviewModalProps, 'show'> & { post: ReturnType<typeof usePostReview> }) {
  const [rating, setRating] = useState<number | null>(own?.rating ?? null);
  const [description, setDescription] = useState(own?.description ?? '');

  const fields = post.error instanceof ApiError ? post.error.fields : undefined;
  const ratingError = fields?.rating;
  const descriptionError = fields?.description;
  const formError = post.isError && !ratingError && !descriptionError ? errorMessage(post.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null || post.isPending) return;
    post.mutate({ rating, description, volumeId, issueId, userId }, { onSuccess: (review) => onPosted(review) });
  }

  // A change answers the server's objection: its message goes until the next save.
  function edited() {
    if (post.isError) post.reset();
  }

  return (
    <Form noValidate onSubmit={submit}>
      <Modal.Header closeButton={!post.isPending}>
        <Modal.Title id="post-review-title" as="h2" className="h5 fw-bold">
          Post Review
          <span className="d-block small fw-normal text-body-secondary mt-1">{title}</span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <div>
          <StarInput
            value={rating}
            disabled={post.isPending}
            errorId={ratingError ? 'review-rating-error' : undefined}
            onChange={(stars) => {
              edited();
              setRating(stars);
            }}
          />
          {ratingError && (
            <div id="review-rating-error" className="invalid-feedback d-block">
              {ratingError}
            </div>
          )}
        </div>
        <Form.Group controlId="review-description">
          <Form.Label className="fw-semibold">
            Your review <span className="fw-normal text-body-secondary">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={5}
            value={description}
            maxLength={DESCRIPTION_MAX}
            disabled={post.isPending}
            isInvalid={descriptionError !== undefined}
            aria-invalid={descriptionError !== undefined ? true : undefined}
            aria-describedby={
              descriptionError ? 'review-description-count review-description-error' : 'review-description-count'
            }
            placeholder="What did you think of it?"
            onChange={(event) => {
              edited();
              setDescription(event.target.value);
            }}
          />
          {descriptionError && (
            <Form.Control.Feedback id="review-description-error" type="invalid">
              {descriptionError}
            </Form.Control.Feedback>
          )}
          <Form.Text id="review-description-count" className="d-block text-end">
            {description.length.toLocaleString('en-US')} / {DESCRIPTION_MAX.toLocaleString('en-US')} characters
          </Form.Text>
        </Form.Group>
        {formError && (
          <Alert variant="danger" className="py-2 mb-0" role="alert">
            {formError}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide} disabled={post.isPending}>
          Close
        </Button>
        <Button type="submit" variant="primary" disabled={rating === null || post.isPending}>
          {post.isPending && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Save Changes
        </Button>
      </Modal.Footer>
    </Form>
  );
}
