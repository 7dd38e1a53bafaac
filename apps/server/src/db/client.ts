// One Drizzle database over either driver: embedded PGlite (files under DATA_DIR) or a
// PostgreSQL server (DATABASE_URL). Both speak the same SQL, so nothing above this file
// knows which one runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

export type Database = PgDatabase<PgQueryResultHKT>;

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
    });
    // Fail at boot, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    return { db: drizzlePg(pool, { casing: 'snake_case' }), kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { fuzzystrmatch, pg_trgm, unaccent },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  return {
    db: drizzlePglite(client, { casing: 'snake_case' }),
    kind: 'pglite',
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
