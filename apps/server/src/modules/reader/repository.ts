// The reader's tables: an issue's uploaded page set (replaced whole, in one transaction), where
// each user stopped, and the server's generated secrets; and what a download says of the issue
// and its sale (the catalogue's and the shop's rows, read as they are).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import type { Database } from '../../db/client';
import { issueCredits, issueGenres, issues, publishers, volumes } from '../../db/schema/catalog';
import { issuePages, issuePageSets, readingProgress } from '../../db/schema/reader';
import { purchases } from '../../db/schema/shop';
import { issueColumns } from '../catalog/selections';

export interface StoredPage {
  number: number;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

export interface PageSet {
  issueId: number;
  version: string;
  pageCount: number;
  direction: ReadingDirection;
  pages: StoredPage[];
}

export interface ProgressRow {
  issueId: number;
  page: number;
  pageCount: number;
  updatedAt: Date;
}

/** A place's columns, as every read and write of places answers them (a ProgressRow). */
const progressColumns = {
  issueId: readingProgress.issueId,
  page: readingProgress.page,
  pageCount: readingProgress.pageCount,
  updatedAt: readingProgress.updatedAt,
};

/** A user's purchase of an issue: when, and by which order. */
export interface Purchase {
  purchasedAt: Date;
  orderId: number;
}

/** What the catalogue knows of an issue, as a download's ComicInfo.xml carries it. */
export interface IssueFacts {
  issueId: number;
  volumeId: number;
  issueNumber: number;
  name: string | null;
  description: string | null;
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
  coverDate: string | null;
  languageIso: string | null;
  ageRating: string | null;
  volumeName: string;
  /** The volume's one-line summary (plain text; its description is HTML). */
  volumeDeck: string | null;
  startYear: number | null;
  publisher: string;
  /** In each role, in the order the issue's ComicInfo.xml gave them. */
  credits: { role: (typeof issueCredits.$inferSelect)['role']; name: string }[];
  genres: string[];
}

/** How many shelf rows one answer holds at most. */
const MAX_SHELF_ROWS = 500;

/** Saved places in the issue follow its new page count (a page past the end becomes the last). */
async function clampProgress(tx: Pick<Database, 'update'>, issueId: number, pageCount: number) {
  await tx
    .update(readingProgress)
    .set({ page: sql`least(${readingProgress.page}, ${pageCount})`, pageCount })
    .where(eq(readingProgress.issueId, issueId));
}

export function createReaderRepository(db: Database) {
  return {
    /** The issue's uploaded pages, or null when it has none (it reads generated pages). */
    async findPageSet(issueId: number): Promise<PageSet | null> {
      const [set] = await db.select().from(issuePageSets).where(eq(issuePageSets.issueId, issueId));
      if (!set) return null;
      const pages = await db
        .select({
          number: issuePages.number,
          width: issuePages.width,
          height: issuePages.height,
          widths: issuePages.widths,
          placeholder: issuePages.placeholder,
        })
        .from(issuePages)
        .where(eq(issuePages.issueId, issueId))
        .orderBy(asc(issuePages.number));
      return {
        issueId,
        version: set.version,
        pageCount: set.pageCount,
        direction: set.direction as ReadingDirection,
        pages,
      };
    },

    /**
     * Makes `set` the issue's pages (replacing any earlier set whole); answers the replaced set's
     * version, whose images the caller deletes, or null. False when the issue does not exist.
     * Inside `within` when given (an import's transaction, which writes the issue itself).
     */
    async replacePageSet(
      set: PageSet,
      uploadedBy: number | null,
      within: Database = db,
    ): Promise<{ replaced: string | null } | false> {
      return within.transaction(async (tx) => {
        // Locks the issue row: two uploads for one issue take turns, the later one wins.
        const [issue] = await tx.select({ id: issues.id }).from(issues).where(eq(issues.id, set.issueId)).for('update');
        if (!issue) return false;
        const [old] = await tx
          .delete(issuePageSets)
          .where(eq(issuePageSets.issueId, set.issueId))
          .returning({ version: issuePageSets.version });
        await tx.insert(issuePageSets).values({
          issueId: set.issueId,
          version: set.version,
          pageCount: set.pageCount,
          direction: set.direction,
          uploadedBy,
        });
        await tx.insert(issuePages).values(set.pages.map((page) => ({ ...page, issueId: set.issueId })));
        // Saved pages past the new end move to its last page.
        await clampProgress(tx, set.issueId, set.pageCount);
        return { replaced: old?.version ?? null };
      });
    },

    /**
     * Removes the issue's uploaded pages (it reads generated ones again, `generatedPageCount` of
     * them); answers their version, or null. Saved pages past the new end move to its last page.
     */
    async deletePageSet(issueId: number, generatedPageCount: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .delete(issuePageSets)
          .where(eq(issuePageSets.issueId, issueId))
          .returning({ version: issuePageSets.version });
        if (old) await clampProgress(tx, issueId, generatedPageCount);
        return old?.version ?? null;
      });
    },

    /** The user's purchase of the issue, or null when they do not own it (a purchase taken back is gone). */
    async findPurchase(userId: number, issueId: number): Promise<Purchase | null> {
      const [row] = await db
        .select({ purchasedAt: purchases.purchasedAt, orderId: purchases.orderId })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.issueId, issueId)));
      return row ?? null;
    },

    /** The issue as a download describes it, or null when there is no such issue. */
    async findIssueFacts(issueId: number): Promise<IssueFacts | null> {
      const [[issue], credits, genres] = await Promise.all([
        db
          .select({
            issueId: issues.id,
            volumeId: issues.volumeId,
            issueNumber: issues.issueNumber,
            name: issues.name,
            description: issues.description,
            coverDate: issues.coverDate,
            languageIso: issues.languageIso,
            ageRating: issues.ageRating,
            volumeName: volumes.name,
            volumeDeck: volumes.deck,
            startYear: volumes.startYear,
            publisher: publishers.name,
          })
          .from(issues)
          .innerJoin(volumes, eq(volumes.id, issues.volumeId))
          .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
          .where(eq(issues.id, issueId)),
        db
          .select({ role: issueCredits.role, name: issueCredits.name })
          .from(issueCredits)
          .where(eq(issueCredits.issueId, issueId))
          .orderBy(asc(issueCredits.role), asc(issueCredits.position)),
        db
          .select({ genre: issueGenres.genre })
          .from(issueGenres)
          .where(eq(issueGenres.issueId, issueId))
          // The same order on both databases, whatever their locale.
          .orderBy(sql`${issueGenres.genre} collate "C"`),
      ]);
      if (!issue) return null;
      return { ...issue, credits, genres: genres.map((row) => row.genre) };
    },

    /** Every page the user stopped on, by issue. */
    async listPlaces(userId: number): Promise<Map<number, ProgressRow>> {
      const rows = await db.select(progressColumns).from(readingProgress).where(eq(readingProgress.userId, userId));
      return new Map(rows.map((row) => [row.issueId, row]));
    },

    async saveProgress(userId: number, issueId: number, page: number, pageCount: number): Promise<ProgressRow> {
      const [row] = await db
        .insert(readingProgress)
        .values({ userId, issueId, page, pageCount })
        .onConflictDoUpdate({
          target: [readingProgress.userId, readingProgress.issueId],
          set: { page, pageCount, updatedAt: sql`now()` },
        })
        .returning(progressColumns);
      return row!;
    },

    /**
     * Saves a place read offline at `readAt` unless the saved one wins (reading-place.ts: the
     * furthest page, at the same page the later time), in one statement so a save racing it cannot
     * be lost. Answers the place kept, whichever it is.
     */
    async saveFurthestProgress(
      userId: number,
      issueId: number,
      page: number,
      pageCount: number,
      readAt: Date,
    ): Promise<ProgressRow> {
      const [saved] = await db
        .insert(readingProgress)
        .values({ userId, issueId, page, pageCount, updatedAt: readAt })
        .onConflictDoUpdate({
          target: [readingProgress.userId, readingProgress.issueId],
          set: { page, pageCount, updatedAt: readAt },
          setWhere: sql`${readingProgress.page} < excluded.page or (${readingProgress.page} = excluded.page and ${readingProgress.updatedAt} < excluded.updated_at)`,
        })
        .returning(progressColumns);
      if (saved) return saved;
      const [kept] = await db
        .select(progressColumns)
        .from(readingProgress)
        .where(and(eq(readingProgress.userId, userId), eq(readingProgress.issueId, issueId)));
      return kept!;
    },

    /** The user's progress in issues they own, most recent first, with each issue. */
    listProgress(userId: number) {
      return db
        .select({
          ...progressColumns,
          issue: issueColumns(),
          volumeName: volumes.name,
        })
        .from(readingProgress)
        .innerJoin(
          purchases,
          and(eq(purchases.userId, readingProgress.userId), eq(purchases.issueId, readingProgress.issueId)),
        )
        .innerJoin(issues, eq(issues.id, readingProgress.issueId))
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(readingProgress.userId, userId))
        .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.issueId))
        .limit(MAX_SHELF_ROWS);
    },
  };
}

export type ReaderRepository = ReturnType<typeof createReaderRepository>;
