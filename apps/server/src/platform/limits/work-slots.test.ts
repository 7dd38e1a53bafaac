// The fair work queue: a client's share of the waiting places, round-robin turns so one client's
// backlog never starves another, every slot used while a client is alone, refusal when full, and
// slots given back whatever the work does.
import { describe, expect, it } from 'vitest';
import { WorkSlots, type WorkSlotsLimits } from './work-slots';

class Refused extends Error {}

/** A piece of work for client 'a' (named 'a0', 'a1'…) that runs until `finish()`; `started` says it has had its slot. */
function piece(log: string[], name: string) {
  let finish!: (failure?: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = (failure) => (failure ? reject(failure) : resolve());
  });
  const state = { started: false, finished: false };
  const work = async () => {
    state.started = true;
    log.push(name);
    await done;
    return name;
  };
  const end = (failure?: Error) => {
    state.finished = true;
    finish(failure);
  };
  return { client: name.replace(/\d+$/, ''), work, finish: end, state };
}

const slots = (limits: WorkSlotsLimits) => new WorkSlots(limits, () => new Refused('busy'));

/** Lets the promise chains settle (a slot handed over starts its work a few microtasks later). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('work slots', () => {
  it('give one client at most its share of the waiting places, however many it asks for', async () => {
    const queue = slots({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 3 });
    const log: string[] = [];
    const flood = Array.from({ length: 8 }, (_, i) => piece(log, `a${i}`));
    const outcomes = flood.map((each) => queue.run('a', each.work));
    const settled = outcomes.map((outcome) =>
      outcome.then(
        () => 'ran',
        (error: unknown) => error,
      ),
    );
    await settle();
    // One running, three waiting; the other four are refused at once, before any of them ran.
    expect(queue.runningCount).toBe(1);
    expect(queue.waitingCount).toBe(3);
    const refused = await Promise.all(settled.slice(4));
    for (const outcome of refused) expect(outcome).toBeInstanceOf(Refused);

    // Another client still finds places.
    const other = piece(log, 'b0');
    const served = queue.run('b', other.work);
    expect(queue.waitingCount).toBe(4);
    for (const each of [...flood.slice(0, 4), other]) each.finish();
    await expect(served).resolves.toBe('b0');
    expect(await Promise.all(settled.slice(0, 4))).toEqual(['ran', 'ran', 'ran', 'ran']);
    expect(queue.runningCount).toBe(0);
  });

  it("serve other clients between a flooder's pieces, round-robin, whatever its backlog", async () => {
    const queue = slots({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 4 });
    const log: string[] = [];
    const a = Array.from({ length: 5 }, (_, i) => piece(log, `a${i}`));
    const b = [piece(log, 'b0'), piece(log, 'b1')];
    const c = [piece(log, 'c0')];
    // The flooder asks first and most: a0 runs, a1-a4 wait; then b and c ask.
    const all = [...a, ...b, ...c];
    const runs = all.map((each) => queue.run(each.client, each.work));
    // Each piece is finished once it runs, one at a time: the log is the order of the turns.
    for (let done = 0; done < all.length; done++) {
      await settle();
      const index = all.findIndex((each) => each.state.started && !each.state.finished);
      all[index]!.finish();
      await runs[index];
    }
    // b and c each waited for one piece of a's, not for its whole backlog.
    expect(log).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('let a client alone use every slot (work-conserving), and take one back for a newcomer', async () => {
    const queue = slots({ concurrency: 3, maxWaiting: 10, maxWaitingPerClient: 2 });
    const log: string[] = [];
    const a = Array.from({ length: 5 }, (_, i) => piece(log, `a${i}`));
    const runs = a.map((each) => queue.run('a', each.work));
    await settle();
    expect(log).toEqual(['a0', 'a1', 'a2']);
    expect(queue.runningCount).toBe(3);
    const b = piece(log, 'b0');
    const served = queue.run('b', b.work);
    // The next slot freed is the newcomer's, though a asked before it.
    a[0]!.finish();
    await settle();
    expect(log).toEqual(['a0', 'a1', 'a2', 'b0']);
    for (const each of [...a, b]) each.finish();
    await Promise.all([...runs, served]);
    expect(log.slice(4).sort()).toEqual(['a3', 'a4']);
  });

  it('refuse anyone at once when every waiting place is taken', async () => {
    const queue = slots({ concurrency: 1, maxWaiting: 3, maxWaitingPerClient: 2 });
    const log: string[] = [];
    const pieces = ['a0', 'a1', 'b2', 'b3'].map((name) => piece(log, name));
    const runs = pieces.map((each) => queue.run(each.client, each.work));
    const settled = runs.map((run) =>
      run.then(
        () => 'ran',
        (error: unknown) => error,
      ),
    );
    // a0 runs; a1, b2 and b3 fill the three places; c finds none, though it has asked for nothing.
    expect(() => queue.reserve('c')).toThrow(Refused);
    await expect(queue.run('c', async () => 'never')).rejects.toBeInstanceOf(Refused);
    for (const each of pieces) each.finish();
    expect(await Promise.all(settled)).toEqual(['ran', 'ran', 'ran', 'ran']);
    await expect(queue.run('c', async () => 'now')).resolves.toBe('now');
  });

  it('free the slot when the work fails, and hand it to the next in turn', async () => {
    const queue = slots({ concurrency: 1, maxWaiting: 2, maxWaitingPerClient: 2 });
    const log: string[] = [];
    const failing = piece(log, 'a0');
    const next = piece(log, 'b0');
    const failed = queue.run('a', failing.work);
    const served = queue.run('b', next.work);
    failing.finish(new Error('sharp gave up'));
    await expect(failed).rejects.toThrow('sharp gave up');
    // Work that throws before its first await frees its slot too.
    const throwing = queue.run('a', () => {
      throw new Error('at once');
    });
    next.finish();
    await expect(served).resolves.toBe('b0');
    await expect(throwing).rejects.toThrow('at once');
    expect(queue.runningCount).toBe(0);
    expect(queue.waitingCount).toBe(0);
    // Every slot is free again: a client alone uses it at once.
    await expect(queue.run('c', async () => 'free')).resolves.toBe('free');
  });

  it('hold a client to its own running cap, while others use the remaining slots', async () => {
    const queue = slots({ concurrency: 2, maxWaiting: 0, maxWaitingPerClient: 0, maxRunningPerClient: 1 });
    const log: string[] = [];
    const first = piece(log, 'a0');
    const running = queue.run('a', first.work);
    // No waiting places: a's second upload is refused, b's runs beside a's first, c finds no slot.
    expect(() => queue.reserve('a')).toThrow(Refused);
    const other = piece(log, 'b0');
    const beside = queue.run('b', other.work);
    await settle();
    expect(log).toEqual(['a0', 'b0']);
    expect(() => queue.reserve('c')).toThrow(Refused);
    first.finish();
    other.finish();
    await Promise.all([running, beside]);
    await expect(queue.run('a', async () => 'again')).resolves.toBe('again');
  });
});
