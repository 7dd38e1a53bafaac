// Accounts: sign-up, password and Google sign-in, sessions, and the role and activation
// changes administrators make. The rules that keep accounts safe live here: one answer for
// a wrong e-mail or a wrong password (same work either way), no session for a deactivated
// account, and every session of an account revoked when its role or activation changes.
import type { Role } from '@comics/shared/constants';
import type { AdminUser } from '@comics/shared/schemas/admin';
import { accountMessages, type LoginAnswer, type SignupAnswer, type SignupBody } from '@comics/shared/schemas/auth';
import { HttpError, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import type { Account, AccountRepository } from './repository';
import type { SessionStore } from './sessions';

const authErrors = {
  ...accountMessages,
  ownAccount: 'You cannot change your own role or deactivate your own account.',
};

/** A signed-in answer: the session token (cookie and login answer) and what the client shows. */
export interface SignedIn {
  token: string;
  expiresAt: Date;
  answer: LoginAnswer;
}

/** What an identity provider vouches for, after its ID token has been verified. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

function toAdminUser(account: Account): AdminUser {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    rol: account.role,
    active: account.active,
  };
}

export function createAccountService(accounts: AccountRepository, sessions: SessionStore) {
  // Compared against when the e-mail is unknown, so both failures cost the same scrypt work.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));

  async function openSession(account: Account): Promise<SignedIn> {
    if (!account.active) throw new HttpError(403, 'account_deactivated', authErrors.deactivated);
    const { token, expiresAt } = await sessions.create(account.id);
    const answer = { token, name: account.username, Rol: account.role, id: account.id, email: account.email };
    return { token, expiresAt, answer };
  }

  /** Role and activation changes take effect on the account's very next request. */
  async function changeAccount(actorId: number, targetId: number, change: { role?: Role; active?: boolean }) {
    if (actorId === targetId) throw new HttpError(409, 'own_account', authErrors.ownAccount);
    const account = await accounts.update(targetId, change);
    if (!account) throw notFound('User');
    await sessions.revokeAllFor(targetId);
    return toAdminUser(account);
  }

  return {
    async signup(body: SignupBody): Promise<SignupAnswer> {
      const account = await accounts.create({
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
      });
      if (!account) throw new HttpError(409, 'email_taken', authErrors.emailTaken, { email: authErrors.emailTaken });
      return { id: account.id, username: account.username, email: account.email };
    },

    async login(email: string, password: string): Promise<SignedIn> {
      const account = await accounts.findByEmail(email);
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoy()));
      if (!account?.passwordHash || !matches) {
        throw new HttpError(401, 'invalid_credentials', authErrors.badCredentials);
      }
      return openSession(account);
    },

    /**
     * Signs in with an identity the provider verified: the account linked to its subject, else
     * the account with its (verified) e-mail, linked now, else a new USER account.
     */
    async signInWithIdentity(identity: VerifiedIdentity): Promise<SignedIn> {
      let account = await accounts.findByGoogleSubject(identity.subject);
      if (!account) {
        const byEmail = await accounts.findByEmail(identity.email);
        account = byEmail
          ? await accounts.update(byEmail.id, {
              googleSubject: identity.subject,
              pictureUrl: byEmail.pictureUrl ?? identity.picture,
            })
          : await accounts.create({
              email: identity.email,
              username: identity.name?.trim() || identity.email.split('@')[0]!,
              googleSubject: identity.subject,
              pictureUrl: identity.picture,
            });
      }
      // Null only if the e-mail was registered between the look-up and the insert.
      if (!account) throw new HttpError(409, 'email_taken', authErrors.emailTaken);
      return openSession(account);
    },

    logout: (token: string) => sessions.revoke(token),

    async listUsers(): Promise<AdminUser[]> {
      return (await accounts.list()).map(toAdminUser);
    },

    setRole: (actorId: number, targetId: number, role: Role) => changeAccount(actorId, targetId, { role }),
    setActive: (actorId: number, targetId: number, active: boolean) => changeAccount(actorId, targetId, { active }),

    /**
     * For `npm run create-admin`: creates an active ADMIN account, or promotes and reactivates
     * an existing one (setting its password when one is given).
     */
    async createOrPromoteAdmin(values: { email: string; username: string; password?: string }) {
      const passwordHash = values.password === undefined ? undefined : await hashPassword(values.password);
      const existing = await accounts.findByEmail(values.email);
      if (!existing) {
        if (!passwordHash) throw new Error('A new account needs a password');
        const created = await accounts.create({
          email: values.email,
          username: values.username,
          passwordHash,
          role: 'ADMIN',
        });
        if (!created) throw new Error(authErrors.emailTaken);
        return { account: created, created: true };
      }
      const updated = await accounts.update(existing.id, {
        role: 'ADMIN',
        active: true,
        ...(passwordHash ? { passwordHash } : {}),
      });
      await sessions.revokeAllFor(existing.id);
      return { account: updated!, created: false };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
