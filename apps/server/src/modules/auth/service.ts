// Accounts: sign-up, password and Google sign-in, and sessions (administrators' changes to
// accounts live in the admin module). The rules that keep accounts safe live here: one answer
// for a wrong e-mail or a wrong password (same work either way), no session for a deactivated
// account, e-mail linking only on an e-mail the identity provider proved, and a development
// sign-in that can only ever reach accounts it created itself.
import { accountMessages, type SignupBody } from '@comics/shared/schemas/auth';
import { HttpError } from '../../platform/http/errors';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import type { Account, AccountRepository } from './repository';
import type { SessionStore } from './sessions';

const authErrors = accountMessages;

/** Why the development sign-in will not sign in to an account, in words its page shows. */
const developmentRefusals = {
  admin:
    'This e-mail belongs to an administrator. The development sign-in never signs in to administrator accounts: log in with your e-mail and password instead.',
  password:
    'This e-mail belongs to an account that signs in with a password. The development sign-in only signs in to accounts it created itself: log in with the password, or use another e-mail.',
  foreign:
    'This e-mail belongs to an account created through another way of signing in. The development sign-in only signs in to accounts it created itself: use another e-mail.',
};

/** A signed-in session: its token (cookie and login answer), its end, and whose it is. */
export interface SignedIn {
  token: string;
  expiresAt: Date;
  account: Account;
  /** Google's owner of the e-mail took this account over just now (its password and sessions ended). */
  takenOver?: boolean;
}

/** Which provider vouched for an identity: Google (the configured issuer) or the bundled development one. */
export type IdentitySource = 'google' | 'development';

/** What an identity provider vouches for, after its ID token has been verified. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** Why the development sign-in must not sign in to this account; null when it may. */
function developmentRefusal(account: Account | null): string | null {
  if (!account) return null;
  if (account.role === 'ADMIN') return developmentRefusals.admin;
  if (account.passwordHash) return developmentRefusals.password;
  if (account.origin !== 'development') return developmentRefusals.foreign;
  return null;
}

function newIdentityAccount(identity: VerifiedIdentity, origin: IdentitySource) {
  return {
    email: identity.email,
    username: identity.name?.trim() || identity.email.split('@')[0]!,
    googleSubject: identity.subject,
    pictureUrl: identity.picture,
    origin,
    // Only Google's word proves the e-mail; the development provider's proves nothing.
    emailVerifiedAt: origin === 'google' ? new Date() : null,
  };
}

export function createAccountService({
  repository: accounts,
  sessions,
}: {
  repository: AccountRepository;
  sessions: SessionStore;
}) {
  // Compared against when the e-mail is unknown, so both failures cost the same scrypt work.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));

  async function openSession(account: Account): Promise<SignedIn> {
    if (!account.active) throw new HttpError(403, 'account_deactivated', authErrors.deactivated);
    const { token, expiresAt } = await sessions.create(account.id, account.role);
    return { token, expiresAt, account };
  }

  /** The development provider's sign-in: only ever an account it created, or a new one. */
  async function developmentAccount(identity: VerifiedIdentity): Promise<Account | null> {
    const existing =
      (await accounts.findByGoogleSubject(identity.subject)) ?? (await accounts.findByEmail(identity.email));
    const refusal = developmentRefusal(existing);
    if (refusal) throw new HttpError(403, 'development_sign_in_refused', refusal);
    return existing ?? accounts.create(newIdentityAccount(identity, 'development'));
  }

  /**
   * Google's sign-in: the account linked to the subject; else the account with that (verified)
   * e-mail, linked now; else a new USER account. An e-mail nobody ever proved (a password
   * sign-up, or a development account) may have been registered by someone else: the Google
   * owner takes the account over, and the password and sessions of whoever made it end.
   */
  async function googleAccount(identity: VerifiedIdentity): Promise<{ account: Account | null; takenOver?: true }> {
    const linked = await accounts.findByGoogleSubject(identity.subject);
    if (linked) return { account: linked };
    const byEmail = await accounts.findByEmail(identity.email);
    if (!byEmail) return { account: await accounts.create(newIdentityAccount(identity, 'google')) };
    if (byEmail.googleSubject && byEmail.origin !== 'development') {
      throw new HttpError(409, 'google_linked_elsewhere', authErrors.linkedElsewhere);
    }
    const link = { googleSubject: identity.subject, pictureUrl: byEmail.pictureUrl ?? identity.picture };
    const verified = Boolean(byEmail.emailVerifiedAt);
    const account = verified ? await accounts.update(byEmail.id, link) : await accounts.takeOver(byEmail.id, link);
    // The take-over ended the sessions in the database; memory must not keep them alive.
    await sessions.forgetUser(byEmail.id);
    return verified ? { account } : { account, takenOver: true };
  }

  return {
    async signup(body: SignupBody): Promise<Account> {
      await refuseCommonPassword(body.password);
      const account = await accounts.create({
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
      });
      if (!account) throw new HttpError(409, 'email_taken', authErrors.emailTaken, { email: authErrors.emailTaken });
      return account;
    },

    /** The account an e-mail names (any letter case), or null: the login brakes look it up once for the login. */
    accountFor: (email: string) => accounts.findByEmail(email),

    /** `found`: the account already looked up for this e-mail (by accountFor), to spare a second query. */
    async login(email: string, password: string, found?: { account: Account | null }): Promise<SignedIn> {
      const account = found ? found.account : await accounts.findByEmail(email);
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoy()));
      if (account && !account.passwordHash && account.googleSubject) {
        throw new HttpError(401, 'use_google_sign_in', authErrors.useGoogle);
      }
      if (!account?.passwordHash || !matches) {
        throw new HttpError(401, 'invalid_credentials', authErrors.badCredentials);
      }
      return openSession(account);
    },

    /** Signs in with an identity the provider verified (signature, audience, verified e-mail). */
    async signInWithIdentity(identity: VerifiedIdentity, source: IdentitySource): Promise<SignedIn> {
      const { account, takenOver } =
        source === 'development' ? { account: await developmentAccount(identity) } : await googleAccount(identity);
      // Null only if the e-mail was registered between the look-up and the insert.
      if (!account) throw new HttpError(409, 'email_taken', authErrors.emailTaken);
      return { ...(await openSession(account)), ...(takenOver ? { takenOver } : {}) };
    },

    /** For the development provider's page: why it must refuse this e-mail, or null. */
    async developmentRefusal(email: string): Promise<string | null> {
      return developmentRefusal(await accounts.findByEmail(email));
    },

    logout: (token: string) => sessions.revoke(token),

    /** A password as it is stored: for an administrator who sets one. */
    hashPassword: (password: string) => hashPassword(password),

    /** Drops what this process holds of a user's sessions, after the database ended or changed them. */
    forgetSessions: (userId: number) => sessions.forgetUser(userId),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
