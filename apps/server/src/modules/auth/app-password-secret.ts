// The secret of an app password: 140 random bits, written for typing on an e-reader's keyboard as
// seven groups of four characters of Crockford's base-32 alphabet in lowercase (no i, l, o or u,
// so nothing reads as something else), e.g. `k7mq-3xwd-9f2a-…`. Six groups would carry only 120
// bits. What a reading app sends back is read leniently (capitals, spaces, no dashes, and i or l
// for 1 and o for 0, as Crockford's decoding reads them) into one canonical form, whose SHA-256
// is all the database keeps.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 7;
const GROUP_LENGTH = 4;
/** 28 characters of 5 bits: 140 bits. */
const SECRET_LENGTH = GROUPS * GROUP_LENGTH;
const CANONICAL = new RegExp(`^[${ALPHABET}]{${SECRET_LENGTH}}$`);

/** A new secret, as the user is shown it once: `xxxx-xxxx-xxxx-xxxx-xxxx-xxxx-xxxx`. */
export function newAppPasswordSecret(): string {
  // 256 is a multiple of 32: the low five bits of a random byte pick each character without bias.
  const characters = [...randomBytes(SECRET_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return characters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** The secret in its one canonical form (28 characters, no dashes), or null when `typed` cannot be one. */
export function canonicalAppPassword(typed: string): string | null {
  const compact = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return CANONICAL.test(compact) ? compact : null;
}

/**
 * What the database keeps of a secret (in canonical form): its SHA-256, base64url. A fast hash is
 * right here, unlike for the account's own password (scrypt, passwords.ts): a slow hash only
 * makes guessing a human-chosen password costly, while 140 random bits cannot be guessed at any
 * speed; and a deterministic hash lets a request find its password by one index look-up, so the
 * secret is never compared character by character (nothing to time).
 */
export function hashAppPassword(canonical: string): string {
  return createHash('sha256').update(canonical).digest('base64url');
}
