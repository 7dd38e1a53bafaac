// The helper process of pglite-initdb.ts: creates the embedded database in the folder it is given
// (initdb) and ends. Exit code 0 when the database is there.
import { PGlite } from '@electric-sql/pglite';
import { pgliteStartOptions } from './pglite-settings';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pglite-initdb-process <folder>');
const created = await PGlite.create({ dataDir, ...pgliteStartOptions() });
await created.close();
