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
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { createPgliteDatabase } from './pglite-initdb';
import { pgliteStartOptions } from './pglite-settings';

export type Database = PgDatabase<PgQueryResultHKT>;

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Values as comma-separated parameters, for `in (…)` and `array[…]` in raw SQL. */
export function sqlParams(values: readonly unknown[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A raw statement built once, as a Drizzle builder's `.prepare(name)` is: each call only fills
 * in its `sql.placeholder` values, and on PostgreSQL it runs as the named prepared statement.
 * For the busiest statements that Drizzle's builders cannot express (CTEs that write).
 */
export function preparedSql<Row>(
  db: Database,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PostgreSQL pool's use right now, for metrics (PGlite has one connection and no pool). */
  poolStats?: () => PoolStats;
  /** PostgreSQL only: a connection of its own, outside the pool, for a lock held as long as the process runs. */
  connectAlone?: () => Promise<pg.Client>;
}

export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Distinct statements a connection keeps prepared; later new ones run unprepared. */
const PREPARED_PER_CONNECTION = 500;

/**
 * Makes a connection prepare each distinct statement text once, so PostgreSQL parses and plans
 * it once per connection instead of on every call (planning the checkout's CTEs cost PostgreSQL
 * as much CPU as running them). Bounded: statements whose text varies (id lists) stop being
 * prepared at the limit. Queries that name their own statement are left alone.
 */
function prepareStatementsOnce(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !('name' in config && config.name) && 'text' in config) {
      const { text } = config as { text: unknown };
      if (typeof text === 'string') {
        let name = names.get(text);
        if (!name && names.size < PREPARED_PER_CONNECTION) names.set(text, (name = `s${names.size}`));
        if (name) return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: options.url, max });
    pool.on('connect', prepareStatementsOnce);
    // An idle connection that dies (a server restart, a dropped database, a network cut) is
    // reported here; the pool drops it and the next query opens a fresh one. Without a listener
    // Node would treat the event as an uncaught error and end the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`));
    // Fail at boot, not on the first request, when the server is unreachable.
    await pool.query('select 1');
    return {
      db: drizzlePg(pool, { casing: 'snake_case' }),
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      async connectAlone() {
        const client = new pg.Client({ connectionString: options.url });
        await client.connect();
        return client;
      },
    };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const client = await (dataDir ? createPgliteDatabase(dataDir) : Promise.resolve())
    .then(() =>
      PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        extensions: { fuzzystrmatch, pg_trgm, unaccent },
        ...pgliteStartOptions(),
      }),
    )
    .catch((error: unknown) => {
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
