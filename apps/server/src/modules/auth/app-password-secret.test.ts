// App passwords' secrets: their shape and entropy, what a reading app may send back for them, and
// what the database keeps.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalAppPassword, hashAppPassword, newAppPasswordSecret } from './app-password-secret';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const SHAPE = /^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){6}$/;

describe('a new secret', () => {
  it('is seven groups of four lowercase letters and digits, none of i, l, o, u: 140 bits', () => {
    const secret = newAppPasswordSecret();
    expect(secret).toMatch(SHAPE);
    const characters = secret.replaceAll('-', '');
    expect(characters.length * Math.log2(ALPHABET.length)).toBeGreaterThanOrEqual(128);
  });

  it('draws every character of the alphabet, and never the same secret twice', () => {
    const secrets = Array.from({ length: 2_000 }, newAppPasswordSecret);
    expect(new Set(secrets).size).toBe(secrets.length);
    const seen = new Set(secrets.join('').replaceAll('-', ''));
    expect([...seen].sort().join('')).toBe(ALPHABET);
  });
});

describe('what a reading app sends', () => {
  const secret = 'k7mq-3xwd-9f2a-bc01-z8r4-tt5n-qp6h';
  const canonical = 'k7mq3xwd9f2abc01z8r4tt5nqp6h';

  it.each([
    ['as shown', secret],
    ['in capitals', secret.toUpperCase()],
    ['without dashes', canonical],
    ['with spaces', secret.replaceAll('-', ' ')],
    ['with o for 0 and l or I for 1', 'k7mq-3xwd-9f2a-bcOl-z8r4-tt5n-qp6h'.replace('l', 'I')],
  ])('%s is the same secret', (_, typed) => {
    expect(canonicalAppPassword(typed)).toBe(canonical);
  });

  it.each([
    ['too short', secret.slice(0, -1)],
    ['too long', `${secret}x`],
    ['a character outside the alphabet', secret.replace('k', 'u')],
    ["an account's password", 'correct horse battery staple'],
    ['nothing', ''],
  ])('%s is no app password', (_, typed) => {
    expect(canonicalAppPassword(typed)).toBeNull();
  });
});

describe('what the database keeps', () => {
  it("is the canonical secret's SHA-256, never the secret", () => {
    const canonical = canonicalAppPassword(newAppPasswordSecret())!;
    const hash = hashAppPassword(canonical);
    expect(hash).toBe(createHash('sha256').update(canonical).digest('base64url'));
    expect(hash).not.toContain(canonical);
  });
});
