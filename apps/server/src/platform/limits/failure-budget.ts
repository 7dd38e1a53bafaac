// A budget of failures per key in a window: wrong passwords for an account, declined cards for a
// buyer. Each attempt reserves a failure before its work starts (so a burst of parallel attempts
// cannot all slip under the limit), and gives it back when the attempt succeeds: only failures
// stay counted. An attempt that finds the budget spent is refused before any work (the caller
// answers 429 with Retry-After) and counts nothing.
import type { AttemptCounter } from './attempt-counter';

export interface FailureBudgetRule {
  /** Failures allowed in a window. */
  max: number;
  windowMs: number;
}

/** One attempt's place in its budget. */
export interface Reservation {
  /** The attempt succeeded: its failure is given back. */
  succeeded(): Promise<void>;
  /** The attempt failed: its failure stays counted. True when it was the one that spent the budget. */
  failed(): Promise<boolean>;
}

export type Reserved = { allowed: true; reservation: Reservation } | { allowed: false; retryAfterMs: number };

export interface FailureBudget {
  /** Reserves a failure for an attempt under `key`, or says how long until the budget allows one. */
  reserve(key: string): Promise<Reserved>;
  /** Whether `key` has no failure left, without reserving (for checks that must not count). */
  spent(key: string): Promise<{ spent: boolean; retryAfterMs: number }>;
}

/** Failures of kind `name` (keeps its keys apart from other budgets') counted in `counter`. */
export function createFailureBudget(counter: AttemptCounter, name: string, rule: FailureBudgetRule): FailureBudget {
  const counterKey = (key: string) => `${name}:${key}`;

  return {
    async reserve(key) {
      const at = counterKey(key);
      const { count, resetInMs } = await counter.add(at, rule.windowMs);
      if (count > rule.max) {
        // Not this attempt's failure to keep: the budget was spent before it.
        await counter.add(at, rule.windowMs, -1);
        return { allowed: false, retryAfterMs: resetInMs };
      }
      let settled = false;
      return {
        allowed: true,
        reservation: {
          async succeeded() {
            if (settled) return;
            settled = true;
            await counter.add(at, rule.windowMs, -1);
          },
          async failed() {
            if (settled) return false;
            settled = true;
            return count === rule.max;
          },
        },
      };
    },

    async spent(key) {
      const { count, resetInMs } = await counter.peek(counterKey(key));
      return { spent: count >= rule.max, retryAfterMs: resetInMs };
    },
  };
}
