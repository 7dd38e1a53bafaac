// The reviews table: one review per user and issue (saving again updates it, in one upsert),
// read with the reviewer's username and whether they own the issue; an issue's rating summary;
// the moderators' list with the reviewer's e-mail and the issue reviewed.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';
import { purchases } from '../../db/schema/shop';
import { users } from '../../db/schema/users';
import type { Page } from '../../db/page';
import { averageRating } from '../catalog/selections';

export interface ReviewRow {
  id: number;
  rating: number;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  username: string;
  verifiedPurchase: boolean;
}

export interface AdminReviewRow extends ReviewRow {
  userId: number;
  email: string;
  issueId: number;
  issueNumber: number;
  issueName: string | null;
  volumeId: number;
  volumeName: string;
}

export interface RatingSummaryRow {
  average: number | null;
  count: number;
  histogram: Record<1 | 2 | 3 | 4 | 5, number>;
}

export interface ReviewValues {
  userId: number;
  volumeId: number;
  issueId: number;
  rating: number;
  description: string;
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  description: reviews.description,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  username: users.username,
  // purchases is keyed by (user, issue): the left join finds one row or none.
  verifiedPurchase: sql<boolean>`${purchases.userId} is not null`,
};

const adminColumns = {
  ...reviewColumns,
  userId: users.id,
  email: users.email,
  issueId: issues.id,
  issueNumber: issues.issueNumber,
  issueName: issues.name,
  volumeId: volumes.id,
  volumeName: volumes.name,
};

const newestFirst = [desc(reviews.updatedAt), desc(reviews.id)];
const starCount = (stars: number) => sql<number>`(count(*) filter (where ${reviews.rating} = ${stars}))::int`;

export function createReviewsRepository(db: Database) {
  const withReviewer = () =>
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .leftJoin(purchases, and(eq(purchases.userId, reviews.userId), eq(purchases.issueId, reviews.issueId)))
      .$dynamic();

  const forModerators = () =>
    db
      .select(adminColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(issues, eq(issues.id, reviews.issueId))
      .innerJoin(volumes, eq(volumes.id, reviews.volumeId))
      .leftJoin(purchases, and(eq(purchases.userId, reviews.userId), eq(purchases.issueId, reviews.issueId)))
      .$dynamic();

  return {
    /** The volume the issue belongs to; undefined for an unknown issue. */
    async issueVolume(issueId: number): Promise<number | undefined> {
      const [row] = await db.select({ volumeId: issues.volumeId }).from(issues).where(eq(issues.id, issueId));
      return row?.volumeId;
    },

    /** Inserts the user's review of the issue, or updates the one they wrote; answers its id. */
    async save(values: ReviewValues): Promise<number> {
      const [row] = await db
        .insert(reviews)
        .values(values)
        .onConflictDoUpdate({
          target: [reviews.userId, reviews.issueId],
          set: { rating: values.rating, description: values.description, updatedAt: sql`now()` },
        })
        .returning({ id: reviews.id });
      return row!.id;
    },

    async find(id: number): Promise<ReviewRow | undefined> {
      const [row] = await withReviewer().where(eq(reviews.id, id));
      return row;
    },

    listByIssue(issueId: number, page: Page): Promise<ReviewRow[]> {
      return withReviewer()
        .where(eq(reviews.issueId, issueId))
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset);
    },

    async summary(issueId: number): Promise<RatingSummaryRow> {
      const [row] = await db
        .select({
          average: averageRating(),
          reviewCount: count(),
          5: starCount(5),
          4: starCount(4),
          3: starCount(3),
          2: starCount(2),
          1: starCount(1),
        })
        .from(reviews)
        .where(eq(reviews.issueId, issueId));
      // An aggregate without GROUP BY is always one row.
      const { average, reviewCount, ...histogram } = row!;
      return { average, count: reviewCount, histogram };
    },

    async listAll(page: Page): Promise<{ rows: AdminReviewRow[]; total: number }> {
      const rows = await forModerators()
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset);
      const [counted] = await db.select({ total: count() }).from(reviews);
      return { rows, total: counted?.total ?? 0 };
    },

    async findForModerators(id: number): Promise<AdminReviewRow | undefined> {
      const [row] = await forModerators().where(eq(reviews.id, id));
      return row;
    },

    /** Deletes the review; answers its volume, or undefined when there was none. */
    async remove(id: number): Promise<number | undefined> {
      const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning({ volumeId: reviews.volumeId });
      return row?.volumeId;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
