// Catalogue reads. Sorting by name uses the accent-free lower-cased name with the "C" collation,
// so PGlite and PostgreSQL order identically whatever their locale; 'Newest' and 'Top rated' sort
// by the volume's own aggregate columns (kept by triggers, see schema/catalog.ts), so every order
// is one an index holds and a page reads its 12 rows in index order.
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, sqlParams, type Database } from '../../db/client';
import { issues, publishers, searchWords, volumes } from '../../db/schema/catalog';
import { reviews } from '../../db/schema/reviews';
import type { ComicSort } from '@comics/shared/schemas/catalog';
import type { Page } from '../../db/page';
import { issueCreditsColumns, volumeCreditsColumns, type IssueCredits, type VolumeCredits } from './credits';
import { averageRating, issueColumns, type IssueRow } from './selections';

export interface VolumeFilter {
  publisher?: string | undefined;
  sort?: ComicSort | undefined;
}

const summaryColumns = {
  id: volumes.id,
  name: volumes.name,
  deck: volumes.deck,
  startYear: volumes.startYear,
  image: volumes.image,
  publisher: publishers.name,
};

export type VolumeSummaryRow = {
  id: number;
  name: string;
  deck: string | null;
  startYear: number | null;
  image: string;
  publisher: string;
};
export type VolumeRow = VolumeSummaryRow & { description: string | null };
/** What an imported archive said of an issue beside its credits and genres (issue 26); null when it did not. */
export type IssueFacts = Pick<typeof issues.$inferSelect, 'coverDate' | 'languageIso' | 'ageRating'>;
const issueFactColumns = {
  coverDate: issues.coverDate,
  languageIso: issues.languageIso,
  ageRating: issues.ageRating,
};
/** A volume as the catalogue's lists show it: with its issues' price range and their reviews' average. */
export type VolumeListRow = VolumeSummaryRow & {
  priceMinCents: number | null;
  priceMaxCents: number | null;
  ratingAverage: number | null;
  ratingCount: number;
};

const listColumns = {
  ...summaryColumns,
  priceMinCents: volumes.priceMinCents,
  priceMaxCents: volumes.priceMaxCents,
  // Rounded as an issue's avgRating is (averageRating in selections.ts); the exact value is the sort key.
  ratingAverage: sql<
    number | null
  >`round(${volumes.ratingTotal}::numeric / nullif(${volumes.ratingCount}, 0), 2)::float8`,
  ratingCount: volumes.ratingCount,
};

const sortKey = sql`${volumes.searchName} collate "C"`;

/** Written as the indexes hold these keys (drizzle-kit makes every DESC key NULLS LAST), or none would serve. */
const descNullsLast = (column: AnyColumn) => sql`${column} desc nulls last`;

/**
 * Every order ends in the volume id, so comics with equal keys still have one order and the
 * pages of a listing neither repeat nor skip one. Each is the order of an index on volumes, with
 * and without the publisher in front (schema/catalog.ts).
 */
function listOrder(sort: ComicSort | undefined): SQL[] {
  switch (sort) {
    case 'name_desc':
      return [desc(sortKey), desc(volumes.id)];
    case 'newest':
      return [descNullsLast(volumes.newestAt), descNullsLast(volumes.id)];
    case 'top_rated':
      // Best average first; among equal averages, the one more readers agree on; unrated last.
      return [descNullsLast(volumes.ratingAverage), descNullsLast(volumes.ratingCount), descNullsLast(volumes.id)];
    case 'name_asc':
    case undefined:
      return [asc(sortKey), asc(volumes.id)];
  }
}

/** On volumes alone (publisher id looked up by name), so counts and page scans need no join. */
function publisherCondition(publisher: string | undefined): SQL | undefined {
  if (publisher === undefined) return undefined;
  return eq(
    volumes.publisherId,
    sql`(select ${publishers.id} from ${publishers} where ${publishers.name} = ${publisher})`,
  );
}

/** The words of a query as the index holds them: accent-free, lower case, letters and digits. */
export function queryWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A full-text query where every word matches as a prefix or as one of its corrections:
 * 'spidr man' → '(spidr:* | spider) & (man:*)'. Words hold only letters and digits, so
 * nothing in them can be tsquery syntax.
 */
export function correctedTsQuery(words: string[], corrections: Map<string, string[]>): string | null {
  if (words.length === 0) return null;
  return words.map((w) => `(${[`${w}:*`, ...(corrections.get(w) ?? [])].join(' | ')})`).join(' & ');
}

/** One typo: an edit for short words; two for longer ones, so a swapped pair of letters counts. */
const MIN_CORRECTED_LENGTH = 3;
const LONG_WORD_LENGTH = 5;
const CORRECTIONS_PER_WORD = 5;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createCatalogRepository(db: Database) {
  async function countVolumes(where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(volumes)
      .where(where);
    return row?.total ?? 0;
  }

  /** Dictionary words within one typo of each query word (see search_words). */
  async function corrections(words: string[]): Promise<Map<string, string[]>> {
    const candidates = words.filter((w) => w.length >= MIN_CORRECTED_LENGTH);
    const found = new Map<string, string[]>();
    if (candidates.length === 0) return found;
    const rows = await queryRows<{ query_word: string; word: string }>(
      db,
      sql`select q.w as query_word, c.word
          from unnest(array[${sqlParams(candidates)}]::text[]) as q(w)
          cross join lateral (
            select s.word, levenshtein_less_equal(s.word, q.w, 2) as distance
            from ${searchWords} s
            where abs(length(s.word) - length(q.w)) <= 1 and s.word <> q.w
          ) c
          where c.distance <= case when length(q.w) >= ${LONG_WORD_LENGTH} then 2 else 1 end
          order by c.distance, c.word`,
    );
    for (const { query_word, word } of rows) {
      const list = found.get(query_word) ?? [];
      if (list.length < CORRECTIONS_PER_WORD) found.set(query_word, [...list, word]);
    }
    return found;
  }

  return {
    async listVolumes(filter: VolumeFilter, page: Page | null): Promise<{ rows: VolumeListRow[]; total: number }> {
      const where = publisherCondition(filter.publisher);
      const order = listOrder(filter.sort);
      if (!page) {
        const rows = await db
          .select(listColumns)
          .from(volumes)
          .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
          .where(where)
          .orderBy(...order);
        return { rows, total: rows.length };
      }
      // Deferred join: the page's ids come from an index-only scan of the sort index, and only
      // those rows are read, instead of sorting the whole catalogue for every page.
      const pageIds = db
        .select({ id: volumes.id })
        .from(volumes)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
        .as('page_ids');
      const rows = await db
        .select(listColumns)
        .from(pageIds)
        .innerJoin(volumes, eq(volumes.id, pageIds.id))
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .orderBy(...order);
      return { rows, total: await countVolumes(where) };
    },

    /**
     * Matches any substring of the name, or every query word as a word prefix or a typo
     * correction of one (full text over name and deck); best match first unless sorted.
     */
    async searchVolumes(
      text: string,
      filter: VolumeFilter,
      page: Page,
    ): Promise<{ rows: VolumeListRow[]; total: number }> {
      // Fold with the database's own unaccent (it maps ø, æ, ß… which Unicode NFD leaves alone),
      // so the query meets the stored names and words on the same terms.
      const [row] = await queryRows<{ folded: string }>(db, sql`select f_unaccent(lower(${text})) as folded`);
      const folded = row?.folded ?? text.toLowerCase();
      const likeTerm = escapeLike(folded);
      const words = queryWords(folded);
      const literalQuery = correctedTsQuery(words, new Map());
      const tsQuery = correctedTsQuery(words, await corrections(words));
      const matches = [
        sql`${volumes.searchName} like '%' || ${likeTerm} || '%'`,
        ...(tsQuery ? [sql`${volumes.searchVector} @@ to_tsquery('simple', ${tsQuery})`] : []),
      ];
      const where = and(sql`(${sql.join(matches, sql` or `)})`, publisherCondition(filter.publisher));
      // Cheap keys only: the whole name, then its start, then the words as typed before their
      // typo corrections, then full-text rank. (Trigram similarity here cost 5 µs a row, most
      // of a search that matches much of the catalogue.)
      const relevance = [
        desc(sql`${volumes.searchName} = ${folded}`),
        desc(sql`${volumes.searchName} like ${likeTerm} || '%'`),
        ...(tsQuery && literalQuery
          ? [
              desc(sql`${volumes.searchVector} @@ to_tsquery('simple', ${literalQuery})`),
              desc(sql`ts_rank(${volumes.searchVector}, to_tsquery('simple', ${tsQuery}))`),
            ]
          : []),
      ];
      const found = await db
        .select({ ...listColumns, total: sql<number>`(count(*) over ())::int` })
        .from(volumes)
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .where(where)
        .orderBy(...(filter.sort ? listOrder(filter.sort) : [...relevance, ...listOrder(undefined)]))
        .limit(page.limit)
        .offset(page.offset);
      const rows = found.map(({ total: _total, ...summary }) => summary);
      // Past the last page there is no row to carry the total.
      const total = found[0]?.total ?? (page.offset === 0 ? 0 : await countVolumes(where));
      return { rows, total };
    },

    async findVolume(id: number): Promise<VolumeRow | undefined> {
      const [row] = await db
        .select({ ...summaryColumns, description: volumes.description })
        .from(volumes)
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .where(eq(volumes.id, id));
      return row;
    },

    /** The comic with who made its issues and their genres (issue 26), in one statement. */
    async findVolumeWithCredits(id: number): Promise<(VolumeRow & VolumeCredits) | undefined> {
      const [row] = await db
        .select({ ...summaryColumns, description: volumes.description, ...volumeCreditsColumns(volumes.id) })
        .from(volumes)
        .innerJoin(publishers, eq(publishers.id, volumes.publisherId))
        .where(eq(volumes.id, id));
      return row;
    },

    async volumeExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: volumes.id }).from(volumes).where(eq(volumes.id, id));
      return row !== undefined;
    },

    /** With what an imported archive said of each (issue 26). */
    async listIssues(volumeId: number): Promise<(IssueRow & IssueFacts & IssueCredits)[]> {
      return db
        .select({ ...issueColumns(), ...issueFactColumns, ...issueCreditsColumns })
        .from(issues)
        .where(eq(issues.volumeId, volumeId))
        .orderBy(asc(issues.issueNumber));
    },

    /** With what an imported archive said of each (issue 26). */
    async listIssuesWithRating(
      volumeId: number,
    ): Promise<(IssueRow & IssueFacts & IssueCredits & { avgRating: number | null })[]> {
      return db
        .select({ ...issueColumns(), ...issueFactColumns, ...issueCreditsColumns, avgRating: averageRating() })
        .from(issues)
        .leftJoin(reviews, eq(reviews.issueId, issues.id))
        .where(eq(issues.volumeId, volumeId))
        .groupBy(issues.id)
        .orderBy(asc(issues.issueNumber));
    },

    async findIssue(id: number): Promise<(IssueRow & { volumeName: string }) | undefined> {
      const [row] = await db
        .select({ ...issueColumns(), volumeName: volumes.name })
        .from(issues)
        .innerJoin(volumes, eq(volumes.id, issues.volumeId))
        .where(eq(issues.id, id));
      return row;
    },

    async listPublisherNames(): Promise<string[]> {
      const rows = await db
        .select({ name: publishers.name })
        .from(publishers)
        .orderBy(asc(sql`${publishers.name} collate "C"`));
      return rows.map((r) => r.name);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
