// Uploaded files (comic covers and pages) kept in local disk or object storage.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const media = pgTable('media', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** Storage key, also the path under /media. */
  key: text().notNull().unique(),
  contentType: text().notNull(),
  byteSize: integer().notNull(),
  uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
