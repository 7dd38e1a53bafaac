// A new embedded database is created (initdb) in a helper process, not in the server: PGlite runs
// initdb in a second PostgreSQL of its own, copies its whole 128 MB heap and moves the new files
// through memory, which left some 65 MB in the server's allocator for good and raised its first
// start's peak (docs/benchmarks.md, "Memory of the embedded default"). All of that goes back to the
// system when the helper ends; the server then opens the database as on any later start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { forkHelper } from '../platform/helper-process';

/** Creates the database in `dataDir` unless one is there already. */
export async function createPgliteDatabase(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const helper = forkHelper(import.meta.url, 'pglite-initdb-process', [dataDir], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    helper.once('error', reject);
    helper.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dataDir} (initdb exited with ${code}).`);
}
