// Secrets the server makes for itself on first start (the keys that sign page addresses and
// known-device cookies), kept in the database so every instance of a cluster shares them
// without configuration (db/server-secrets.ts).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
