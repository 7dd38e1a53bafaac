// Opens and migrates the database the configuration names: PostgreSQL when DATABASE_URL is
// set, otherwise the embedded PGlite under DATA_DIR.
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { migrate } from './migrate';

export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  await migrate(database.db);
  return database;
}
