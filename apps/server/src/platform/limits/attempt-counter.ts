// Counters of attempts in fixed windows (failed sign-ins per account, declined payments per
// buyer), keyed by whatever a brake counts by. Unlike @fastify/rate-limit's stores, which count
// every request, these can be read without counting, taken back (a reservation refunded when the
// attempt succeeded) and asked "first time in this period?" (a notice sent once). Counted in this
// process here; platform/limits/attempt-counter-redis.ts counts in the Redis several instances share.

/** A key's count in its current window, and how long until the window ends (0 when none runs). */
export interface AttemptWindow {
  count: number;
  resetInMs: number;
}

export interface AttemptCounter {
  /**
   * Adds `by` (negative to take back) to the key's count. The window starts with the first add
   * and is not extended by later ones; taking back from a key with no window does nothing.
   */
  add(key: string, windowMs: number, by?: number): Promise<AttemptWindow>;
  /** The key's count now, without counting. */
  peek(key: string): Promise<AttemptWindow>;
  /** True for the first caller within `periodMs` for this key, false for the rest (a notice sent once). */
  once(key: string, periodMs: number): Promise<boolean>;
}

const NONE: AttemptWindow = { count: 0, resetInMs: 0 };

/** Keys kept at most: past it the entries ending soonest go first (an attacker's many keys cannot grow memory). */
const DEFAULT_MAX_KEYS = 100_000;

interface Entry {
  count: number;
  endsAt: number;
}

/** One process's counters, bounded in keys. */
export function createInProcessAttemptCounter(options: { maxKeys?: number; now?: () => number } = {}): AttemptCounter {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const now = options.now ?? Date.now;
  // Map order is insertion order: windows begun earliest (so ending earliest) come first.
  const entries = new Map<string, Entry>();

  function live(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.endsAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom(at: number): void {
    for (const [key, entry] of entries) {
      if (entries.size < maxKeys && entry.endsAt > at) break;
      entries.delete(key);
    }
  }

  const windowOf = (entry: Entry | undefined, at: number): AttemptWindow =>
    entry ? { count: entry.count, resetInMs: entry.endsAt - at } : NONE;

  return {
    async add(key, windowMs, by = 1) {
      const at = now();
      let entry = live(key, at);
      if (!entry) {
        if (by <= 0) return NONE;
        makeRoom(at);
        entry = { count: 0, endsAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.count += by;
      return windowOf(entry, at);
    },
    async peek(key) {
      const at = now();
      return windowOf(live(key, at), at);
    },
    async once(key, periodMs) {
      const at = now();
      const onceKey = `once:${key}`;
      if (live(onceKey, at)) return false;
      makeRoom(at);
      entries.set(onceKey, { count: 1, endsAt: at + periodMs });
      return true;
    },
  };
}
