// HTTP Basic for reading apps (the `basic` of reading-app-access.ts): `Authorization: Basic` with
// the account's e-mail (or username) and one of its app passwords. Only the reading-app routes
// call this; /api reads Bearer tokens and cookies only (access.ts), so Basic opens no shop route.
// Brakes (ADR 020, "App passwords"): a wrong credential is a failed sign-in on the login form's
// per-IP budget (login-brakes.ts), and once that IP's budget is spent its wrong credentials are
// answered 429 with Retry-After. A right app password always gets in, whatever that budget or the
// account's: guessing 140 random bits is hopeless, so a lock would only let an attacker shut the
// owner's apps out. Every refusal is in the security log.
import type { FastifyRequest } from 'fastify';
import { inMinutes, tryAgainLater } from '../../platform/http/errors';
import type { FailureBudget } from '../../platform/limits/failure-budget';
import type { Caller } from './access';
import type { AppPasswords } from './app-passwords';
import { securityLog } from './security-log';

/** A longer header is no app password (an e-mail and 34 characters), and is not decoded. */
const MAX_HEADER_LENGTH = 1024;
const BASIC = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;
/** What the log keeps of the login a client sent. */
const MAX_LOGGED_LOGIN = 254;

/** The user-id and password of a Basic header (RFC 7617, UTF-8), or null when it is malformed. */
export function readBasicCredentials(header: string): { login: string; password: string } | null {
  const match = header.length <= MAX_HEADER_LENGTH ? BASIC.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  // A user-id has no colon; the password may.
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function createAppPasswordSignIn({
  appPasswords,
  failuresPerIp,
}: {
  appPasswords: Pick<AppPasswords, 'signIn'>;
  /** The login form's per-IP budget of failed sign-ins (loginFailuresPerIp). */
  failuresPerIp: FailureBudget;
}): (request: FastifyRequest, header: string) => Promise<Caller | null> {
  return async (request, header) => {
    const credentials = readBasicCredentials(header);
    const check = credentials
      ? await appPasswords.signIn(credentials.login, credentials.password)
      : ({ ok: false, reason: 'malformed_credentials' } as const);
    if (check.ok) return check.caller;

    const details = { via: 'app-password', login: credentials?.login.slice(0, MAX_LOGGED_LOGIN) ?? null };
    // The right secret of a deactivated account is no guess: refused, but not counted.
    if (check.reason !== 'account_deactivated') {
      const reserved = await failuresPerIp.reserve(request.ip);
      if (!reserved.allowed) {
        securityLog(request, 'locked_out', { attempt: 'app-password', by: 'ip', ...details });
        const wait = inMinutes(reserved.retryAfterMs);
        throw tryAgainLater(
          429,
          'rate_limited',
          `Too many failed sign-ins from this network. Try again in ${wait}.`,
          reserved.retryAfterMs / 1000,
        );
      }
      await reserved.reservation.failed();
    }
    securityLog(request, 'login_failed', { ...details, reason: check.reason });
    return null;
  };
}
