// Reviews and ratings (docs/product.md §2 Issue modal 'See Reviews' / 'Post Review' and Admin
// Reviews, §3 Review, §7 /ratings and /admin/reviews calls), shared by the API and the web client.
// Wire names are the spec's (`ComicId`, `UserId`, `IssueId`, the nested `User`, `id_review`).
// A reviewer's e-mail is in the administrators' shapes only.
import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '../constants';
import { comicListQuery, MAX_PAGE_SIZE } from './catalog';
import { issueIdField } from './shop';
import { bodyUserId, idField, wholeNumberField } from './wire-numbers';

/** The longest review text, counted after trimming (as a textarea's maxLength counts). */
export const REVIEW_DESCRIPTION_MAX = 2000;
/** Reviews per page of an issue's list and of the moderators' list, unless the client asks. */
export const REVIEWS_PER_PAGE = 20;

/** Whole stars only (5 or '5'): 0, 6, 2.5 and '2.5' are refused, never rounded. */
export const ratingField = wholeNumberField(
  RATING_MIN,
  RATING_MAX,
  `Must be a whole number of stars from ${RATING_MIN} to ${RATING_MAX}`,
);

/**
 * POST /api/ratings: saves the caller's review of the issue (a second save updates it). The
 * description is plain text, kept as written (trimmed): a client shows it as text, never as HTML.
 * `UserId` must be the signed-in user (403 otherwise); `ComicId` must be the issue's volume.
 */
export const reviewBody = z.object({
  rating: ratingField,
  description: z
    .string({ error: 'Must be text' })
    .trim()
    .max(REVIEW_DESCRIPTION_MAX, { error: `At most ${REVIEW_DESCRIPTION_MAX} characters` })
    .nullish()
    .transform((text) => text ?? ''),
  ComicId: idField('a comic id'),
  UserId: bodyUserId,
  IssueId: issueIdField,
});
export type ReviewBody = z.input<typeof reviewBody>;

const pagingFields = {
  page: wholeNumberField(1, 1_000_000, 'Must be a whole number from 1 to 1000000').optional(),
  limit: wholeNumberField(1, MAX_PAGE_SIZE, `Must be a whole number from 1 to ${MAX_PAGE_SIZE}`).optional(),
};

/**
 * POST /api/ratings/byIssue: one page of an issue's reviews (REVIEWS_PER_PAGE newest unless
 * `page` / `limit` say otherwise), answered as a bare list as the spec's client reads it.
 * `volumeId` must be the issue's volume.
 */
export const reviewsByIssueBody = z.object({
  volumeId: idField('a comic id'),
  IssueId: issueIdField,
  ...pagingFields,
});
export type ReviewsByIssueBody = z.input<typeof reviewsByIssueBody>;

/** A review as anyone may see it: the reviewer by username only. Times are ISO 8601. */
export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  description: z.string(),
  /** When it was first posted. */
  createdAt: z.string(),
  /** When it was last saved; lists are newest first by it. */
  updatedAt: z.string(),
  User: z.object({ username: z.string() }),
  /** The reviewer owns the issue ('Verified purchase'). */
  verifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof review>;

/** How many reviews gave each number of stars. */
export const ratingHistogram = z.object({
  5: z.number().int(),
  4: z.number().int(),
  3: z.number().int(),
  2: z.number().int(),
  1: z.number().int(),
});
export type RatingHistogram = z.infer<typeof ratingHistogram>;

/** Over all the issue's reviews, not only the page: the same average as the catalogue's `avgRating`. */
export const ratingSummary = z.object({
  /** Rounded to 2 decimals; null when the issue has no review. */
  average: z.number().nullable(),
  count: z.number().int(),
  histogram: ratingHistogram,
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/**
 * ?page=&limit= of GET /api/issues/{id}/reviews and GET /api/admin/reviews (REVIEWS_PER_PAGE a page
 * by default, at most MAX_PAGE_SIZE).
 */
export const reviewsPageQuery = comicListQuery.pick({ page: true, limit: true });
export type ReviewsPageQuery = z.input<typeof reviewsPageQuery>;

/** POST /api/ratings/byIssue: the page as a bare list; the X-Total-Count header counts every review. */
export const reviewList = z.array(review);

/** The answer of GET /api/issues/{id}/reviews; `summary.count` is the total across pages. */
export const issueReviews = z.object({
  reviews: z.array(review),
  summary: ratingSummary,
  page: z.number().int(),
  limit: z.number().int(),
});
export type IssueReviews = z.infer<typeof issueReviews>;

// ---- Moderation (ADMIN) ------------------------------------------------------------------------

/** A review as the moderators see it: the reviewer's e-mail, and which issue it is about. */
export const adminReview = review.extend({
  User: z.object({ id: z.number().int(), email: z.string(), username: z.string() }),
  Issue: z.object({ id: z.number().int(), issue_number: z.number().int(), name: z.string().nullable() }),
  Comic: z.object({ id: z.number().int(), name: z.string() }),
});
export type AdminReview = z.infer<typeof adminReview>;

/** Every review, newest first, one page of them as a bare list; the X-Total-Count header counts all pages. */
export const adminReviewsAnswer = z.array(adminReview);

/** DELETE /api/admin/reviews: answers the review deleted. */
export const deleteReviewBody = z.object({ id_review: idField('a review id') });
export type DeleteReviewBody = z.infer<typeof deleteReviewBody>;
