// Background work that gives way to shoppers (an import's pages, the bytes of its uploads). Each
// step of it is timed; when the event loop was busy during the step (requests waiting their turn),
// the work rests as long as the step took before its next step, so that on a busy shop it works
// at most half the time and the shop keeps the rest. On a quiet shop it never rests. Measured by
// the event loop's utilisation, not the CPU's: the shop's requests all pass through the loop, and
// a loop that is busy is what makes them wait (docs/benchmarks.md, "Import").
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The event loop's share of a step spent working, above which the shop counts as busy. */
const BUSY_UTILISATION = 0.8;
/** Rest per unit of work on a busy shop. */
const REST_PER_WORK = 1;
/**
 * The longest rest: a step that took long was mostly waiting (a browser sending a megabyte over a
 * slow line), not working, and resting as long again would only slow that browser down.
 */
const MAX_REST_MS = 250;

export interface BackgroundStep {
  /** Rests as long as the step took (at most MAX_REST_MS), when the shop was busy during it. */
  giveWay(): Promise<void>;
}

/** Starts timing a step of background work. */
export function backgroundStep(): BackgroundStep {
  const startedAt = performance.now();
  const before: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    async giveWay() {
      const { utilization } = performance.eventLoopUtilization(performance.eventLoopUtilization(), before);
      if (utilization <= BUSY_UTILISATION) return;
      await sleep(Math.min(MAX_REST_MS, (performance.now() - startedAt) * REST_PER_WORK));
    },
  };
}
