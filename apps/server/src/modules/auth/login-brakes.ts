// The brakes on guessing passwords at POST /api/user/login. They count failed sign-ins, never
// successful ones, and they never stop the right password on a browser its owner signed in
// with before, so an attacker can slow guessing down but cannot lock an owner out:
// - a known device (its cookie has an entry for the account, known-devices.ts) has a budget of its
//   own, 10 failures in 15 minutes per device, and nothing else stops it;
// - unknown devices share a budget per account, 10 failures in 15 minutes, keyed by the lowercased
//   e-mail so that an address without an account is braked exactly like one with (the answers
//   never tell which), and one per IP, AUTH_RATE_LIMIT_PER_IP failures a minute;
// - the failure that spends an account's budget e-mails its owner (lockout-notice.ts).
// Each attempt reserves its failure before the password work and gives it back on success
// (platform/limits/failure-budget.ts), so parallel guesses cannot slip past. A refused attempt does no
// password work and answers 429 with Retry-After. The counts live in shared.attempts: in Redis
// when instances share one, so every instance brakes alike.
import type { FastifyRequest } from 'fastify';
import type { AttemptCounter } from '../../platform/limits/attempt-counter';
import { inMinutes, tryAgainLater } from '../../platform/http/errors';
import {
  createFailureBudget,
  type FailureBudget,
  type Reserved,
  type Reservation,
} from '../../platform/limits/failure-budget';
import { knownDeviceOf, type KnownDevices } from './known-devices';
import type { Account } from './repository';
import { securityLog } from './security-log';

const MINUTE = 60_000;

/** Failures a known device may make, per device. */
export const LOGIN_FAILURES_PER_DEVICE = { max: 10, windowMs: 15 * MINUTE };
/** Failures unknown devices may make together, per account (e-mail): generous for a person, useless for guessing. */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * MINUTE };

/**
 * Failed sign-ins per IP, AUTH_RATE_LIMIT_PER_IP a minute: one budget for every way of signing in
 * with a secret (the login form, and reading apps' app passwords: app-password-sign-in.ts).
 */
export function loginFailuresPerIp(attempts: AttemptCounter, perIpPerMinute: number): FailureBudget {
  return createFailureBudget(attempts, 'login-ip', { max: perIpPerMinute, windowMs: MINUTE });
}

/** What was braked, for the 429's words and the security log. */
type Brake = 'device' | 'email' | 'ip';

/** The refusal's words say what was braked and how to get in, never whether the account exists. */
const refusals: Record<Brake, (wait: string) => string> = {
  email: (wait) =>
    `Too many failed sign-ins for this account. Try again in ${wait}, or sign in from a browser you have used before.`,
  ip: (wait) =>
    `Too many failed sign-ins from this network. Try again in ${wait}, or sign in from a browser you have used before.`,
  device: (wait) => `Too many failed sign-ins from this browser. Try again in ${wait}.`,
};

/** One sign-in attempt that the brakes let through. */
export interface LoginAttempt {
  /** The account the e-mail names, looked up once for the brakes and the sign-in. */
  account: Account | null;
  /** Wrong credentials: the failure stays counted (and may spend the account's budget). */
  failed(): Promise<void>;
  /** Signed in, or ended for another reason than a wrong password: the failure is given back. */
  succeeded(): Promise<void>;
}

export interface LoginBrakes {
  /** Lets the attempt through (reserving its failures) or throws the 429. */
  begin(request: FastifyRequest, email: string): Promise<LoginAttempt>;
}

export function createLoginBrakes(options: {
  attempts: AttemptCounter;
  perIpPerMinute: number;
  devices: KnownDevices;
  findAccount: (email: string) => Promise<Account | null>;
  /** The account's unknown-device budget was just spent. Not awaited, so it must not reject. */
  onAccountLocked: (account: Account) => Promise<void>;
}): LoginBrakes {
  const { attempts, devices, findAccount, onAccountLocked } = options;
  const perDevice = createFailureBudget(attempts, 'login-device', LOGIN_FAILURES_PER_DEVICE);
  const perAccount = createFailureBudget(attempts, 'login-email', LOGIN_FAILURES_PER_ACCOUNT);
  const perIp = loginFailuresPerIp(attempts, options.perIpPerMinute);

  function refuse(
    request: FastifyRequest,
    brake: Brake,
    retryAfterMs: number,
    details: Record<string, string | number>,
  ) {
    securityLog(request, 'locked_out', { attempt: 'login', by: brake, ...details });
    return tryAgainLater(429, 'rate_limited', refusals[brake](inMinutes(retryAfterMs)), retryAfterMs / 1000);
  }

  const giveBack = (reserved: Reserved[]) =>
    Promise.all(reserved.map((r) => (r.allowed ? r.reservation.succeeded() : undefined)));

  /** Looks the account up with the reservations held; a failed look-up gives them back. */
  async function lookUp(email: string, reservations: Reservation[]): Promise<Account | null> {
    try {
      return await findAccount(email);
    } catch (error) {
      await Promise.all(reservations.map((r) => r.succeeded()));
      throw error;
    }
  }

  return {
    async begin(request, email) {
      // Only a browser carrying a validly signed entry costs a look-up before the budgets: the
      // refusals of a flood of guesses without one touch no database.
      const entries = await devices.entries(request);
      const looked = entries.length > 0 ? { account: await findAccount(email) } : null;
      const device = looked?.account ? knownDeviceOf(entries, looked.account) : null;

      if (looked?.account && device) {
        const account = looked.account;
        const reserved = await perDevice.reserve(device.nonce);
        if (!reserved.allowed) throw refuse(request, 'device', reserved.retryAfterMs, { userId: account.id });
        const { reservation } = reserved;
        return { account, failed: async () => void (await reservation.failed()), succeeded: reservation.succeeded };
      }

      const [byEmail, byIp] = await Promise.all([perAccount.reserve(email.toLowerCase()), perIp.reserve(request.ip)]);
      if (!byEmail.allowed) {
        await giveBack([byIp]);
        throw refuse(request, 'email', byEmail.retryAfterMs, { email });
      }
      if (!byIp.allowed) {
        await giveBack([byEmail]);
        throw refuse(request, 'ip', byIp.retryAfterMs, { email });
      }
      const held = [byEmail.reservation, byIp.reservation];
      const account = looked ? looked.account : await lookUp(email, held);
      return {
        account,
        async failed() {
          const [spent] = await Promise.all(held.map((r) => r.failed()));
          // Not awaited: the answer takes as long whether the address has an account or not.
          if (spent && account) void onAccountLocked(account);
        },
        async succeeded() {
          await Promise.all(held.map((r) => r.succeeded()));
        },
      };
    },
  };
}
