// The series_follows table: who follows which series, since when, and whether its new issues are
// e-mailed. Each write tells in the same statement whether the series exists and what changed.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { issues, publishers, volumes } from '../../db/schema/catalog';
import { seriesFollows } from '../../db/schema/follows';
import { readingProgress } from '../../db/schema/reader';
import { purchases } from '../../db/schema/shop';
import { users } from '../../db/schema/users';
import { issueColumns, type IssueRow } from '../catalog/selections';

export interface FollowRow {
  volumeId: number;
  name: string;
  image: string;
  publisher: string;
  followedAt: Date;
  notifyByEmail: boolean;
}

export interface ShelfRow {
  kind: 'new' | 'unread';
  issue: IssueRow;
  volumeName: string;
  addedAt: Date;
}

/** Whether the series exists, and what the write did. */
export interface FollowOutcome {
  known: boolean;
  /** The follow is there now (false: the account follows as many series as it may). */
  following: boolean;
}

export function createFollowsRepository(db: Database) {
  const followColumns = {
    volumeId: seriesFollows.volumeId,
    name: volumes.name,
    image: volumes.image,
    publisher: publishers.name,
    followedAt: seriesFollows.followedAt,
    notifyByEmail: seriesFollows.notifyByEmail,
  };
  const followsOf = (userId: number) =>
    db
      .select(followColumns)
      .from(seriesFollows)
      .innerJoin(volumes, eq(volumes.id, seriesFollows.volumeId))
      .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
      .where(eq(seriesFollows.userId, userId))
      .$dynamic();

  return {
    /** Most recently followed first. */
    list(userId: number, limit: number): Promise<FollowRow[]> {
      return followsOf(userId).orderBy(desc(seriesFollows.followedAt), desc(seriesFollows.volumeId)).limit(limit);
    },

    async find(userId: number, volumeId: number): Promise<FollowRow | undefined> {
      const [row] = await followsOf(userId).where(
        and(eq(seriesFollows.userId, userId), eq(seriesFollows.volumeId, volumeId)),
      );
      return row;
    },

    /**
     * Follows the series unless already followed (then only `notifyByEmail`, when given, changes),
     * and unless the account already follows `max` series.
     */
    async follow(userId: number, volumeId: number, notifyByEmail: boolean | null, max: number): Promise<FollowOutcome> {
      const [row] = await queryRows<FollowOutcome>(
        db,
        sql`with target as (
              select id from volumes where id = ${volumeId}
            ), written as (
              insert into series_follows (user_id, volume_id, notify_by_email)
              select ${userId}, id, coalesce(${notifyByEmail}::boolean, true) from target
              where exists (select 1 from series_follows where user_id = ${userId} and volume_id = ${volumeId})
                 or (select count(*) from series_follows where user_id = ${userId}) < ${max}
              on conflict (user_id, volume_id) do update
                set notify_by_email = coalesce(${notifyByEmail}::boolean, series_follows.notify_by_email)
              returning volume_id
            )
            select exists (select 1 from target) as known, exists (select 1 from written) as following`,
      );
      return row ?? { known: false, following: false };
    },

    /** Answers whether the series exists (unfollowing what is not followed changes nothing). Data-modifying CTEs run whether or not the outer select reads them. */
    async unfollow(userId: number, volumeId: number): Promise<boolean> {
      const [row] = await queryRows<{ known: boolean }>(
        db,
        sql`with removed as (
              delete from series_follows where user_id = ${userId} and volume_id = ${volumeId}
              returning volume_id
            )
            select exists (select 1 from volumes where id = ${volumeId}) as known`,
      );
      return row?.known ?? false;
    },

    /** Stops the e-mails of one follow; answers the series' name (null when it is gone). */
    async stopEmails(userId: number, volumeId: number): Promise<{ name: string | null }> {
      const [row] = await queryRows<{ name: string | null }>(
        db,
        sql`with stopped as (
              update series_follows set notify_by_email = false
              where user_id = ${userId} and volume_id = ${volumeId}
              returning volume_id
            )
            select (select name from volumes where id = ${volumeId}) as name`,
      );
      return { name: row?.name ?? null };
    },

    /**
     * 'New for you', newest issue first: issues of followed series added after the follow that
     * the user does not own, and owned issues of followed series never opened (no saved page).
     */
    shelf(userId: number, limit: number): Promise<ShelfRow[]> {
      const owned = sql`${purchases.issueId} is not null`;
      return db
        .select({
          kind: sql<'new' | 'unread'>`case when ${owned} then 'unread' else 'new' end`,
          issue: issueColumns(),
          volumeName: volumes.name,
          addedAt: issues.createdAt,
        })
        .from(seriesFollows)
        .innerJoin(volumes, eq(volumes.id, seriesFollows.volumeId))
        .innerJoin(issues, eq(issues.volumeId, seriesFollows.volumeId))
        .leftJoin(purchases, and(eq(purchases.userId, seriesFollows.userId), eq(purchases.issueId, issues.id)))
        .leftJoin(
          readingProgress,
          and(eq(readingProgress.userId, seriesFollows.userId), eq(readingProgress.issueId, issues.id)),
        )
        .where(
          and(
            eq(seriesFollows.userId, userId),
            sql`(case when ${owned} then ${readingProgress.issueId} is null
                      else ${issues.createdAt} > ${seriesFollows.followedAt} end)`,
          ),
        )
        .orderBy(desc(issues.createdAt), desc(issues.id))
        .limit(limit);
    },

    /**
     * The followers a new issue of the series is e-mailed to, as a query for enqueueForEach:
     * `recipient` (their address), `name` and `unsubscribe` (their link's token, made by `token`
     * from the user and volume id columns). Active accounts only.
     */
    emailedFollowers(volumeId: number, token: (userId: SQL, volumeId: SQL) => SQL): SQL {
      return sql`select ${users.email} as recipient, ${users.username} as name,
                        ${token(sql`${seriesFollows.userId}`, sql`${seriesFollows.volumeId}`)} as unsubscribe
                 from ${seriesFollows} inner join ${users} on ${users.id} = ${seriesFollows.userId}
                 where ${seriesFollows.volumeId} = ${volumeId} and ${seriesFollows.notifyByEmail} and ${users.active}`;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
