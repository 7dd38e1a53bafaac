// How many issues one account may start downloading a day: a brake on a script (or a stolen app
// password) pulling a whole library again and again, which costs the shop bandwidth, not on an
// owner. Counted by account only (ADR 020, "Downloads"), in the shared attempt counters (Redis
// when instances share one), in a window that starts with the first download and lasts a day. An
// issue counts once a day however it is fetched: whole again, resumed, or from any byte.
import { ERROR_CODES } from '@comics/shared/error-codes';
import { inMinutes, tryAgainLater } from '../../platform/http/errors';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';

/**
 * Downloads an account may start a day: a reader fetching a new week's issues, or a whole series
 * bought at once (a long run is some 50 issues), stays below it; a loop fetching a library
 * over and over is stopped within the day.
 */
export const DOWNLOADS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** '40 minutes', '7 hours'. */
const waitOf = (ms: number) => (ms < HOUR_MS ? inMinutes(ms) : `${Math.ceil(ms / HOUR_MS)} hours`);

const spent = (resetInMs: number) =>
  tryAgainLater(
    429,
    ERROR_CODES.rateLimited,
    `You have downloaded ${DOWNLOADS_PER_DAY} issues today, as many as a day allows. ` +
      `Try again in ${waitOf(resetInMs)}; the issues downloaded today can still be fetched again.`,
    resetInMs / 1000,
  );

export function createDownloadLimit(attempts: AttemptCounter) {
  const keyOf = (userId: number) => `downloads:user:${userId}`;
  const issueKeyOf = (userId: number, issueId: number) => `downloads:issue:${userId}:${issueId}`;

  return {
    /**
     * Counts the issue among the user's downloads today unless it is already (nothing counted
     * for a download resumed, restarted or fetched from any byte); throws the 429, counting
     * nothing, when the day has no room for a new one. Called before any work.
     */
    async count(userId: number, issueId: number): Promise<void> {
      const issueKey = issueKeyOf(userId, issueId);
      if ((await attempts.peek(issueKey)).count > 0) return;
      const key = keyOf(userId);
      const { count, resetInMs } = await attempts.add(key, DAY_MS);
      if (count > DOWNLOADS_PER_DAY) {
        // Parallel downloads may all have added: each one past the limit takes its own back.
        await attempts.add(key, DAY_MS, -1);
        throw spent(resetInMs);
      }
      await attempts.add(issueKey, DAY_MS);
    },
  };
}

export type DownloadLimit = ReturnType<typeof createDownloadLimit>;
