// The error handler against a real database: a value the database refuses is the client's 400,
// any other database failure is a 500 that says nothing, and no log line ever carries the
// values bound to the failed query (a password hash, an e-mail address). And URLs Fastify's
// router refuses are answered in the same error shape.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { isRefusedValue, sqlStateOf } from './database-errors';

const MARKER = 'marker-7f3a9c-do-not-log';
const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { write: (line) => logLines.push(line) });
  // Test-only routes, added before the app first answers.
  t.app.get<{ Querystring: { value: string; cast: string } }>('/test/cast', async (request) => {
    const casts = { int: sql`int`, text: sql`text` } as const;
    const cast = casts[request.query.cast as keyof typeof casts];
    await t.database.db.execute(sql`select ${request.query.value}::${cast}`);
    return { ok: true };
  });
  t.app.get('/test/broken-query', async () => {
    await t.database.db.execute(sql`select * from no_such_table where secret = ${MARKER}`);
    return { ok: true };
  });
});

const GENERIC_500 = {
  code: ERROR_CODES.internalError,
  error: 'Something went wrong on our side. Please try again.',
};

describe('database failures', () => {
  it.each([
    ['a NUL byte (22021)', 'a\u0000b', 'text'],
    ['a malformed number (22P02)', 'abc', 'int'],
    ['a number out of range (22003)', '99999999999', 'int'],
  ])('answers %s with 400, not 500', async (_, value, cast) => {
    const res = await t.app.inject({ method: 'GET', url: '/test/cast', query: { value, cast } });
    // A NUL never reaches the database: the control-character guard refuses it first.
    expect(res.statusCode).toBe(400);
    expect([ERROR_CODES.invalidValue, ERROR_CODES.validationFailed]).toContain(res.json().code);
  });

  it('answers 400 for a refused value that slipped past the guard', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/cast?value=12x&cast=int' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ERROR_CODES.invalidValue,
      error: 'A value in the request is malformed, out of range or too long.',
    });
  });

  it('answers any other failure with a 500 that names nothing, and logs no bound value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/broken-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    const failure = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure.error).toMatchObject({
      code: '42P01',
      message: 'Failed query',
      query: expect.stringContaining('no_such_table'),
      stack: expect.stringContaining(' at '),
      cause: { code: '42P01', message: expect.stringContaining('no_such_table') },
    });
    for (const line of logLines) expect(line).not.toContain(MARKER);
  });

  it('never logs the password hash of a sign-up whose insert fails', async () => {
    await t.database.db.execute(sql`alter table users rename to users_gone`);
    try {
      const email = `${MARKER}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { username: MARKER, email, password: 'pw-123456', repeatpassword: 'pw-123456' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
    } finally {
      await t.database.db.execute(sql`alter table users_gone rename to users`);
    }
    expect(logLines.some((line) => line.includes('request failed'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain(MARKER);
      expect(line).not.toContain('scrypt$');
      expect(line).not.toContain('pw-123456');
    }
  });
});

describe('URLs the router refuses before any route', () => {
  it.each([
    ['/api/comics/%zz', 400, 'bad_url', 'The address is not a valid URL.'],
    ['/api/comics/%ED%A0%80', 400, 'bad_url', 'The address is not a valid URL.'],
    [`/api/comics/${'1'.repeat(300)}`, 414, 'max_param_length', 'A part of the address is too long.'],
  ])('answer %s in the error shape', async (url, status, code, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, error: message });
  });
});

describe('SQLSTATE', () => {
  const wrapped = (code: string) =>
    Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(), { code }) });

  it('is read from the error or its cause, and Node codes are not one', () => {
    expect(sqlStateOf(wrapped('22001'))).toBe('22001');
    expect(sqlStateOf(Object.assign(new Error(), { code: '54000' }))).toBe('54000');
    expect(sqlStateOf(Object.assign(new Error(), { code: 'EPIPE' }))).toBeUndefined();
    expect(sqlStateOf('22001')).toBeUndefined();
  });

  it.each([
    ['22001', true],
    ['22021', true],
    ['22P02', true],
    ['54000', true],
    ['23505', false],
    ['42P01', false],
    ['57014', false],
  ])('%s is a refused value: %s', (code, refused) => {
    expect(isRefusedValue(wrapped(code))).toBe(refused);
  });
});
