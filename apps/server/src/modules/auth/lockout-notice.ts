// The e-mail an account's owner gets when wrong passwords have paused its sign-ins from new
// devices (login-brakes.ts): what happened, that browsers they signed in on before still work,
// and the way to a new password if it was not them. At most one a day per account, however many
// attempts follow (the count is shared by every instance), and none for an account without a
// password: there is nothing to guess there, and nobody to warn for an address with no account.
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptCounter } from '../../lib/attempt-counter';
import { loggableError } from '../../lib/loggable-error';
import { escapeHtml } from '../mail/order-confirmation';
import { enqueueEmail, type OutboxMessage, type OutboxWriter } from '../mail/outbox';
import type { Account } from './repository';

const SHOP_NAME = 'Comics Shop';
/** One notice per account in this period. */
export const LOCKOUT_NOTICE_PERIOD_MS = 24 * 60 * 60 * 1000;

export interface LockoutNoticeInput {
  name: string;
  email: string;
  /** How long sign-ins from new devices stay paused, in minutes. */
  pausedMinutes: number;
  at: Date;
  /** The shop's public origin, without a trailing slash. */
  shopUrl: string;
}

/** '2025-03-04 15:06 UTC': the same for every reader, whatever the server's locale. */
const formatAt = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function buildLockoutNotice(input: LockoutNoticeInput): OutboxMessage {
  const resetUrl = `${input.shopUrl}/forgot-password`;
  const at = formatAt(input.at);
  const paused = `Sign-ins to your account from browsers and devices you have not used with it before are paused for ${input.pausedMinutes} minutes.`;
  const stillWork = 'Browsers where you have signed in before still work as usual.';
  const notYou = "If this was not you, choose a new password with 'Forgot password?' on the login page:";

  const text = [
    `Hello ${input.name},`,
    '',
    `Someone tried to sign in to your ${SHOP_NAME} account (${input.email}) with wrong passwords several times, most recently at ${at}.`,
    '',
    paused,
    stillWork,
    '',
    notYou,
    resetUrl,
    '',
    SHOP_NAME,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign-ins to your account are paused</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529">
<p>Hello ${escapeHtml(input.name)},</p>
<p>Someone tried to sign in to your ${SHOP_NAME} account (${escapeHtml(input.email)}) with wrong passwords several times, most recently at ${at}.</p>
<p>${paused}<br>
${stillWork}</p>
<p>If this was not you, choose a new password with <a href="${escapeHtml(resetUrl)}">Forgot password?</a> on the login page.</p>
<p>${SHOP_NAME}</p>
</body>
</html>
`;

  return {
    recipient: input.email,
    subject: 'Sign-ins to your Comics Shop account are paused',
    textBody: text,
    htmlBody: html,
  };
}

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
        const notice = buildLockoutNotice({
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
