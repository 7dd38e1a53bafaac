// When an account's owner is told that wrong passwords paused its sign-ins from new devices
// (login-brakes.ts; the e-mail itself is in mail/account-mails.ts): on the failure that spends the
// account's budget, at most once a day per account however many attempts follow (the count is
// shared by every instance), and never for an account without a password: there is nothing to
// guess there, and nobody to warn for an address with no account.
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';
import { loggableError } from '../../platform/logging/loggable-error';
import { buildSignInsPaused } from '../mail/account-mails';
import { enqueueEmail, type OutboxWriter } from '../mail/outbox';
import type { Account } from './repository';

/** One notice per account in this period. */
export const LOCKOUT_NOTICE_PERIOD_MS = 24 * 60 * 60 * 1000;

export interface LockoutNotices {
  /** The account's unknown-device budget just ran out: tell its owner, unless told in the last 24 hours. */
  accountLocked(account: Account): Promise<void>;
}

export function createLockoutNotices(options: {
  outbox: OutboxWriter;
  /** The mail worker's wake(): the notice goes out now, not at the next poll. */
  wake: () => void;
  attempts: AttemptCounter;
  pausedMinutes: number;
  shopUrl: string;
  log: FastifyBaseLogger;
}): LockoutNotices {
  const { outbox, wake, attempts, pausedMinutes, shopUrl, log } = options;
  return {
    async accountLocked(account) {
      if (!account.passwordHash) return;
      try {
        if (!(await attempts.once(`lockout-notice:${account.id}`, LOCKOUT_NOTICE_PERIOD_MS))) return;
        const notice = buildSignInsPaused({
          name: account.username,
          email: account.email,
          pausedMinutes,
          at: new Date(),
          shopUrl,
        });
        await enqueueEmail(outbox, notice);
        wake();
      } catch (error) {
        // The brake holds without the notice; a lost notice is logged, never the sign-in's failure.
        log.error({ error: loggableError(error), userId: account.id }, 'lock-out notice not queued');
      }
    },
  };
}
