// The favourites table: which issues a user marked, newest first. Adding and removing tell
// whether the issue exists and whether anything changed, each in one statement.
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { issues, volumes } from '../../db/schema/catalog';
import { favourites } from '../../db/schema/shop';
import { issueColumns } from '../catalog/selections';

/** Whether the issue exists, and whether the write changed the user's list. */
export interface WriteOutcome {
  known: boolean;
  changed: boolean;
}

export function createFavouritesRepository(db: Database) {
  /** Data-modifying CTEs run whether or not the outer select reads them. */
  async function outcome(query: SQL): Promise<WriteOutcome> {
    const [row] = await queryRows<WriteOutcome>(db, query);
    return row ?? { known: false, changed: false };
  }

  return {
    /** Newest favourite first; ties (one instant) by issue id. */
    list(userId: number) {
      return db
        .select({ ...issueColumns(), volumeName: volumes.name })
        .from(favourites)
        .innerJoin(issues, eq(issues.id, favourites.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.addedAt), desc(favourites.issueId));
    },

    add(userId: number, issueId: number): Promise<WriteOutcome> {
      return outcome(
        sql`with target as (
              select id from issues where id = ${issueId}
            ), added as (
              insert into favourites (user_id, issue_id)
              select ${userId}, id from target
              on conflict do nothing
              returning issue_id
            )
            select exists (select 1 from target) as known, exists (select 1 from added) as changed`,
      );
    },

    remove(userId: number, issueId: number): Promise<WriteOutcome> {
      return outcome(
        sql`with removed as (
              delete from favourites where user_id = ${userId} and issue_id = ${issueId}
              returning issue_id
            )
            select exists (select 1 from issues where id = ${issueId}) as known,
                   exists (select 1 from removed) as changed`,
      );
    },
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
