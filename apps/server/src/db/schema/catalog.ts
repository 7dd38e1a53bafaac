// The catalogue: publishers, volumes (the spec's "comics") and their issues.
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tsvector } from './types';

export const publishers = pgTable('publishers', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

export const volumes = pgTable(
  'volumes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    deck: text(),
    /** Sanitised HTML (links made inert) — sanitised on write, served as is. */
    description: text(),
    startYear: integer(),
    image: text().notNull(),
    publisherId: integer()
      .notNull()
      .references(() => publishers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased, accent-free name: the sort key and the trigram search target. */
    searchName: text()
      .notNull()
      .generatedAlwaysAs(sql`f_unaccent(lower(name))`),
    /**
     * The names credited in its issues and their genres, space-separated: kept by the catalogue's
     * import writes (an imported issue's credits change it), so search finds a comic by its writer,
     * artists or genre.
     */
    creditsText: text().notNull().default(''),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', f_unaccent(lower(name))), 'A') || setweight(to_tsvector('simple', f_unaccent(lower(coalesce(deck, '')))), 'B') || setweight(to_tsvector('simple', f_unaccent(lower(credits_text))), 'C')`,
      ),
    // What a catalogue card shows of the volume's issues and reviews, and what 'Newest' and 'Top
    // rated' sort by. Kept by triggers on issues and reviews (migration 0012), never written by
    // the application: each write recomputes the one volume it touched, so a page of cards reads
    // 12 rows instead of aggregating every issue and review of the catalogue.
    /** The cheapest and dearest issue, in cents; null while the volume has no issue. */
    priceMinCents: integer(),
    priceMaxCents: integer(),
    /** How many reviews the volume's issues have, and the sum of their stars. */
    ratingCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    /** The exact average of those stars (the 'Top rated' key); null without reviews. */
    ratingAverage: doublePrecision().generatedAlwaysAs(sql`rating_total::float8 / nullif(rating_count, 0)`),
    /**
     * 'Newest' for a shopper: when the volume last got something new to buy, i.e. its most
     * recently added issue, or the volume itself when that is later (or it has no issue yet).
     * Edits and reviews do not make a comic new.
     */
    newestAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('volumes_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('volumes_search_vector_idx').using('gin', t.searchVector),
    index('volumes_sort_idx').on(sql`${t.searchName} collate "C"`, t.id),
    index('volumes_publisher_sort_idx').on(t.publisherId, sql`${t.searchName} collate "C"`, t.id),
    // The 'Newest' and 'Top rated' orders, whole catalogue and per publisher, each ending in the
    // id so that equal keys still have one order and pages neither repeat nor skip a comic.
    index('volumes_newest_idx').on(t.newestAt.desc(), t.id.desc()),
    index('volumes_publisher_newest_idx').on(t.publisherId, t.newestAt.desc(), t.id.desc()),
    index('volumes_rating_idx').on(t.ratingAverage.desc().nullsLast(), t.ratingCount.desc(), t.id.desc()),
    index('volumes_publisher_rating_idx').on(
      t.publisherId,
      t.ratingAverage.desc().nullsLast(),
      t.ratingCount.desc(),
      t.id.desc(),
    ),
  ],
);

export const issues = pgTable(
  'issues',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    volumeId: integer()
      .notNull()
      .references(() => volumes.id, { onDelete: 'cascade' }),
    issueNumber: integer().notNull(),
    name: text(),
    description: text(),
    image: text().notNull(),
    priceCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The cover date ComicInfo.xml or the file's name gives: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
    coverDate: text(),
    /** ISO 639 code of its text, as ComicInfo.xml gives it. */
    languageIso: text(),
    ageRating: text(),
    gtin: text(),
    /** SHA-256 (hex) of the archive it was imported from: the same archive again changes nothing. */
    importedHash: text(),
  },
  (t) => [
    unique('issues_volume_number_key').on(t.volumeId, t.issueNumber),
    index('issues_imported_hash_idx')
      .on(t.importedHash)
      .where(sql`${t.importedHash} is not null`),
    check('issues_price_cents_check', sql`${t.priceCents} >= 0`),
    check('issues_issue_number_check', sql`${t.issueNumber} >= 0`),
  ],
);

/**
 * Every distinct word of every comic name (accent-free, lower case), kept by a trigger on
 * volumes: the dictionary that typo-tolerant search corrects query words against.
 */
export const searchWords = pgTable('search_words', {
  word: text().primaryKey(),
});

export const creditRoles = ['writer', 'penciller', 'inker', 'colorist', 'letterer', 'cover_artist', 'editor'] as const;

/** Who made an issue, in the order its ComicInfo.xml lists them within a role. */
export const issueCredits = pgTable(
  'issue_credits',
  {
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    role: text({ enum: creditRoles }).notNull(),
    name: text().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.role, t.name] }),
    check(
      'issue_credits_role_check',
      sql`${t.role} in ('writer', 'penciller', 'inker', 'colorist', 'letterer', 'cover_artist', 'editor')`,
    ),
  ],
);

/** An issue's genres (ComicInfo.xml's Genre), as written. */
export const issueGenres = pgTable(
  'issue_genres',
  {
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    genre: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.genre] })],
);
