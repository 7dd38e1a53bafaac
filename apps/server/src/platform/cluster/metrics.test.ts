// Prometheus metrics: requests counted and timed by route template (a 404 under one fixed label,
// never its URL), the catalogue cache's hits and misses, the e-mail outbox's depth and, on
// PostgreSQL, the pool, read at scrape time; each app in a registry of its own; served only on
// the metrics listener, never on the shop's port, and not installed at all without METRICS_PORT.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { emailOutbox } from '../../db/schema/outbox';
import { startMetricsListener } from './metrics-listener';
import { UNMATCHED_ROUTE } from './metrics';

/** METRICS_PORT turns metrics on; buildApp never binds it (server.ts does), so any number will do. */
const WITH_METRICS = { METRICS_PORT: '9464' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(WITH_METRICS);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function scrape(app = t.app): Promise<string> {
  if (!app.metrics) throw new Error('metrics are off');
  return app.metrics.registry.metrics();
}

/** The value of one series in Prometheus text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('request metrics', () => {
  it('counts and times requests by route template, method and status', async () => {
    const before = await scrape();
    const id = (code: number) => `http_requests_total{method="GET",route="/api/comics/:id",status_code="${code}"}`;
    expect((await get('/api/comics/773')).statusCode).toBe(200);
    expect((await get('/api/comics/773')).statusCode).toBe(200);
    expect((await get('/api/comics/99999999')).statusCode).toBe(404);
    const after = await scrape();
    expect((sample(after, id(200)) ?? 0) - (sample(before, id(200)) ?? 0)).toBe(2);
    expect((sample(after, id(404)) ?? 0) - (sample(before, id(404)) ?? 0)).toBe(1);
    const timed = 'http_request_duration_seconds_count{method="GET",route="/api/comics/:id"}';
    expect((sample(after, timed) ?? 0) - (sample(before, timed) ?? 0)).toBe(3);
    expect(after).toMatch(/http_request_duration_seconds_bucket\{le="0.001",method="GET",route="\/api\/comics\/:id"\}/);
  });

  it('labels requests that match no route with one fixed value, never their URL', async () => {
    for (const probe of ['/wp-admin/setup-x1.php', '/api/nothing-y2', '/.env-z3']) {
      expect((await get(probe)).statusCode).toBe(404);
    }
    const text = await scrape();
    expect(
      sample(text, `http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status_code="404"}`),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/setup-x1|nothing-y2|env-z3/);
  });

  it('is never served on the shop port', async () => {
    const res = await get('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('metrics read at scrape time', () => {
  it("reports the catalogue cache's hits and misses", async () => {
    const hits = '{cache="catalogue",result="hit"}';
    const misses = '{cache="catalogue",result="miss"}';
    const before = await scrape();
    await get('/api/comics?page=3&limit=5'); // a key nothing else reads: a miss, then hits
    await get('/api/comics?page=3&limit=5');
    await get('/api/comics?page=3&limit=5');
    const after = await scrape();
    const delta = (series: string) =>
      (sample(after, `cache_requests_total${series}`) ?? 0) - (sample(before, `cache_requests_total${series}`) ?? 0);
    expect(delta(misses)).toBe(1);
    expect(delta(hits)).toBe(2);
  });

  it("reports each cache's entries, bytes and evictions, the sessions' memory among them", async () => {
    await get('/api/comics?page=4&limit=5');
    const text = await scrape();
    expect(sample(text, 'cache_entries{cache="catalogue"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cache_bytes{cache="catalogue"}')).toBeGreaterThan(100);
    expect(sample(text, 'cache_evictions_total{cache="catalogue"}')).toBe(0);
    expect(sample(text, 'cache_entries{cache="sessions"}')).toBeGreaterThanOrEqual(0);
  });

  it('reports how many e-mails wait in the outbox', async () => {
    const pending = async () =>
      (await t.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending')))[0]!.n;
    const before = await pending();
    expect(sample(await scrape(), 'email_outbox_pending')).toBe(before);
    // Due in an hour: the mail worker leaves them pending while the test looks.
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await t.database.db.insert(emailOutbox).values(
      [1, 2].map((n) => ({
        recipient: `later${n}@example.com`,
        subject: 'Later',
        textBody: 'x',
        nextAttemptAt: later,
      })),
    );
    expect(sample(await scrape(), 'email_outbox_pending')).toBe(before + 2);
  });

  it("reports the PostgreSQL pool's use (PGlite has no pool)", async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      // The test databases are opened with a pool of 5.
      expect(sample(text, 'database_pool_connections{state="max"}')).toBe(5);
      expect(sample(text, 'database_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'database_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('database_pool_connections');
    }
  });

  it("includes the process's own metrics", async () => {
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('apps in one process', () => {
  it('keep their metrics apart, and an app without METRICS_PORT has none', async () => {
    const other = await buildTestApp(WITH_METRICS);
    await other.app.inject({ method: 'GET', url: '/api/publishers' });
    const mine = await scrape(t.app);
    const theirs = await scrape(other.app);
    const publishers = 'http_requests_total{method="GET",route="/api/publishers",status_code="200"}';
    expect(sample(theirs, publishers)).toBe(1);
    expect(sample(mine, publishers)).toBeUndefined();

    const plain = await buildTestApp();
    expect(plain.app.metrics).toBeNull();
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('the metrics listener', () => {
  it('answers GET /metrics in Prometheus text, 404 to anything else, and closes', async () => {
    const registry = t.app.metrics!.registry;
    const listener = await startMetricsListener(registry, { host: '127.0.0.1', port: 0, onError: () => {} });
    const base = `http://127.0.0.1:${listener.port}`;
    try {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(registry.contentType);
      expect(await res.text()).toContain('# TYPE http_requests_total counter');
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/metrics/x'],
        ['GET', '/api/comics'],
        ['POST', '/metrics'],
      ] as const) {
        expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(404);
      }
    } finally {
      await listener.close();
    }
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });
});
