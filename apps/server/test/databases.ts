// Test databases: one migrated, seeded template per run, cloned for each test file, so
// every file starts from the same data and no file sees another's writes.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export function postgresUrl(database: string): string {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL must name a PostgreSQL server to run the postgres tests');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminConnection<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl('postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
