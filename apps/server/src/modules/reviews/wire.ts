// The wire shapes of reviews (the spec's nested `User`, ISO times), made from the repository's
// rows here and nowhere else; only the routes use it. The public shape names the reviewer by
// username alone: an e-mail is written only into the moderators' shape.
import type { AdminReview, IssueReviews, Review } from '@comics/shared/schemas/reviews';
import type { AdminReviewRow, ReviewRow } from './repository';
import type { IssueReviewsPage } from './service';

export function reviewOf(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    User: { username: row.username },
    verifiedPurchase: row.verifiedPurchase,
  };
}

export function issueReviewsOf({ reviews, summary, page, limit }: IssueReviewsPage): IssueReviews {
  return { reviews: reviews.map(reviewOf), summary, page, limit };
}

export function adminReviewOf(row: AdminReviewRow): AdminReview {
  return {
    ...reviewOf(row),
    User: { id: row.userId, email: row.email, username: row.username },
    Issue: { id: row.issueId, issue_number: row.issueNumber, name: row.issueName },
    Comic: { id: row.volumeId, name: row.volumeName },
  };
}
