// The issues the reading apps' feeds list, read in one statement a page: a user's (owned, being
// read, recently bought), the shop's newest, and a series' (the series themselves come from the
// catalogue's lists and search), each issue with what its entry shows (its series and publisher,
// price, whether the caller owns it and where they stopped). A read model over the catalogue's,
// the shop's and the reader's tables; nothing here writes.
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { issues, publishers, volumes } from '../../db/schema/catalog';
import { readingProgress } from '../../db/schema/reader';
import { purchases } from '../../db/schema/shop';
import { issueColumns } from '../catalog/selections';

/** An issue as a feed's entry shows it. */
export interface FeedIssue {
  id: number;
  volumeId: number;
  volumeName: string;
  publisher: string;
  issueNumber: number;
  name: string | null;
  /** Sanitised HTML, as the catalogue keeps it. */
  description: string | null;
  image: string;
  priceCents: number;
  createdAt: Date;
  coverDate: string | null;
  languageIso: string | null;
  /** When the caller bought it; null when they do not own it (or nobody is signed in). */
  purchasedAt: Date | null;
  /** Where the caller stopped (1-based) and when; null when they never opened it. */
  lastReadPage: number | null;
  lastReadAt: Date | null;
}

/** One page of a list, and whether another follows (read as one row more: no count of the whole list). */
export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  size: number;
}

export function createOpdsRepository(db: Database) {
  /**
   * Issues matching `where`, in `order`, one page of them, each with the caller's purchase and
   * place (joined for `userId`; none for a guest, whose id 0 names nobody).
   */
  async function issuePage(
    userId: number | null,
    where: SQL | undefined,
    order: SQL[],
    request: PageRequest,
  ): Promise<Page<FeedIssue>> {
    const caller = userId ?? 0;
    const rows = await db
      .select({
        // The issue as the catalogue's lists select it, so it reads the same everywhere.
        ...issueColumns(),
        volumeName: volumes.name,
        publisher: publishers.name,
        coverDate: issues.coverDate,
        languageIso: issues.languageIso,
        purchasedAt: purchases.purchasedAt,
        lastReadPage: readingProgress.page,
        lastReadAt: readingProgress.updatedAt,
      })
      .from(issues)
      .innerJoin(volumes, eq(volumes.id, issues.volumeId))
      .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
      .leftJoin(purchases, and(eq(purchases.issueId, issues.id), eq(purchases.userId, caller)))
      .leftJoin(readingProgress, and(eq(readingProgress.issueId, issues.id), eq(readingProgress.userId, caller)))
      .where(where)
      .orderBy(...order)
      .limit(request.size + 1)
      .offset((request.page - 1) * request.size);
    return { rows: rows.slice(0, request.size), hasMore: rows.length > request.size };
  }

  const owned = isNotNull(purchases.userId);

  return {
    /**
     * The user's issues grouped by series: the series bought from most recently first, each
     * series' issues in order.
     */
    ownedIssues: (userId: number, request: PageRequest) =>
      issuePage(
        userId,
        owned,
        [
          desc(sql`max(${purchases.purchasedAt}) over (partition by ${issues.volumeId})`),
          asc(issues.volumeId),
          asc(issues.issueNumber),
        ],
        request,
      ),

    /** The user's issues, most recently bought first. */
    recentlyBought: (userId: number, request: PageRequest) =>
      issuePage(userId, owned, [desc(purchases.purchasedAt), desc(issues.id)], request),

    /** Issues the user owns and stopped in before the end, most recently read first. */
    continueReading: (userId: number, request: PageRequest) =>
      issuePage(
        userId,
        and(owned, sql`${readingProgress.page} < ${readingProgress.pageCount}`),
        [desc(readingProgress.updatedAt), desc(issues.id)],
        request,
      ),

    /** The shop's issues, newest first (ids grow with time: the primary key's order, no sort). */
    newIssues: (userId: number | null, request: PageRequest) =>
      issuePage(userId, undefined, [desc(issues.id)], request),

    /** A series' issues in order; an empty page for an unknown series. */
    seriesIssues: (userId: number | null, volumeId: number, request: PageRequest) =>
      issuePage(userId, eq(issues.volumeId, volumeId), [asc(issues.issueNumber), asc(issues.id)], request),
  };
}

export type OpdsRepository = ReturnType<typeof createOpdsRepository>;
