// Known devices, OWASP's device-cookie defence for lock-outs ("Slow Down Online Guessing Attacks
// with Device Cookies"): a browser that has signed into an account carries a signed, HttpOnly
// cookie saying so, and its sign-ins are told apart from strangers' guesses. The login brakes
// (login-brakes.ts) give it a failure budget of its own, out of reach of the account's lock-out of
// unknown devices and of the per-IP budget: nobody can keep the owner out of their own account.
//
// The cookie proves no session, only "this browser signed in here before", so it outlives logout
// and lasts a year. It holds one entry per account signed into on this browser (at most 5, most
// recent first), each `userId.nonce.issuedAt.mac`: the MAC (HMAC-SHA-256, cut to 128 bits) is made
// with a key the server keeps in the database (db/server-secrets.ts), so every instance checks it
// and nobody can make one. An entry issued before the account's password was last reset counts no
// more: a reset ends what a thief's stolen cookie was worth.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerSecrets } from '../../db/server-secrets';
import { secureCookies } from './session-cookie';

/** The key's name in server_secrets. */
const KEY_NAME = 'device-cookie-key';
/** Accounts one browser remembers; the least recently signed into goes first. */
export const MAX_DEVICE_ENTRIES = 5;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAC_BYTES = 16;
const ENTRY_SEPARATOR = '~';
const ENTRY = /^(\d{1,10})\.([\w-]{22})\.(\d{13})\.([\w-]{22})$/;
/** Five well-formed entries and their separators fit in this; anything longer is not ours. */
const MAX_COOKIE_LENGTH = 512;

/** One account's entry in a browser's cookie, its MAC checked. */
export interface DeviceEntry {
  userId: number;
  /** This browser's name for the account: the key of its own failure budget. */
  nonce: string;
  /** When it was issued (epoch ms). */
  issuedAt: number;
}

export interface KnownDevices {
  /** The entries of the request's cookie whose MAC checks (no database work; none without a cookie). */
  entries(request: FastifyRequest): Promise<DeviceEntry[]>;
  /** Sets (or refreshes) the cookie after a sign-in: a new entry for the account first, the browser's others after it. */
  remember(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** The cookie's name on this shop (for tests and tools). */
  readonly cookieName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    knownDevices: KnownDevices;
  }
}

/** The entry that makes this browser the account's known device, or null. */
export function knownDeviceOf(
  entries: readonly DeviceEntry[],
  account: { id: number; passwordChangedAt: Date | null },
): DeviceEntry | null {
  const since = account.passwordChangedAt?.getTime() ?? 0;
  return entries.find((entry) => entry.userId === account.id && entry.issuedAt >= since) ?? null;
}

/**
 * Whether the request comes from a known device of the account `email` names. The account is
 * looked up only for a browser carrying a validly signed entry, and then whether or not the
 * address has an account, so the time taken tells nothing about the address.
 */
export async function isKnownDevice(
  devices: KnownDevices,
  request: FastifyRequest,
  findAccount: () => Promise<{ id: number; passwordChangedAt: Date | null } | null>,
): Promise<boolean> {
  const entries = await devices.entries(request);
  if (entries.length === 0) return false;
  const account = await findAccount();
  return account !== null && knownDeviceOf(entries, account) !== null;
}

const encode = (entry: DeviceEntry) => `${entry.userId}.${entry.nonce}.${entry.issuedAt}`;

/**
 * The cookie is named and secured exactly as the session cookie is (session-cookie.ts): `__Host-`
 * and always Secure on an https shop, so neither plain http nor a sibling site can plant one.
 */
export function createKnownDevices(app: FastifyInstance, secrets: ServerSecrets): KnownDevices {
  const cookieName = app.cookiePolicy.alwaysSecure ? '__Host-known_device' : 'known_device';
  const key = () => secrets.key(KEY_NAME);
  const mac = async (entry: DeviceEntry) =>
    createHmac('sha256', await key())
      .update(encode(entry))
      .digest()
      .subarray(0, MAC_BYTES)
      .toString('base64url');

  async function entries(request: FastifyRequest): Promise<DeviceEntry[]> {
    const value = request.cookies[cookieName];
    if (!value || value.length > MAX_COOKIE_LENGTH) return [];
    const found: DeviceEntry[] = [];
    for (const part of value.split(ENTRY_SEPARATOR).slice(0, MAX_DEVICE_ENTRIES)) {
      const match = ENTRY.exec(part);
      if (!match) continue;
      const entry = { userId: Number(match[1]), nonce: match[2]!, issuedAt: Number(match[3]) };
      // The text, not its decoding: base64url's last character carries spare bits.
      const expected = Buffer.from(await mac(entry));
      const given = Buffer.from(match[4]!);
      if (given.length === expected.length && timingSafeEqual(given, expected)) found.push(entry);
    }
    return found;
  }

  return {
    cookieName,
    entries,
    async remember(request, reply, userId) {
      // A fresh nonce at each sign-in (as OWASP advises): a new entry, with a fresh budget.
      const fresh: DeviceEntry = { userId, nonce: randomBytes(16).toString('base64url'), issuedAt: Date.now() };
      const others = (await entries(request)).filter((entry) => entry.userId !== userId);
      const kept = [fresh, ...others].slice(0, MAX_DEVICE_ENTRIES);
      const value = (await Promise.all(kept.map(async (entry) => `${encode(entry)}.${await mac(entry)}`))).join(
        ENTRY_SEPARATOR,
      );
      reply.setCookie(cookieName, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(request),
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}

/** Makes `app.knownDevices` (after installCookiePolicy): every way of signing in sets the cookie through it. */
export function installKnownDevices(app: FastifyInstance, secrets: ServerSecrets): void {
  app.decorate('knownDevices', createKnownDevices(app, secrets));
}
