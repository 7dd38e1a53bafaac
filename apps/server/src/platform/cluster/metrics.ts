// Prometheus metrics of one app, in a registry of its own (tests build several apps in one
// process). Requests are counted and timed by route template, never by raw URL, so a scanner's
// random paths cannot grow the number of series. Everything else (the database pool, the caches'
// counts, the e-mail outbox) is read when Prometheus scrapes: it costs the requests nothing.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type DatabaseHandle } from '../../db/client';
import type { CacheStats } from '../cache/bounded-cache';

export interface AppMetrics {
  readonly registry: Registry;
  /** Reports the cache's lookups, evictions, entries and bytes under `cache="<name>"` from the next scrape on. */
  registerCache(name: string, cache: CacheStats): void;
}

/** The route label of a request no route matched (a 404): one series, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; finer than prom-client's default at the low end, where cached answers sit. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Registers the app's metrics and the one request hook that counts and times every answer. */
export function installMetrics(app: FastifyInstance, database: DatabaseHandle): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // onResponse runs after the answer left; Fastify has already measured its elapsed time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const caches = new Map<string, CacheStats>();
  new Counter({
    name: 'cache_requests_total',
    help: 'Lookups in the in-process caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of caches) {
        this.inc({ cache: name, result: 'hit' }, cache.hits);
        this.inc({ cache: name, result: 'miss' }, cache.misses);
      }
    },
  });
  new Counter({
    name: 'cache_evictions_total',
    help: 'Entries the in-process caches dropped to make room (not expired or invalidated ones), by cache',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, cache] of caches) this.inc({ cache: name }, cache.evictions);
    },
  });
  new Gauge({
    name: 'cache_entries',
    help: 'Entries held by the in-process caches, by cache',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [name, cache] of caches) this.set({ cache: name }, cache.size);
    },
  });
  new Gauge({
    name: 'cache_bytes',
    help: 'Bytes held by the in-process caches bounded in bytes, by cache (0 for the others)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [name, cache] of caches) this.set({ cache: name }, cache.bytes);
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'database_pool_connections',
      help: 'PostgreSQL pool: open connections (total), idle ones, queries waiting for one (waiting), and the limit (max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
  }

  new Gauge({
    name: 'email_outbox_pending',
    help: 'Queued e-mails not sent yet (retries included); absent when the database could not be read',
    registers: [registry],
    async collect() {
      this.reset();
      const [row] = await queryRows<{ pending: number }>(
        database.db,
        sql`select count(*)::int as pending from email_outbox where status = 'pending'`,
      ).catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: could not count the e-mail outbox');
        return [];
      });
      if (row) this.set(row.pending);
    },
  });

  return {
    registry,
    registerCache(name, cache) {
      if (caches.has(name)) throw new Error(`A cache named '${name}' is already registered for metrics`);
      caches.set(name, cache);
    },
  };
}
