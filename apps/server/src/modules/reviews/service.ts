// Reviews and ratings (docs/product.md §2 'See Reviews', 'Post Review', Admin Reviews): one review
// per user and issue, saved by its author (the route has checked who that is) and deleted by
// moderators. Every save and deletion tells `onRatingsChanged` the volume whose ratings moved, so
// cached answers showing them (the catalogue's avgRating) are dropped at once. Answers are domain
// rows; the routes map them to the wire shapes (see wire.ts).
import { REVIEWS_PER_PAGE } from '@comics/shared/schemas/reviews';
import type { Database } from '../../db/client';
import { HttpError, validationFailed } from '../../platform/http/errors';
import type { Page } from '../../db/page';
import { createReviewsRepository, type AdminReviewRow, type RatingSummaryRow, type ReviewRow } from './repository';

export interface ReviewsServiceOptions {
  /** The shop's database. */
  db: Database;
  /** After a review of one of the volume's issues was saved or deleted (committed). */
  onRatingsChanged: (volumeId: number) => void;
}

export interface Paging {
  page?: number | undefined;
  limit?: number | undefined;
}

export interface IssueReviewsPage {
  reviews: ReviewRow[];
  summary: RatingSummaryRow;
  page: number;
  limit: number;
}

export interface ModerationPage {
  reviews: AdminReviewRow[];
  page: number;
  limit: number;
  total: number;
}

export interface SaveReview {
  rating: number;
  description: string;
  /** The volume the client believes the issue is in: it must be. */
  volumeId: number;
  issueId: number;
}

const issueNotFound = () => new HttpError(404, 'issue_not_found', 'This comic does not exist.');
const reviewNotFound = () => new HttpError(404, 'review_not_found', 'This review does not exist.');

function pageOf({ page = 1, limit = REVIEWS_PER_PAGE }: Paging): Page & { page: number } {
  return { page, limit, offset: (page - 1) * limit };
}

export function createReviewsService({ db, onRatingsChanged }: ReviewsServiceOptions) {
  const repository = createReviewsRepository(db);

  /** 404 for an unknown issue; 400 naming `field` when the issue is not in that volume. */
  async function requireIssueIn(volumeId: number, issueId: number, field: string): Promise<void> {
    const actual = await repository.issueVolume(issueId);
    if (actual === undefined) throw issueNotFound();
    if (actual !== volumeId) throw validationFailed({ [field]: 'Not the comic of this issue' });
  }

  async function pageOfIssue(issueId: number, paging: Paging): Promise<IssueReviewsPage> {
    const { page, limit, offset } = pageOf(paging);
    const reviews = await repository.listByIssue(issueId, { offset, limit });
    return { reviews, summary: await repository.summary(issueId), page, limit };
  }

  return {
    /** The user's review of the issue, created or (written before) updated. */
    async save(userId: number, review: SaveReview): Promise<ReviewRow> {
      const { volumeId, issueId, rating, description } = review;
      await requireIssueIn(volumeId, issueId, 'ComicId');
      const id = await repository.save({ userId, volumeId, issueId, rating, description });
      onRatingsChanged(volumeId);
      const saved = await repository.find(id);
      // Deleted by a moderator in between: what the author saved is gone.
      if (!saved) throw reviewNotFound();
      return saved;
    },

    /** One page of the issue's reviews, newest first, and the summary of all of them. */
    async listByIssue(volumeId: number, issueId: number, paging: Paging): Promise<IssueReviewsPage> {
      await requireIssueIn(volumeId, issueId, 'volumeId');
      return pageOfIssue(issueId, paging);
    },

    /** The same, for an issue named alone (404 issue_not_found when there is none). */
    async listOfIssue(issueId: number, paging: Paging): Promise<IssueReviewsPage> {
      if ((await repository.issueVolume(issueId)) === undefined) throw issueNotFound();
      return pageOfIssue(issueId, paging);
    },

    async listAll(paging: Paging): Promise<ModerationPage> {
      const { page, limit, offset } = pageOf(paging);
      const { rows, total } = await repository.listAll({ offset, limit });
      return { reviews: rows, page, limit, total };
    },

    /** Deletes a review (404 review_not_found when there is none); answers what was deleted. */
    async remove(id: number): Promise<AdminReviewRow> {
      const review = await repository.findForModerators(id);
      const volumeId = review && (await repository.remove(id));
      if (!review || volumeId === undefined) throw reviewNotFound();
      onRatingsChanged(volumeId);
      return review;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
