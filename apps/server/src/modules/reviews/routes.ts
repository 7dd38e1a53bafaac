// The reviews API (docs/product.md §7 /ratings and /admin/reviews calls). Posting is the signed-in
// user's own: a `UserId` that is not the caller's is refused with 403, and saves are budgeted per
// user. An issue's reviews are public, never with an e-mail; every review with its author's
// e-mail, and deleting one, is for administrators (a deletion goes into the audit log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { TOTAL_COUNT_HEADER } from '@comics/shared/schemas/admin';
import { idParam } from '@comics/shared/schemas/catalog';
import {
  adminReview,
  adminReviewsAnswer,
  deleteReviewBody,
  issueReviews,
  review,
  reviewBody,
  reviewList,
  reviewsByIssueBody,
  reviewsPageQuery,
} from '@comics/shared/schemas/reviews';
import { z } from 'zod';
import { perIpLimit, requestBudget } from '../../platform/limits/request-budget';
import type { AuditLog } from '../audit/service';
import { assertOwnUser, callerOf } from '../auth/access';
import type { ReviewsService } from './service';
import { adminReviewOf, issueReviewsOf, reviewOf } from './wire';

/** Saves one user may make in a window: a person rates a handful of issues, a script floods. */
export const REVIEW_SAVES_PER_USER = { max: 20, windowMs: 10 * 60_000 };

/** Far above the largest valid review (2,000 characters, each at most a 6-byte JSON escape). */
const REVIEW_BODY_LIMIT_BYTES = 64 * 1024;

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  /** Where a moderator's deletion is recorded. */
  audit: Pick<AuditLog, 'record'>;
  /** Public reads of an issue's reviews one IP may make per minute (they are not cached); 0 for no limit. */
  readsPerIpPerMinute: number;
  saveBudget?: { max: number; windowMs: number };
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, options) => {
  const { reviews, audit, readsPerIpPerMinute } = options;
  const tags = ['reviews'];
  const withinSaveBudget = requestBudget(app, 'review-saves', {
    ...(options.saveBudget ?? REVIEW_SAVES_PER_USER),
    key: (request) => `user:${callerOf(request).id}`,
    refusal: 'Too many reviews saved.',
  });
  const limitReads = perIpLimit(app, 'reviews-read', readsPerIpPerMinute);

  app.post(
    '/ratings',
    {
      config: { access: 'signed-in' },
      bodyLimit: REVIEW_BODY_LIMIT_BYTES,
      preHandler: withinSaveBudget,
      schema: {
        tags,
        summary: "Post the caller's review of an issue (posting again updates it); answers the review",
        description:
          "`rating` is a whole number from 1 to 5; `description` is plain text, trimmed, at most 2,000 characters, stored and answered as written. `UserId` must be the signed-in user (403), `ComicId` the issue's volume (400); an unknown issue is 404.",
        body: reviewBody,
        response: { 200: review, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { rating, description, ComicId, UserId, IssueId } = request.body;
      const caller = assertOwnUser(request, UserId, 'UserId');
      const saved = await reviews.save(caller.id, { rating, description, volumeId: ComicId, issueId: IssueId });
      return reviewOf(saved);
    },
  );

  app.post(
    '/ratings/byIssue',
    {
      config: { access: 'public' },
      ...(limitReads ? { preHandler: limitReads } : {}),
      schema: {
        tags,
        summary: "An issue's reviews, newest first, as a bare list (the spec's client maps over the answer)",
        description:
          "One page (`page`, `limit`; 20 by default); the X-Total-Count header counts every review. Reviewers are named by username only. `volumeId` must be the issue's volume (400); an unknown issue is 404. GET /api/issues/{id}/reviews adds the rating summary.",
        body: reviewsByIssueBody,
        response: { 200: reviewList, 400: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { volumeId, IssueId, page, limit } = request.body;
      const found = await reviews.listByIssue(volumeId, IssueId, { page, limit });
      reply.header(TOTAL_COUNT_HEADER, found.summary.count);
      return found.reviews.map(reviewOf);
    },
  );

  app.get(
    '/issues/:id/reviews',
    {
      config: { access: 'public' },
      ...(limitReads ? { preHandler: limitReads } : {}),
      schema: {
        tags,
        summary: "An issue's reviews, newest first, with the average and how many gave each number of stars",
        description:
          'One page (`page`, `limit`; 20 by default); the summary covers every review. Reviewers are named by username only; an unknown issue is 404.',
        params: z.object({ id: idParam }),
        querystring: reviewsPageQuery,
        response: { 200: issueReviews, 400: apiError, 404: apiError, 429: apiError },
      },
    },
    async (request) => issueReviewsOf(await reviews.listOfIssue(request.params.id, request.query)),
  );

  const admin = { access: 'admin' } as const;
  const adminErrors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

  app.get(
    '/admin/reviews',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every review with its author and issue, newest first, one page at a time, as a bare list',
        description: '`page` from 1, `limit` up to 100 (20 by default); the X-Total-Count header counts every review.',
        querystring: reviewsPageQuery,
        response: { 200: adminReviewsAnswer, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { reviews: rows, total } = await reviews.listAll(request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map(adminReviewOf);
    },
  );

  app.delete(
    '/admin/reviews',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a review (moderation); answers the review deleted',
        body: deleteReviewBody,
        response: { 200: adminReview, ...adminErrors },
      },
    },
    async (request) => {
      const deleted = await reviews.remove(request.body.id_review);
      const actorId = callerOf(request).id;
      request.log.info({ reviewId: deleted.id, actorId }, 'review deleted by a moderator');
      await audit.record({
        actorId,
        action: 'review.deleted',
        target: `review ${deleted.id}`,
        details: { issueId: deleted.issueId, authorId: deleted.userId, rating: deleted.rating },
      });
      return adminReviewOf(deleted);
    },
  );
};
