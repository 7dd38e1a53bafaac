// The token of a new-issue e-mail's unsubscribe link: `{userId}.{volumeId}.{mac}`, an HMAC-SHA256
// over one follower and one series with a key the server keeps (server_secrets), so it turns off
// that follower's e-mails about that series and nothing else, without signing in. It does not
// expire: an unsubscribe link in an old e-mail must still work. It opens nothing and reads
// nothing private, so a leaked link can only stop e-mails its owner can turn on again.
//
// The e-mails of a new issue are queued in one INSERT … SELECT over the series' followers, so
// the database signs their tokens itself: HMAC-SHA256 written with PostgreSQL's sha256() (core
// since PostgreSQL 11, in PGlite too), keyed by the same key, verified here with node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/** The key's name in server_secrets. */
export const UNSUBSCRIBE_KEY_NAME = 'unsubscribe-link-key';
/** Signed with the rest: a MAC made for another purpose never verifies as this one. */
const PURPOSE = 'unsubscribe-v1';
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;
const MAX_ID = 2_147_483_647;
/** SHA-256's block: keys up to this long are used as they are (zero-padded), RFC 2104. */
const BLOCK_BYTES = 64;

export interface UnsubscribeClaim {
  userId: number;
  volumeId: number;
}

export interface UnsubscribeTokens {
  token(userId: number, volumeId: number): string;
  /** Who and which series, when the signature holds; null for anything malformed or tampered. */
  verify(token: string): UnsubscribeClaim | null;
  /** The same token as SQL over two integer columns, for tokens made inside a statement. */
  sqlToken(userId: SQL, volumeId: SQL): SQL;
}

export function createUnsubscribeTokens(key: Buffer): UnsubscribeTokens {
  if (key.length > BLOCK_BYTES) throw new Error('unsubscribe tokens: the key must be at most 64 bytes');
  const mac = (userId: number, volumeId: number) =>
    createHmac('sha256', key).update(`${PURPOSE}.${userId}.${volumeId}`).digest('base64url');
  // HMAC(K, m) = H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), the padded key's two halves made here once.
  const padded = Buffer.alloc(BLOCK_BYTES);
  key.copy(padded);
  const inner = Buffer.from(padded.map((byte) => byte ^ 0x36)).toString('hex');
  const outer = Buffer.from(padded.map((byte) => byte ^ 0x5c)).toString('hex');

  return {
    token: (userId, volumeId) => `${userId}.${volumeId}.${mac(userId, volumeId)}`,

    verify(token) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      const volumeId = Number(match[2]);
      if (userId > MAX_ID || volumeId > MAX_ID) return null;
      // Compared as text: two spellings of one MAC (base64url's spare low bits) are not both valid.
      if (!timingSafeEqual(Buffer.from(match[3]!), Buffer.from(mac(userId, volumeId)))) return null;
      return { userId, volumeId };
    },

    sqlToken(userId, volumeId) {
      const message = sql`${PURPOSE}::text || '.' || (${userId})::text || '.' || (${volumeId})::text`;
      const digest = sql`sha256(decode(${outer}::text, 'hex') || sha256(decode(${inner}::text, 'hex') || convert_to(${message}, 'UTF8')))`;
      // base64url without padding, as node's digest('base64url') writes it.
      return sql`(${userId})::text || '.' || (${volumeId})::text || '.' || rtrim(translate(encode(${digest}, 'base64'), '+/', '-_'), '=')`;
    },
  };
}
