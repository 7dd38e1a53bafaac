// A young-generation collection when the server falls idle after work (the first start's seed, a
// burst of requests). V8 grows its young generation under a high allocation rate and shrinks it
// only at a collection, which an idle server never runs: what a busy minute grew stayed committed
// for good, some 20 MB on the embedded default (docs/benchmarks.md, "Memory of the embedded
// default"). One scavenge when quiet gives it back; it takes about a millisecond, and only when
// no request is waiting.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc()` asked for a young-generation collection (a scavenge). */
type Scavenge = () => void;

/** V8's collector, reached without `--expose-gc` on the command line (the flag applies to new contexts). */
export function scavenger(): Scavenge {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  return () => gc({ type: 'minor' });
}

export interface IdleCollection {
  /** Work happened (a request was answered): collect once it has been quiet for a while. */
  touched(): void;
  stop(): void;
}

/** Collects once `quietMs` after the last touch (and once after start), checking every `quietMs`. */
export function collectWhenIdle(quietMs = 5_000, collect: Scavenge = scavenger()): IdleCollection {
  let lastTouch = Date.now();
  let pending = true;
  const timer = setInterval(() => {
    if (!pending || Date.now() - lastTouch < quietMs) return;
    pending = false;
    collect();
  }, quietMs).unref();
  return {
    touched() {
      lastTouch = Date.now();
      pending = true;
    },
    stop: () => clearInterval(timer),
  };
}
