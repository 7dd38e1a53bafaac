// The access log: exactly one line per request, with method, path, status, time, request id
// and client address, and never the query string of the sign-in flow.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

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
    expect(written[0]).toMatchObject({
      msg: 'request',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/comics/773', remoteAddress: '192.0.2.9' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
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
});
