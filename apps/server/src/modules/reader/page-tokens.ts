// Page tokens: what opens an issue's pages past the preview, carried in the page addresses
// (`?t=`). A token names the session that asked for it (by its token's hash, which is no
// credential) and its expiry, and is signed (HMAC-SHA256) over the issue too: it can only claim
// one issue for one session. What it opens is decided at each request (the reader service asks
// whether that session still lives and its account may still read the issue, both from memory),
// so a logout, a deactivation or a purchase taken back ends it; the expiry only bounds how long
// an address is kept. Expiry is windowed (the end of the current hour, plus some hours), so a
// session's addresses stay the same for up to an hour and reloads hit the browser cache.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key's name in server_secrets. */
export const PAGE_TOKEN_KEY_NAME = 'page-address-key';
/** Hours a token lasts past the end of the hour it was made in. */
const VALID_HOURS = 6;
const HOUR_SECONDS = 3600;
/** `{session}.{expiresAt}.{mac}`: a SHA-256 and a MAC in base64url, seconds since 1970. */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{43})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;
/** Signed with the rest: a token of another shape or purpose never verifies as this one. */
const PURPOSE = 'page-v2';

export interface PageToken {
  token: string;
  expiresAt: Date;
}

/** What a token claims once its signature holds: nothing yet about whether it still opens pages. */
export interface PageClaim {
  /** The token hash of the session the token was made for. */
  session: string;
  expiresAt: Date;
}

export interface PageTokens {
  /** The token through which the session named by `session` (its token hash) reads `issueId`'s pages. */
  issue(session: string, issueId: number, now?: Date): PageToken;
  /** The session the token was made for and its expiry; null for anything else (malformed, tampered, expired, another issue). */
  verify(token: string | undefined, issueId: number, now?: Date): PageClaim | null;
}

/** Tokens signed with `key` (the same on every instance, so any of them checks any token). */
export function createPageTokens(key: Buffer): PageTokens {
  const mac = (issueId: number, session: string, expiresAt: number) =>
    createHmac('sha256', key).update(`${PURPOSE}.${issueId}.${session}.${expiresAt}`).digest('base64url');

  return {
    issue(session, issueId, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      const expiresAt = (Math.floor(seconds / HOUR_SECONDS) + 1 + VALID_HOURS) * HOUR_SECONDS;
      return {
        token: `${session}.${expiresAt}.${mac(issueId, session, expiresAt)}`,
        expiresAt: new Date(expiresAt * 1000),
      };
    },

    verify(token, issueId, now = new Date()) {
      const match = token ? TOKEN_SHAPE.exec(token) : null;
      if (!match) return null;
      const session = match[1]!;
      const expiresAt = Number(match[2]);
      if (expiresAt * 1000 <= now.getTime()) return null;
      // Compared as text: two spellings of one MAC (base64url's spare low bits) are not both valid.
      const given = Buffer.from(match[3]!);
      const expected = Buffer.from(mac(issueId, session, expiresAt));
      if (!timingSafeEqual(given, expected)) return null;
      return { session, expiresAt: new Date(expiresAt * 1000) };
    },
  };
}
