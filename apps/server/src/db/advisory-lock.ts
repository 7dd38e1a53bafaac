// Work that must not run on two instances at once (migrations, the demo seed, periodic clean-ups)
// holds a PostgreSQL advisory lock for its duration: a transaction-level lock, so a crashed
// instance's lock ends with its connection. The work itself runs on other connections (the
// transaction only holds the lock). PGlite is one process's database (its folder is locked),
// so there nothing else can hold the lock and the work just runs.
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from './client';

/** Every advisory lock id the app takes: arbitrary constants, one per kind of work, all different. */
export const LOCKS = {
  migrations: 726_410_001,
  seedCatalog: 726_410_002,
  /** Taken with a second key (the publisher's name), so it never meets the others. */
  publisherByName: 726_410_003,
  sessionCleanup: 726_410_004,
  reconciler: 726_410_005,
  /** Taken with a second key: each running instance's own (db/instance-lock.ts). */
  instanceAlive: 726_410_006,
  /** Taken with a second key (publisher, series and start year): one volume per series, whichever import gets there first. */
  importVolume: 726_410_007,
} as const;

/** Runs `work` holding the lock, waiting for it when another instance holds it. */
export async function withLock<T>(database: DatabaseHandle, lockId: number, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockId})`);
    return work();
  });
}

/**
 * Runs `work` unless another instance is running it right now (answers false then): for
 * periodic jobs, where the other instance's run does the same.
 */
export async function runAlone(
  database: DatabaseHandle,
  lockId: number,
  work: () => Promise<unknown>,
): Promise<boolean> {
  if (database.kind === 'pglite') {
    await work();
    return true;
  }
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${lockId}) as locked`);
    if (!row?.locked) return false;
    await work();
    return true;
  });
}
