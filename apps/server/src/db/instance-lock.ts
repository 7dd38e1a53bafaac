// Whether another app instance is still running. Each instance picks a random key at start and
// holds a PostgreSQL advisory lock on it, on a connection of its own, for as long as it runs;
// PostgreSQL ends the lock with the connection, so with the process, however it dies. Whoever can
// take a key's lock knows its instance is gone. The checkout stamps its orders with the key, so
// the reconciler can settle at once an order whose instance died before charging, instead of
// waiting ten minutes in case its request was still about to charge.
// PGlite belongs to one process (its folder is locked): any key but this run's is a run that ended.
// The one gap: an instance that loses its lock's connection (a database restart) looks gone to the
// others until it has re-taken its key (about a second); an order of its that is over a minute old
// and still uncharged in that second would be given up. A checkout charges within seconds, so an
// order that old is one whose request has long failed anyway.
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { LOCKS } from './advisory-lock';
import type { DatabaseHandle } from './client';

export interface InstanceLiveness {
  /** This instance's key, stamped on the orders it takes. */
  readonly key: number;
  /** Whether the instance that holds `key` still runs (true too when it cannot be told). */
  isAlive(key: number): Promise<boolean>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export async function holdInstanceLock(database: DatabaseHandle): Promise<InstanceLiveness> {
  const ownKey = async (client: pg.Client, wanted?: number): Promise<number> => {
    for (;;) {
      const key = wanted ?? randomInt(1, 2 ** 31 - 1);
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        LOCKS.instanceAlive,
        key,
      ]);
      if (rows[0]?.locked) return key;
      if (wanted !== undefined) throw new Error(`instance key ${key} is held by another process`);
    }
  };

  if (!database.connectAlone) {
    const key = randomInt(1, 2 ** 31 - 1);
    return { key, isAlive: async (other) => other === key, close: async () => {} };
  }
  const connect = database.connectAlone;
  let client: pg.Client | null = await connect();
  const key = await ownKey(client);
  let closed = false;

  // Lost (a database restart): until the lock is back, every key counts as alive, since others
  // may now see this instance's key as free and this instance must not judge them meanwhile.
  const reconnect = (lost: pg.Client) => {
    lost.removeAllListeners('error');
    void lost.end().catch(() => {});
    if (client !== lost || closed) return;
    client = null;
    setTimeout(function retry() {
      if (closed) return;
      connect()
        .then(async (fresh) => {
          await ownKey(fresh, key);
          watch(fresh);
          client = fresh;
        })
        .catch(() => setTimeout(retry, RECONNECT_MS).unref());
    }, RECONNECT_MS).unref();
  };
  const watch = (watched: pg.Client) => watched.on('error', () => reconnect(watched));
  watch(client);

  return {
    key,
    async isAlive(other) {
      const asked = client;
      if (other === key || !asked) return true;
      try {
        const { rows } = await asked.query<{ free: boolean }>('select pg_try_advisory_lock($1, $2) as free', [
          LOCKS.instanceAlive,
          other,
        ]);
        if (!rows[0]?.free) return true;
        await asked.query('select pg_advisory_unlock($1, $2)', [LOCKS.instanceAlive, other]);
        return false;
      } catch {
        return true;
      }
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

/** Those of `keys` (other instances' keys, found on work they claimed) whose instance is gone. */
export async function goneInstances(
  liveness: Pick<InstanceLiveness, 'isAlive'>,
  keys: ReadonlyArray<number | null>,
): Promise<number[]> {
  const gone: number[] = [];
  for (const key of keys) if (key !== null && !(await liveness.isAlive(key))) gone.push(key);
  return gone;
}
