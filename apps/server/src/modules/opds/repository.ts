// The issues the reading apps' feeds list, read in one statement a page: a user's (owned, being
// read, recently bought), the shop's newest, and a series' (the series themselves come from the
// catalogue's lists and search),
// each issue with what its entry shows (its series and publisher, price, whether the caller owns
// it and where they stopped). A read model over the catalogue's, the shop's and the reader's
// tables; nothing here writes.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { issues, publishers, volumes } from '../../db/schema/catalog';
import { readingProgress } from '../../db/schema/reader';
import { purchases } from '../../db/schema/shop';

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

/** One page of a list, with how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  size: number;
}

const offsetOf = ({ page, size }: PageRequest) => (page - 1) * size;

/** Every row's window total beside it: one statement a page. */
const totalColumn = () => sql<number>`(count(*) over ())::int`;

function paged<T extends { total: number }>(rows: T[]): Page<Omit<T, 'total'>> {
  const total = rows[0]?.total ?? 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export function createOpdsRepository(db: Database) {
  /** The issue columns every entry shows; the caller's purchase and place when `userId` is given. */
  function issueSelection(userId: number | null) {
    const caller = userId ?? 0;
    return {
      id: issues.id,
      volumeId: issues.volumeId,
      volumeName: volumes.name,
      publisher: publishers.name,
      issueNumber: issues.issueNumber,
      name: issues.name,
      description: issues.description,
      image: issues.image,
      priceCents: issues.priceCents,
      createdAt: issues.createdAt,
      coverDate: issues.coverDate,
      languageIso: issues.languageIso,
      purchasedAt: sql<Date | null>`(select p.purchased_at from purchases p where p.user_id = ${caller} and p.issue_id = ${issues.id})`,
      lastReadPage: sql<
        number | null
      >`(select r.page from reading_progress r where r.user_id = ${caller} and r.issue_id = ${issues.id})`,
      lastReadAt: sql<Date | null>`(select r.updated_at from reading_progress r where r.user_id = ${caller} and r.issue_id = ${issues.id})`,
      total: totalColumn(),
    };
  }

  /** Issues matching `where`, in `order`, one page of them. */
  async function issuePage(
    userId: number | null,
    where: SQL | undefined,
    order: SQL[],
    request: PageRequest,
  ): Promise<Page<FeedIssue>> {
    const rows = await db
      .select(issueSelection(userId))
      .from(issues)
      .innerJoin(volumes, eq(volumes.id, issues.volumeId))
      .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
      .where(where)
      .orderBy(...order)
      .limit(request.size)
      .offset(offsetOf(request));
    return paged(rows.map(withDates));
  }

  /** The user's purchases, in `order`, one page of them. */
  async function purchasedPage(userId: number, order: SQL[], request: PageRequest): Promise<Page<FeedIssue>> {
    const rows = await db
      .select(issueSelection(userId))
      .from(purchases)
      .innerJoin(issues, eq(issues.id, purchases.issueId))
      .innerJoin(volumes, eq(volumes.id, issues.volumeId))
      .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
      .where(eq(purchases.userId, userId))
      .orderBy(...order)
      .limit(request.size)
      .offset(offsetOf(request));
    return paged(rows.map(withDates));
  }

  return {
    /**
     * The user's issues grouped by series: the series bought from most recently first, each
     * series' issues in order.
     */
    ownedIssues: (userId: number, request: PageRequest) =>
      purchasedPage(
        userId,
        [
          desc(sql`max(${purchases.purchasedAt}) over (partition by ${issues.volumeId})`),
          asc(issues.volumeId),
          asc(issues.issueNumber),
        ],
        request,
      ),

    /** The user's issues, most recently bought first. */
    recentlyBought: (userId: number, request: PageRequest) =>
      purchasedPage(userId, [desc(purchases.purchasedAt), desc(purchases.issueId)], request),

    /** Issues the user owns and stopped in before the end, most recently read first. */
    async continueReading(userId: number, request: PageRequest): Promise<Page<FeedIssue>> {
      const rows = await db
        .select(issueSelection(userId))
        .from(readingProgress)
        .innerJoin(
          purchases,
          and(eq(purchases.userId, readingProgress.userId), eq(purchases.issueId, readingProgress.issueId)),
        )
        .innerJoin(issues, eq(issues.id, readingProgress.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .where(and(eq(readingProgress.userId, userId), sql`${readingProgress.page} < ${readingProgress.pageCount}`))
        .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.issueId))
        .limit(request.size)
        .offset(offsetOf(request));
      return paged(rows.map(withDates));
    },

    /** The shop's issues, newest first (the caller's own marked when signed in). */
    newIssues: (userId: number | null, request: PageRequest) =>
      issuePage(userId, undefined, [desc(issues.createdAt), desc(issues.id)], request),

    /** A series' issues in order; an empty page for an unknown series. */
    seriesIssues: (userId: number | null, volumeId: number, request: PageRequest) =>
      issuePage(userId, eq(issues.volumeId, volumeId), [asc(issues.issueNumber), asc(issues.id)], request),
  };
}

/** Timestamps read by a raw subquery arrive as strings from some drivers: Dates everywhere. */
function withDates<T extends { purchasedAt: Date | null | string; lastReadAt: Date | null | string }>(row: T) {
  return {
    ...row,
    purchasedAt: row.purchasedAt === null ? null : new Date(row.purchasedAt),
    lastReadAt: row.lastReadAt === null ? null : new Date(row.lastReadAt),
  };
}

export type OpdsRepository = ReturnType<typeof createOpdsRepository>;
