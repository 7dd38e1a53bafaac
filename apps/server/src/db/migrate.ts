// Applies the SQL migrations in apps/server/drizzle, the same files on both drivers.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../paths';
import { LOCKS } from './advisory-lock';
import { queryRows, type Database } from './client';

export async function migrate(db: Database, folder = migrationsFolder): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  await db.transaction(async (tx) => {
    // Several app instances may start at once on one PostgreSQL: only one migrates.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.migrations})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const [applied] = await queryRows<{ created_at: string }>(
      tx,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const last = Number(applied?.created_at ?? 0);
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
