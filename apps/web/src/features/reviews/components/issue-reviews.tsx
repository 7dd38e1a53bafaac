// The issue modal's reviews (docs/product.md §2 issue modal, §8): the average as stars with how
// many reviews, or 'Not reviews for this comic'; 'See Reviews'; and 'Post Review', which sends a
// guest to /login and opens the form for anyone signed in. A saved review is confirmed by the
// 'Post review' popup, and every list showing the issue's rating reloads.
import type { RatedIssue } from '@comics/shared/schemas/catalog';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { BsChatSquareText } from 'react-icons/bs';
import { Link } from 'react-router';

import { MessagePopup, type PopupMessage } from '@/components/message-popup';
import { BsPencilSquare } from '@/components/pencil-square-icon';
import { RatingSummary } from '@/components/rating-summary';
import { paths } from '@/config/paths';

import { useIssueReviews, type Review } from '../api/get-issue-reviews';
import { PostReviewModal, type OwnReview } from './post-review-modal';
import { ReviewsModal } from './reviews-modal';

const POSTED: PopupMessage = { tone: 'success', title: 'Post review', message: 'Your review has been posted ok' };

export type ReviewAccount = { id: number; name: string | null };

export type IssueReviewsProps = {
  issue: Pick<RatedIssue, 'id' | 'volume_id' | 'issue_number' | 'avgRating'>;
  comicName: string;
  /** Who is signed in; null for a guest. */
  account: ReviewAccount | null;
  /** After a review is saved: other screens showing the issue's rating reload it. */
  onPosted?: (() => void) | undefined;
};

/**
 * The user's earlier review among those loaded. The list names reviewers by username only, which
 * two accounts may share: a name that shows up twice is nobody's for sure, and the form starts
 * empty (saving still replaces the user's review on the server).
 */
export function findOwnReview(reviews: readonly Review[], username: string | null): OwnReview | undefined {
  if (!username) return undefined;
  const matches = reviews.filter((review) => review.User.username === username);
  return matches.length === 1 ? matches[0] : undefined;
}

export function IssueReviews({ issue, comicName, account, onPosted }: IssueReviewsProps) {
  const reviews = useIssueReviews(issue.id);
  const [open, setOpen] = useState<'list' | 'post' | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const title = `${comicName} #${issue.issue_number}`;
  const summary = reviews.data?.summary;

  return (
    <div className="d-flex flex-column align-items-start gap-2">
      {/* The catalogue's average until the reviews have loaded, then theirs with the count. */}
      <RatingSummary average={summary ? summary.average : issue.avgRating} count={summary?.count} />
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" size="sm" onClick={() => setOpen('list')}>
          <BsChatSquareText aria-hidden="true" className="me-1" />
          See Reviews
        </Button>
        {account ? (
          <Button variant="outline-secondary" size="sm" onClick={() => setOpen('post')}>
            <BsPencilSquare aria-hidden="true" className="me-1" />
            Post Review
          </Button>
        ) : (
          <Link
            to={paths.login.getHref()}
            className="btn btn-outline-secondary btn-sm"
            aria-label="Post Review (log in first)"
          >
            <BsPencilSquare aria-hidden="true" className="me-1" />
            Post Review
          </Link>
        )}
      </div>

      <ReviewsModal show={open === 'list'} issueId={issue.id} title={title} onHide={() => setOpen(null)} />
      {account && (
        <PostReviewModal
          show={open === 'post'}
          volumeId={issue.volume_id}
          issueId={issue.id}
          userId={account.id}
          title={title}
          own={reviews.data ? findOwnReview(reviews.data.reviews, account.name) : undefined}
          onHide={() => setOpen(null)}
          onPosted={() => {
            setOpen(null);
            setPopup(POSTED);
            onPosted?.();
          }}
        />
      )}
      <MessagePopup popup={popup} onClose={() => setPopup(null)} closeLabel="OK" />
    </div>
  );
}
