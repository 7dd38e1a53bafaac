// The catalogue: publishers, volumes (the spec's "comics") and their issues.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', f_unaccent(lower(name))), 'A') || setweight(to_tsvector('simple', f_unaccent(lower(coalesce(deck, '')))), 'B')`,
      ),
  },
  (t) => [
    index('volumes_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('volumes_search_vector_idx').using('gin', t.searchVector),
    index('volumes_sort_idx').on(sql`${t.searchName} collate "C"`, t.id),
    index('volumes_publisher_sort_idx').on(t.publisherId, sql`${t.searchName} collate "C"`, t.id),
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
  },
  (t) => [
    unique('issues_volume_number_key').on(t.volumeId, t.issueNumber),
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
