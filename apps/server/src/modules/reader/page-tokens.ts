// Page tokens: what opens an issue's pages past the preview, carried in the page addresses
// (`?t=`). A token names its user and its expiry and is signed (HMAC-SHA256) over the issue too,
// so it opens one issue's pages for one user until it expires, and checking one costs an HMAC:
// no session or ownership lookup per image. Expiry is windowed (the end of the current hour, plus
// some hours), so a user's addresses stay the same for up to an hour and reloads hit the browser cache.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The key's name in server_secrets. */
export const PAGE_TOKEN_KEY_NAME = 'page-address-key';
/** Hours a token lasts past the end of the hour it was made in. */
const VALID_HOURS = 6;
const HOUR_SECONDS = 3600;
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

export interface PageToken {
  token: string;
  expiresAt: Date;
}

export interface PageGrant {
  userId: number;
  expiresAt: Date;
}

export interface PageTokens {
  /** The token that opens `issueId`'s pages to `userId`. */
  issue(userId: number, issueId: number, now?: Date): PageToken;
  /** Whom the token lets read `issueId`'s pages and until when; null for anything else (malformed, tampered, expired, another issue). */
  verify(token: string | undefined, issueId: number, now?: Date): PageGrant | null;
}

/** Tokens signed with `key` (the same on every instance, so any of them checks any token). */
export function createPageTokens(key: Buffer): PageTokens {
  const mac = (issueId: number, userId: number, expiresAt: number) =>
    createHmac('sha256', key).update(`${issueId}.${userId}.${expiresAt}`).digest('base64url');

  return {
    issue(userId, issueId, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      const expiresAt = (Math.floor(seconds / HOUR_SECONDS) + 1 + VALID_HOURS) * HOUR_SECONDS;
      return {
        token: `${userId}.${expiresAt}.${mac(issueId, userId, expiresAt)}`,
        expiresAt: new Date(expiresAt * 1000),
      };
    },

    verify(token, issueId, now = new Date()) {
      const match = token ? TOKEN_SHAPE.exec(token) : null;
      if (!match) return null;
      const userId = Number(match[1]);
      const expiresAt = Number(match[2]);
      if (expiresAt * 1000 <= now.getTime()) return null;
      // Compared as text: two spellings of one MAC (base64url's spare low bits) are not both valid.
      const given = Buffer.from(match[3]!);
      const expected = Buffer.from(mac(issueId, userId, expiresAt));
      if (!timingSafeEqual(given, expected)) return null;
      return { userId, expiresAt: new Date(expiresAt * 1000) };
    },
  };
}
