// Loads the demo catalogue into an empty database: all at once in one transaction, so a
// second start never duplicates it and a crash never leaves half a catalogue behind.
import { sql } from 'drizzle-orm';
import { LOCKS } from '../db/advisory-lock';
import { queryRows, type Database } from '../db/client';
import { issues, publishers, volumes } from '../db/schema/catalog';
import { generateCatalog, type GenerateOptions } from './demo-catalog';

export interface SeedResult {
  seeded: boolean;
  publishers: number;
  volumes: number;
  issues: number;
}

/** Arbitrary constant (next to the migration lock's): serialises seeding across instances. */
/** PostgreSQL caps a statement at 65,535 bind parameters; stay clear of it. */
const MAX_PARAMETERS = 60_000;
/**
 * Drizzle's query building costs more per row as a statement grows; about a thousand rows
 * per statement measured fastest on both drivers (10k volumes / 100k issues on PostgreSQL:
 * ~12 s, against ~19 s with 8,500-row statements).
 */
const MAX_ROWS_PER_STATEMENT = 1000;

type Executor = Pick<Database, 'execute'>;

export async function seedCatalog(db: Database, options: GenerateOptions = {}): Promise<SeedResult> {
  const result = await insertCatalog(db, options);
  if (result.seeded) {
    // Statistics and a visibility map now, not whenever autovacuum comes: without them the
    // planner sorts whole tables instead of using the sort and search indexes.
    await db.execute(sql`vacuum (analyze) publishers, volumes, issues, search_words`);
  }
  return result;
}

async function insertCatalog(db: Database, options: GenerateOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL: the second waits, then finds rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seedCatalog})`);
    const [existing] = await queryRows<{ present: boolean }>(tx, sql`select exists (select 1 from volumes) as present`);
    if (existing?.present) return { seeded: false, ...(await countCatalog(tx)) };

    const catalog = generateCatalog(options);
    for (const batch of batches(catalog.publishers)) await tx.insert(publishers).values(batch);
    for (const batch of batches(catalog.volumes)) await tx.insert(volumes).values(batch);
    for (const batch of batches(catalog.issues)) await tx.insert(issues).values(batch);
    // Ids were given explicitly, so the identity sequences still stand at 1: move them past
    // the seeded rows, or the first admin-created volume would collide with volume 1.
    for (const table of ['publishers', 'volumes', 'issues'] as const) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    return {
      seeded: true,
      publishers: catalog.publishers.length,
      volumes: catalog.volumes.length,
      issues: catalog.issues.length,
    };
  });
}

async function countCatalog(db: Executor): Promise<Omit<SeedResult, 'seeded'>> {
  const [row] = await queryRows<{ publishers: number; volumes: number; issues: number }>(
    db,
    sql`select (select count(*)::int from publishers) as publishers, (select count(*)::int from volumes) as volumes,
               (select count(*)::int from issues) as issues`,
  );
  return { publishers: row?.publishers ?? 0, volumes: row?.volumes ?? 0, issues: row?.issues ?? 0 };
}

/** Multi-row insert batches: one round trip per batch, each within the parameter limit. */
function* batches<T extends object>(rows: T[]): Generator<T[]> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / Object.keys(first).length)));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
