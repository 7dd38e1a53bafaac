// Liveness and readiness: /api/health answers whatever the database does; /api/ready answers 200
// only when the database answers, every migration of this build is applied, each shared
// service's check passes, and no shutdown is under way; each part has its own time limit.
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helpers';
import { queryRows, type DatabaseHandle } from '../../db/client';
import type { ReadinessCheck } from '../../lib/readiness';
import { migrationsFolder } from '../../paths';
import { healthRoutes, PROBE_TIMEOUT_MS } from './routes';

const shipped = readMigrationFiles({ migrationsFolder });

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ INSTANCE_ID: 'shop-a' });
  });

  it('is alive: 200 with its instance and uptime, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', instance: 'shop-a', uptimeSeconds: expect.any(Number) });
  });

  it('is ready: the database answers and has every migration of this build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { status, checks } = res.json<{ status: string; checks: Record<string, unknown> }>();
    expect(status).toBe('ready');
    const { database, migrations, ...services } = checks;
    expect(database).toEqual({ kind: t.database.kind, reachable: true });
    expect(migrations).toEqual({ applied: shipped.length, expected: shipped.length });
    // Whatever shared services this configuration checks (media storage at least) pass.
    expect(
      Object.values(services).every((passed) => passed === true),
      JSON.stringify(services),
    ).toBe(true);
  });

  it('is not ready while the newest migration is missing from the database', async () => {
    const newest = shipped.at(-1)!.folderMillis;
    const [row] = await queryRows<{ hash: string }>(
      t.database.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash`,
    );
    expect(row).toBeDefined();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
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

  it('drains: ready answers 503 draining while health and the shop still answer', async () => {
    t.app.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining', checks: { database: { reachable: true } } });
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
    await app.register(healthRoutes, { ...options, draining: () => false, instance: 'probe', prefix: '/api' });
    apps.push(app);
    return app;
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
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
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
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
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
      const [first, second] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/ready' }),
        app.inject({ method: 'GET', url: '/api/ready' }),
      ]);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(PROBE_TIMEOUT_MS + 2000);
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
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
