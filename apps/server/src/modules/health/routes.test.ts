// Liveness and readiness: /api/health answers whatever the database does; /api/ready answers 200
// only when the database answers, every migration of this build is applied, each shared
// service's check passes, and no shutdown is under way; each part has its own time limit. The
// public (guests and signed-in users alike) learn only the verdict; the instance, its pid,
// uptime, database kind, migrations and each check go to administrators (GET /api/admin/status)
// and to the metrics listener.
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, signedInUser, type TestApp } from '../../../test/helpers';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { startMetricsListener, type MetricsListener } from '../../platform/cluster/metrics-listener';
import type { ReadinessCheck } from '../../platform/cluster/readiness';
import { migrationsFolder } from '../../paths';
import { healthRoutes } from './routes';
import { createInstanceStatus, PROBE_TIMEOUT_MS } from './status';

const shipped = readMigrationFiles({ migrationsFolder });

describe('the app', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp({ INSTANCE_ID: 'shop-a' });
    user = await signedInUser(t);
    admin = await signedInUser(t, 'ADMIN');
  });

  /** The same request as a guest and as a signed-in USER: the public's two faces. */
  const asPublic = (url: string) =>
    Promise.all([t.app.inject({ method: 'GET', url }), t.app.inject({ method: 'GET', url, headers: user.headers })]);
  const adminStatus = () => t.app.inject({ method: 'GET', url: '/api/admin/status', headers: admin.headers });

  it('is alive: 200 and only its status to guests and users, never cached', async () => {
    for (const res of await asPublic('/api/health')) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('is ready: only its status to guests and users', async () => {
    for (const res of await asPublic('/api/ready')) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ status: 'ready' });
    }
  });

  it('tells an administrator, and nobody else, its instance, pid, uptime, database, migrations and checks', async () => {
    const res = await adminStatus();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { checks, ...rest } = res.json<{ checks: Record<string, unknown> }>();
    expect(rest).toEqual({ status: 'ready', instance: 'shop-a', pid: process.pid, uptimeSeconds: expect.any(Number) });
    const { database, migrations, ...services } = checks;
    expect(database).toEqual({ kind: t.database.kind, reachable: true });
    expect(migrations).toEqual({ applied: shipped.length, expected: shipped.length });
    // Whatever shared services this configuration checks (media storage at least) pass.
    expect(Object.keys(services)).toContain('storage');
    expect(
      Object.values(services).every((passed) => passed === true),
      JSON.stringify(services),
    ).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/status' })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: user.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('shop-a');
  });

  it('is not ready while the newest migration is missing from the database, and tells only the admin why', async () => {
    const newest = shipped.at(-1)!.folderMillis;
    const [row] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash`,
    );
    expect(row).toBeDefined();
    try {
      for (const res of await asPublic('/api/ready')) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'unavailable' });
      }
      expect((await adminStatus()).json()).toMatchObject({
        status: 'unavailable',
        checks: { migrations: { applied: shipped.length - 1, expected: shipped.length } },
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${newest})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  describe('on the metrics listener', () => {
    let listener: MetricsListener;
    beforeAll(async () => {
      listener = await startMetricsListener(new Registry(), {
        host: '127.0.0.1',
        port: 0,
        onError: (error) => {
          throw error;
        },
        status: { live: () => t.app.instanceStatus.live(), ready: () => t.app.instanceStatus.ready(t.app.log) },
      });
    });
    afterAll(() => listener.close());
    const fromListener = (path: string) => fetch(`http://127.0.0.1:${listener.port}${path}`);

    it('answers /health and /ready with the details, /metrics as before, and 404 to the rest', async () => {
      const health = await fromListener('/health');
      expect(health.status).toBe(200);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.json()).toEqual({
        status: 'ok',
        instance: 'shop-a',
        pid: process.pid,
        uptimeSeconds: expect.any(Number),
      });
      const ready = await fromListener('/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        instance: 'shop-a',
        pid: process.pid,
        checks: {
          database: { kind: t.database.kind, reachable: true },
          migrations: { applied: shipped.length, expected: shipped.length },
          storage: true,
        },
      });
      expect((await fromListener('/metrics')).status).toBe(200);
      expect((await fromListener('/api/ready')).status).toBe(404);
      const posted = await fetch(`http://127.0.0.1:${listener.port}/ready`, { method: 'POST' });
      expect(posted.status).toBe(404);
    });
  });

  it('drains: ready answers 503 draining while health and the shop still answer', async () => {
    t.app.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await adminStatus()).json()).toMatchObject({
      status: 'draining',
      checks: { database: { reachable: true } },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/comics?page=1&limit=2' })).statusCode).toBe(200);
  });
});

describe('the readiness probe', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const pool of pools) await pool.end();
  });

  async function probeApp(options: { database: DatabaseHandle; checks: ReadinessCheck[] }) {
    const app = fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const status = createInstanceStatus({ ...options, draining: () => false, instance: 'probe' });
    await app.register(healthRoutes, { status, prefix: '/api' });
    apps.push(app);
    return app;
  }

  /** /api/ready's status code and verdict, and the details (this bare app checks no access). */
  async function readiness(app: FastifyInstance) {
    const [ready, details] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/ready' }),
      app.inject({ method: 'GET', url: '/api/admin/status' }),
    ]);
    expect(ready.json()).toEqual({ status: details.json().status });
    const { instance, pid, uptimeSeconds, ...rest } = details.json();
    expect({ instance, pid, uptimeSeconds }).toEqual({
      instance: 'probe',
      pid: process.pid,
      uptimeSeconds: expect.any(Number),
    });
    return { statusCode: ready.statusCode, details: rest };
  }

  /** A real PostgreSQL driver pointed at an address: nothing there, or a server that never answers. */
  function postgresAt(port: number): DatabaseHandle {
    const pool = new pg.Pool({ connectionString: `postgres://probe@127.0.0.1:${port}/probe`, max: 1 });
    pool.on('error', () => {});
    pools.push(pool);
    return { db: drizzle(pool), kind: 'postgres', close: () => pool.end() };
  }

  it("names each shared service's check, and is not ready when one fails or throws", async () => {
    const app = await probeApp({
      database,
      checks: [
        { name: 'redis', check: async () => true },
        { name: 'storage', check: async () => false },
        {
          name: 'broken',
          check: async () => {
            throw new Error('not as promised');
          },
        },
      ],
    });
    const res = await readiness(app);
    expect(res.statusCode).toBe(503);
    expect(res.details).toEqual({
      status: 'unavailable',
      checks: {
        redis: true,
        storage: false,
        broken: false,
        database: { kind: database.kind, reachable: true },
        migrations: { applied: shipped.length, expected: shipped.length },
      },
    });
    const allPass = await probeApp({ database, checks: [{ name: 'redis', check: async () => true }] });
    expect((await allPass.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database is unreachable, yet the process is alive', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve)); // the port now refuses connections
    const app = await probeApp({ database: postgresAt(port), checks: [] });
    const res = await readiness(app);
    expect(res.statusCode).toBe(503);
    expect(res.details).toEqual({
      status: 'unavailable',
      checks: {
        database: { kind: 'postgres', reachable: false },
        migrations: { applied: null, expected: shipped.length },
      },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  describe('with a database and a check that never answer', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('gives up on each after the probe timeout, and probes arriving meanwhile share the one probe', async () => {
      let calls = 0;
      const hanging: ReadinessCheck = {
        name: 'redis',
        check: () => {
          calls++;
          return new Promise<boolean>(() => {});
        },
      };
      const app = await probeApp({
        database: postgresAt((silent.address() as { port: number }).port),
        checks: [hanging],
      });
      const started = performance.now();
      // Both ask at once (readiness asks the public route and the details together).
      const [first, second] = await Promise.all([readiness(app), readiness(app)]);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(PROBE_TIMEOUT_MS + 2000);
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(503);
        expect(res.details).toEqual({
          status: 'unavailable',
          checks: {
            redis: false,
            database: { kind: 'postgres', reachable: false },
            migrations: { applied: null, expected: shipped.length },
          },
        });
      }
      expect(calls).toBe(1);
    });
  });
});
