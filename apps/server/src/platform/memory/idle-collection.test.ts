import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, scavenger } from './idle-collection';

describe('a young-generation collection when the server falls idle', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once after start and once after each burst of work, never while it goes on', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = collectWhenIdle(1_000, collect);
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);

    // Requests every half second: no collection while they come, one once they stop.
    for (let n = 0; n < 10; n++) {
      idle.touched();
      vi.advanceTimersByTime(500);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_500);

    idle.stop();
    idle.touched();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it("runs V8's young-generation collection (Node's 'gc' performance entries say which kind ran)", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as PerformanceEntry & { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      scavenger()();
      // Entries are delivered in a later task.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    } finally {
      observer.disconnect();
    }
  });
});
