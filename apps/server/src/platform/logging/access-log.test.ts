// The access log: exactly one line per request, with method, path, status, time, request id,
// client address and the signed-in user's id, nothing else, and never a query parameter's value.
// No log line at all shows a secret: not in a message, an error, a field or a body
// (log-redaction.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, loginToken, type TestApp } from '../../../test/helpers';
import { redactUrl } from './redaction';
import { loggableError } from './loggable-error';

const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { write: (line) => lines.push(JSON.parse(line)) });
});

describe('access log', () => {
  it('writes one line per request, after the answer', async () => {
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/comics/773', remoteAddress: '192.0.2.9' });
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      instance: expect.any(String),
      reqId: expect.any(String),
      method: 'GET',
      url: '/api/comics/773',
      status: 200,
      ms: expect.any(Number),
      ip: '192.0.2.9',
    });
  });

  it("names the signed-in user on routes that resolve one, and nothing of the session's", async () => {
    const account = await createAccount(t.database);
    const token = await loginToken(t.app, account.email, account.password);
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    const written = lines.slice(before);
    expect(written).toEqual([expect.objectContaining({ url: '/api/user/me', status: 200, userId: account.id })]);
    expect(JSON.stringify(written)).not.toContain(token);
  });

  it('cuts the query string of the sign-in flow', async () => {
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=one-time-secret&state=s' });
    const written = JSON.stringify(lines.slice(before));
    expect(written).toContain('/api/auth/google/callback');
    expect(written).not.toContain('one-time-secret');
  });

  it('writes nothing per request above info level', async () => {
    const quiet: string[] = [];
    const warnOnly = await buildTestApp({ LOG_LEVEL: 'warn' }, { write: (line) => quiet.push(line) });
    await warnOnly.app.inject({ method: 'GET', url: '/api/comics/773' });
    expect(quiet).toEqual([]);
  });

  it('never writes a query value: a page signature or any other', async () => {
    const before = lines.length;
    const { pagesBase } = (await t.app.inject({ method: 'GET', url: '/api/issues/1068/pages' })).json<{
      pagesBase: string;
    }>();
    await t.app.inject({ method: 'GET', url: `${pagesBase}/5-640.webp?t=secret-token-value` });
    await t.app.inject({ method: 'GET', url: '/api/comics/search?name=private-search-words&page=2' });
    await t.app.inject({ method: 'GET', url: '/no/such/page?reset=reset-token-value&next=/x' });
    const written = lines.slice(before);
    const text = JSON.stringify(written);
    for (const secret of ['secret-token-value', 'private-search-words', 'reset-token-value', 'page=2', 'next=/x']) {
      expect(text).not.toContain(secret);
    }
    expect(written.map((line) => line.url)).toEqual([
      '/api/issues/1068/pages',
      `${pagesBase}/5-640.webp?t=[redacted]`,
      '/api/comics/search?name=[redacted]&page=[redacted]',
      '/no/such/page?reset=[redacted]&next=[redacted]',
    ]);
  });
});

describe('every log line', () => {
  /** What the app's logger writes for `log`, as one string. */
  function logged(log: (logger: TestApp['app']['log']) => void): string {
    const before = lines.length;
    log(t.app.log);
    return JSON.stringify(lines.slice(before));
  }

  it('keeps addresses in messages, errors and fields without their query values or fragments', () => {
    const text = logged((log) => {
      log.warn('Route GET:/media/pages/1/v/3-640.webp?t=in-a-message not found');
      log.error(new Error('failed on /media/pages/1/v/3-640.webp?t=in-an-error'));
      log.error({ err: new Error('at /reset-password#token=in-a-fragment') }, 'request failed');
      log.error({ error: loggableError(new Error('GET /api/x?code=in-loggable-error')) }, 'request failed');
      log.warn({ detail: 'callback /api/auth/google/callback?code=in-a-field&state=s' }, 'Google sign-in failed');
      log.warn({ err: 'timed out on /v1/charges?key=in-an-err-string' }, 'payment gateway unavailable');
    });
    for (const secret of [
      'in-a-message',
      'in-an-error',
      'in-a-fragment',
      'in-loggable-error',
      'in-a-field',
      'in-an-err-string',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/media/pages/1/v/3-640.webp?t=[redacted]');
    expect(text).toContain('/reset-password#[redacted]');
    expect(text).toContain('?code=[redacted]&state=[redacted]');
    expect(text).toContain('"err":"timed out on /v1/charges?key=[redacted]"');
  });

  it('never writes a password, a session or reset token, a Google ID token, a cookie or an authorization header', () => {
    const text = logged((log) => {
      log.info({ password: 'pw-top', token: 'session-token-top', google: 'id-token-top' }, 'top level');
      // A reset request's body ({ token, password, repeatpassword }), as a careless line might log it.
      log.info({ body: { token: 'reset-token-body', password: 'pw-body', repeatpassword: 'pw-repeat' } }, 'body');
      log.info({ answer: { token: 'session-token-answer' } }, 'a login answer');
      log.info({ headers: { cookie: '__Host-session=cookie-value', authorization: 'Bearer bearer-value' } }, 'headers');
      log.info({ req: { method: 'GET', url: '/x', headers: { cookie: 'req-cookie-value' } } }, 'a request');
    });
    for (const secret of [
      'pw-top',
      'session-token-top',
      'id-token-top',
      'reset-token-body',
      'pw-body',
      'pw-repeat',
      'session-token-answer',
      'cookie-value',
      'bearer-value',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[Redacted]');
  });
});

describe('redactUrl', () => {
  it('keeps the path and plain parameter names, and nothing of values, odd names or fragments', () => {
    expect(redactUrl('/api/comics/773')).toBe('/api/comics/773');
    expect(redactUrl('/media/pages/1/v/2.webp?t=abc.def')).toBe('/media/pages/1/v/2.webp?t=[redacted]');
    expect(redactUrl('/x?a=1&&b&c=')).toBe('/x?a=[redacted]&&b=[redacted]&c=[redacted]');
    expect(redactUrl('/x?eyJhbGciOiJIUzI1NiJ9.secret-looking-name-of-forty-chars=1')).toBe('/x?[redacted]');
    expect(redactUrl('/reset-password#token-in-fragment')).toBe('/reset-password#[redacted]');
    expect(redactUrl('/x?q=1#frag')).toBe('/x?q=[redacted]#[redacted]');
    expect(redactUrl('/x?')).toBe('/x?');
    expect(redactUrl('/x?a=b=c&')).toBe('/x?a=[redacted]&');
    expect(redactUrl('/x?=nameless&b=2')).toBe('/x?[redacted]&b=[redacted]');
  });
});
