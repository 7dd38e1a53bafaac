// Singleton work across instances: on PostgreSQL one holder at a time (others skip or wait);
// on PGlite, one process's database, the work simply runs.
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { runAlone, withLock } from './advisory-lock';

const LOCK = 726_419_999;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('advisory locks', () => {
  it('run periodic work on one instance at a time: a second runner skips while the first runs', async () => {
    const database = await createTestDatabase();
    let runs = 0;
    const work = async () => {
      runs++;
      await pause(100);
    };
    const outcomes = await Promise.all([runAlone(database, LOCK, work), runAlone(database, LOCK, work)]);
    if (database.kind === 'postgres') {
      expect(outcomes.sort()).toEqual([false, true]);
      expect(runs).toBe(1);
    } else {
      expect(outcomes).toEqual([true, true]);
      expect(runs).toBe(2);
    }
    // Released when the work ends: the next run takes the lock.
    expect(await runAlone(database, LOCK, work)).toBe(true);
  });

  it('make a waiting holder run after the first, never alongside it', async () => {
    const database = await createTestDatabase();
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} starts`);
      await pause(50);
      events.push(`${name} ends`);
      return name;
    };
    const answers = await Promise.all([withLock(database, LOCK, work('a')), withLock(database, LOCK, work('b'))]);
    expect(answers).toEqual(['a', 'b']);
    if (database.kind === 'postgres') {
      // Whichever took the lock first ended before the other started.
      expect(events[1]).toBe(events[0]!.replace('starts', 'ends'));
      expect(events[3]).toBe(events[2]!.replace('starts', 'ends'));
    }
  });

  it('release the lock when the work fails', async () => {
    const database = await createTestDatabase();
    await expect(runAlone(database, LOCK, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await runAlone(database, LOCK, async () => {})).toBe(true);
  });
});
