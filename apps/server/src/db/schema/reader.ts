// The reader's data: an issue's uploaded pages (the images themselves live in the media storage,
// under keys made from the set's version) and where each reader stopped.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { issues } from './catalog';
import { users } from './users';

/**
 * One uploaded set of pages per issue. An issue without a row reads generated demo pages. A new
 * upload writes its images under a new `version` and replaces the row (and its pages) in one
 * transaction, so readers see the old set or the new one, never a mix.
 */
export const issuePageSets = pgTable(
  'issue_page_sets',
  {
    issueId: integer()
      .primaryKey()
      .references(() => issues.id, { onDelete: 'cascade' }),
    /** Part of every storage key and page address of the set: never reused. */
    version: text().notNull(),
    pageCount: integer().notNull(),
    /** 'ltr', or 'rtl' for manga (ComicInfo.xml's Manga=YesAndRightToLeft). */
    direction: text().notNull().default('ltr'),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('issue_page_sets_direction_check', sql`${t.direction} in ('ltr', 'rtl')`),
    check('issue_page_sets_page_count_check', sql`${t.pageCount} between 1 and 300`),
  ],
);

/** A page of an uploaded set: its size, the widths it is stored at, and a tiny blurred placeholder. */
export const issuePages = pgTable(
  'issue_pages',
  {
    issueId: integer()
      .notNull()
      .references(() => issuePageSets.issueId, { onDelete: 'cascade' }),
    /** 1-based, in reading order. */
    number: integer().notNull(),
    /** Of the original image, after EXIF rotation. */
    width: integer().notNull(),
    height: integer().notNull(),
    /** Widths of the stored WebP renditions, ascending (never wider than the original). */
    widths: integer().array().notNull(),
    /** A data: URI of a few hundred bytes, shown blurred while the page loads. */
    placeholder: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.number] }), check('issue_pages_number_check', sql`${t.number} >= 1`)],
);

/** The last page a user was on, per issue: resumed on any device. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueId: integer()
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    /** The issue's page count when the page was saved ('page N of M'). */
    pageCount: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.issueId] }),
    index('reading_progress_user_recent_idx').on(t.userId, t.updatedAt.desc()),
    check('reading_progress_page_check', sql`${t.page} >= 1 and ${t.page} <= ${t.pageCount}`),
  ],
);
