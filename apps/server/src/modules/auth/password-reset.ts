// 'Forgot password?': a single-use link, valid RESET_LINK_MINUTES, mailed to the account's address,
// and the new password it lets its holder set. The link's token is 32 random bytes; only its SHA-256
// is stored. What happens for an address (a link, a 'use Google' mail, nothing) is decided after the
// HTTP answer has gone (see password-reset-routes.ts), so neither the answer nor its timing says
// whether the address has an account. Setting the new password ends every session of the account
// on every instance and voids its other links; it does not sign in.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { passwordResetMessages, RESET_LINK_MINUTES } from '@comics/shared/schemas/auth';
import { HttpError } from '../../platform/http/errors';
import { loggableError } from '../../platform/logging/loggable-error';
import { buildPasswordChanged, buildPasswordResetLink, buildUseGoogleSignIn } from '../mail/account-mails';
import { refuseCommonPassword } from './common-passwords';
import type { PasswordResetRepository, ResetAccount } from './password-reset-repository';
import { hashPassword } from './passwords';
import type { AccountRepository } from './repository';
import { hashToken, type SessionStore } from './sessions';

const LINK_LIFETIME_MS = RESET_LINK_MINUTES * 60_000;

/** 400 naming `token`: unknown, used, expired, or its account deactivated (one answer for all). */
export const linkUnusable = () =>
  new HttpError(400, 'reset_link_unusable', passwordResetMessages.linkUnusable, {
    token: passwordResetMessages.linkUnusable,
  });

export function isLinkUnusable(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'reset_link_unusable';
}

/** What a request for an address led to, for the security log (never for the answer). */
export type LinkOutcome = 'link_sent' | 'use_google_sent' | 'nothing_sent';

export interface PasswordResetOptions {
  accounts: AccountRepository;
  repository: PasswordResetRepository;
  sessions: SessionStore;
  /** The shop's public origin: links point there, never at the request's Host. */
  publicUrl: string;
  /** Called after a message was queued (the mail worker's wake), so it goes out at once. */
  onMailQueued: () => void;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

export function createPasswordResetService(options: PasswordResetOptions) {
  const { accounts, repository, sessions, publicUrl, onMailQueued, log } = options;
  const now = options.now ?? (() => new Date());

  return {
    /**
     * The work behind 'Forgot password?' for one address: a link for an active account with a
     * password, a 'use Google' mail for an active Google-only account, nothing otherwise.
     */
    async sendLink(email: string): Promise<LinkOutcome> {
      const account = await accounts.findByEmail(email);
      if (!account?.active) return 'nothing_sent';
      const recipient = { name: account.username, email: account.email, shopUrl: publicUrl };
      if (account.passwordHash) {
        const token = randomBytes(32).toString('base64url');
        const at = now();
        const link = `${publicUrl}/reset-password#token=${token}`;
        await repository.issueLink(
          { userId: account.id, tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + LINK_LIFETIME_MS), at },
          buildPasswordResetLink({ ...recipient, link, validMinutes: RESET_LINK_MINUTES }),
        );
        onMailQueued();
        return 'link_sent';
      }
      if (account.googleSubject) {
        await repository.queueMail(buildUseGoogleSignIn(recipient));
        onMailQueued();
        return 'use_google_sent';
      }
      return 'nothing_sent';
    },

    /**
     * Sets the new password with the link's token: refuses a common password (the link stays
     * usable), or a link that cannot be used (400 naming `token`); then ends every session of the
     * account, here and on the other instances, and mails the owner that the password changed.
     */
    async reset(token: string, password: string): Promise<ResetAccount> {
      await refuseCommonPassword(password);
      const tokenHash = hashToken(token);
      // A guessed token costs one indexed read, not a password hash: checked before scrypt.
      if (!(await repository.linkUsable(tokenHash, now()))) throw linkUnusable();
      const passwordHash = await hashPassword(password);
      const at = now();
      const account = await repository.reset({ tokenHash, passwordHash, at }, (changed) =>
        buildPasswordChanged({ name: changed.username, email: changed.email, shopUrl: publicUrl, changedAt: at }),
      );
      if (!account) throw linkUnusable();
      onMailQueued();
      try {
        // The sessions' rows went with the commit; this drops their cached copies everywhere.
        await sessions.revokeAllFor(account.id);
      } catch (error) {
        // The password is changed and the rows are gone: cached copies expire within seconds.
        log.error({ error: loggableError(error), userId: account.id }, 'sessions not dropped on every instance');
      }
      return account;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
