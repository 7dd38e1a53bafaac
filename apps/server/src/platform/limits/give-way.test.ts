import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { backgroundStep } from './give-way';

/** Keeps the event loop busy for `ms`, as a shop's requests do. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

async function restOf(step: ReturnType<typeof backgroundStep>): Promise<number> {
  const startedAt = performance.now();
  await step.giveWay();
  return performance.now() - startedAt;
}

describe('background work giving way to shoppers', () => {
  it('rests as long as its step took when the event loop was busy meanwhile', async () => {
    const step = backgroundStep();
    busyFor(80);
    expect(await restOf(step)).toBeGreaterThanOrEqual(75);
  });

  it('rests a quarter of a second at most, however long its step took', async () => {
    const step = backgroundStep();
    busyFor(400);
    const rest = await restOf(step);
    expect(rest).toBeGreaterThanOrEqual(240);
    expect(rest).toBeLessThan(350);
  });

  it('never rests on a quiet shop', async () => {
    const step = backgroundStep();
    await sleep(80);
    expect(await restOf(step)).toBeLessThan(20);
  });
});
