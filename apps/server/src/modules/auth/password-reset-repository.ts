// Reset links and new passwords in the database. A link is stored only as its token's SHA-256
// (password_reset_tokens), with its e-mail queued in the same transaction, so a link exists
// exactly when its message does. Using one is a single statement (UPDATE … WHERE unused AND
// unexpired RETURNING), so two requests with one link cannot both succeed; the new password, the
// end of the account's other links, sessions and app passwords, and the notice e-mail commit with it.
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appPasswords } from '../../db/schema/app-passwords';
import { passwordResetTokens, sessions, users } from '../../db/schema/users';
import { enqueueEmail, type OutboxMessage } from '../mail/outbox';

/** The account a link was used for, as the notice e-mail and the answer need it. */
export interface ResetAccount {
  id: number;
  email: string;
  username: string;
}

/** The link of this hash, unused and unexpired at `at`. */
const usable = (tokenHash: string, at: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, at),
  );

export function createPasswordResetRepository(db: Database) {
  return {
    /** Stores a link's token hash and queues its e-mail; the account's dead links are cleared meanwhile. */
    async issueLink(link: { userId: number; tokenHash: string; expiresAt: Date; at: Date }, mail: OutboxMessage) {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, link.userId),
              or(isNotNull(passwordResetTokens.usedAt), lte(passwordResetTokens.expiresAt, link.at)),
            ),
          );
        await tx.insert(passwordResetTokens).values({
          tokenHash: link.tokenHash,
          userId: link.userId,
          createdAt: link.at,
          expiresAt: link.expiresAt,
        });
        await enqueueEmail(tx, mail);
      });
    },

    /** Queues an e-mail that carries no link (the 'use Google' answer). */
    async queueMail(mail: OutboxMessage): Promise<void> {
      await enqueueEmail(db, mail);
    },

    /** Whether a link could be used at `at` (a cheap check before hashing the new password; `reset` decides). */
    async linkUsable(tokenHash: string, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(and(usable(tokenHash, at), eq(users.active, true)));
      return Boolean(row);
    },

    /**
     * Uses the link and sets the new password, all or nothing: the link must be unused, unexpired
     * at `at` and belong to an active account. Null when it is not (nothing changed then).
     */
    async reset(
      change: { tokenHash: string; passwordHash: string; at: Date },
      notice: (account: ResetAccount) => OutboxMessage,
    ): Promise<ResetAccount | null> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: change.at })
          .where(
            and(
              usable(change.tokenHash, change.at),
              inArray(
                passwordResetTokens.userId,
                tx.select({ id: users.id }).from(users).where(eq(users.active, true)),
              ),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return null;
        const [account] = await tx
          .update(users)
          .set({ passwordHash: change.passwordHash, passwordChangedAt: change.at })
          .where(eq(users.id, used.userId))
          .returning({ id: users.id, email: users.email, username: users.username });
        // The account's other links die with the old password; sessions end here, in the same
        // commit, and the caller drops the cached copies on every instance afterwards.
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, used.userId), ne(passwordResetTokens.tokenHash, change.tokenHash)));
        await tx.delete(sessions).where(eq(sessions.userId, used.userId));
        // Reading apps are signed out too ('every device … was signed out', the notice says): an
        // app password someone made while they had the account must not outlive the reset.
        await tx.delete(appPasswords).where(eq(appPasswords.userId, used.userId));
        await enqueueEmail(tx, notice(account!));
        return account!;
      });
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
