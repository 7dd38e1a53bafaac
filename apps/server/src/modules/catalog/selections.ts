// The catalogue's columns and expressions that other modules' queries select (favourites, follows,
// the reader, reviews), so an issue reads the same and an average is rounded the same wherever
// it is listed, and a list joins the catalogue in one statement instead of asking it per row.
import { sql } from 'drizzle-orm';
import { issues } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';

/** An issue as the catalogue's lists answer it (the columns of issueColumns()). */
export type IssueRow = Pick<
  typeof issues.$inferSelect,
  'id' | 'volumeId' | 'issueNumber' | 'name' | 'description' | 'image' | 'priceCents' | 'createdAt'
>;

/** The average of the reviews' stars, 2 decimals, null without any (one formula wherever it shows). */
export const averageRating = () => sql<number | null>`round(avg(${reviews.rating}), 2)::float8`;

/** An issue's columns, as the catalogue answers it (favourites show issues the same way). */
export function issueColumns() {
  return {
    id: issues.id,
    volumeId: issues.volumeId,
    issueNumber: issues.issueNumber,
    name: issues.name,
    description: issues.description,
    image: issues.image,
    priceCents: issues.priceCents,
    createdAt: issues.createdAt,
  };
}
