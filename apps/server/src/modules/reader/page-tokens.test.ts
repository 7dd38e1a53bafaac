import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPageTokens } from './page-tokens';

const tokens = createPageTokens(randomBytes(32));
const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;
/** Sessions as tokens name them: their token's SHA-256 in base64url. */
const sessionHash = () => randomBytes(32).toString('base64url');
const session = sessionHash();

describe('page tokens', () => {
  it('name the session they were made for, for the issue they were made for, until they expire', () => {
    const made = at('2026-05-01T10:20:00Z');
    const { token, expiresAt } = tokens.issue(session, 1068, made);
    expect(token).toBe(`${session}.${expiresAt.getTime() / 1000}.${token.split('.')[2]}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token, 1068, made)).toEqual({ session, expiresAt });
    expect(tokens.verify(token, 1068, new Date(expiresAt.getTime() - 1000))).toEqual({ session, expiresAt });
    // Another session of the same account gets its own token.
    expect(tokens.issue(sessionHash(), 1068, made).token).not.toBe(token);
  });

  it('expire at the end of the hour they were made in, plus six hours, so addresses stay put within the hour', () => {
    const first = tokens.issue(session, 1068, at('2026-05-01T10:00:00Z'));
    const later = tokens.issue(session, 1068, at('2026-05-01T10:59:59Z'));
    expect(first.expiresAt).toEqual(at('2026-05-01T17:00:00Z'));
    expect(later.token).toBe(first.token);
    expect(tokens.issue(session, 1068, at('2026-05-01T11:00:00Z')).expiresAt).toEqual(at('2026-05-01T18:00:00Z'));
  });

  it('refuse an expired token', () => {
    const { token, expiresAt } = tokens.issue(session, 1068, at('2026-05-01T10:20:00Z'));
    expect(tokens.verify(token, 1068, expiresAt)).toBeNull();
    expect(tokens.verify(token, 1068, new Date(expiresAt.getTime() + HOUR))).toBeNull();
  });

  it('refuse a token for another issue, or one claiming another session or a later expiry', () => {
    const now = at('2026-05-01T10:20:00Z');
    const { token } = tokens.issue(session, 1068, now);
    const [named, expiry, mac] = token.split('.');
    expect(tokens.verify(token, 1069, now)).toBeNull();
    expect(tokens.verify(`${sessionHash()}.${expiry}.${mac}`, 1068, now)).toBeNull();
    expect(tokens.verify(`${named}.${Number(expiry) + 3600}.${mac}`, 1068, now)).toBeNull();
  });

  it('refuse a tampered signature, even one changed in its last character only', () => {
    const now = at('2026-05-01T10:20:00Z');
    const { token } = tokens.issue(session, 1068, now);
    for (let i = token.length - 43; i < token.length; i += 6) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      expect(tokens.verify(token.slice(0, i) + swapped + token.slice(i + 1), 1068, now)).toBeNull();
    }
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(tokens.verify(token.slice(0, -1) + last, 1068, now)).toBeNull();
  });

  it('refuse a token signed with another key, and anything not shaped like a token', () => {
    const now = at('2026-05-01T10:20:00Z');
    const foreign = createPageTokens(randomBytes(32)).issue(session, 1068, now).token;
    expect(tokens.verify(foreign, 1068, now)).toBeNull();
    for (const junk of [
      undefined,
      '',
      '7',
      '7.1.x',
      `${session}.0.${'A'.repeat(43)}`,
      `${session}.9${'9'.repeat(20)}.${'A'.repeat(43)}`,
      `${session.slice(1)}.${Date.now()}.${'A'.repeat(43)}`,
      `${session}.${Date.now()}.${'A'.repeat(43)}.x`,
      // Today's shape before sessions were named: a user id.
      `7.${Math.floor(now.getTime() / 1000) + 3600}.${'A'.repeat(43)}`,
    ]) {
      expect(tokens.verify(junk, 1068, now)).toBeNull();
    }
  });
});
