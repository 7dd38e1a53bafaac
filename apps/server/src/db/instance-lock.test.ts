// Telling a running instance from one that ended: on PostgreSQL by its advisory lock, which ends
// with its connection; on PGlite (one process) any key but this run's is a run that ended.
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { holdInstanceLock } from './instance-lock';

describe('instance liveness', () => {
  it('knows its own key alive, a running instance alive, and an instance that stopped gone', async () => {
    const database = await createTestDatabase();
    const one = await holdInstanceLock(database);
    const other = await holdInstanceLock(database);
    expect(one.key).not.toBe(other.key);
    expect(await one.isAlive(one.key)).toBe(true);
    expect(await one.isAlive(other.key)).toBe(database.kind === 'postgres');
    await other.close();
    expect(await one.isAlive(other.key)).toBe(false);
    // Asking does not keep the lock: the answer stays the same, and the key stays free.
    expect(await one.isAlive(other.key)).toBe(false);
    await one.close();
  });

  it('sees an instance whose connection dies as gone (a killed process)', async () => {
    const database = await createTestDatabase();
    if (database.kind !== 'postgres') return;
    const watcher = await holdInstanceLock(database);
    const victim = await holdInstanceLock(database);
    // What SIGKILL does to the process's connection: PostgreSQL ends the backend and its locks.
    const killer = await database.connectAlone!();
    await killer.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
      [victim.key],
    );
    await killer.end();
    expect(await watcher.isAlive(victim.key)).toBe(false);
    await Promise.all([watcher.close(), victim.close()]);
  });
});
