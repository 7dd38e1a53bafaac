// Liveness and readiness, kept apart. /api/health says the process is alive and touches nothing
// shared: a database blip must not make an orchestrator restart every instance at once.
// /api/ready says this instance should take traffic: the database answers, its schema has every
// migration this build ships, each shared service's check passes, and the process is not
// draining for shutdown. Load balancers probe /api/ready.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type DatabaseHandle } from '../../db/client';
import type { ReadinessCheck } from '../../lib/readiness';
import { migrationsFolder } from '../../paths';

/** How long each part of a readiness probe may take before it counts as failed. */
export const PROBE_TIMEOUT_MS = 2000;

const healthAnswer = z.object({
  status: z.literal('ok'),
  /** Which instance answered (INSTANCE_ID), to tell instances apart behind a load balancer. */
  instance: z.string(),
  uptimeSeconds: z.number(),
});

const readyAnswer = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  checks: z
    .object({
      database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
      /** Migrations of this build found applied (null: the database could not say) and shipped. */
      migrations: z.object({ applied: z.number().int().nullable(), expected: z.number().int() }),
    })
    .catchall(z.boolean()),
});
type ReadyAnswer = z.infer<typeof readyAnswer>;

export interface HealthRoutesOptions {
  database: DatabaseHandle;
  /** Shared services' checks; read on every probe, so checks added after registration count. */
  checks: readonly ReadinessCheck[];
  /** True once shutdown began: the instance answers 'draining' so the load balancer lets it go. */
  draining: () => boolean;
  /** This instance's name (INSTANCE_ID). */
  instance: string;
}

/** What `work` resolves to, or `fallback` when it fails or outlasts PROBE_TIMEOUT_MS. */
async function withinTimeout<T>(work: () => Promise<T>, fallback: T, onFailure: (error: unknown) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      onFailure(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`));
      resolve(fallback);
    }, PROBE_TIMEOUT_MS);
  });
  const done = Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      onFailure(error);
      return fallback;
    });
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, checks, draining, instance },
) => {
  const tags = ['platform'];
  // The build's migrations, read once: the database must have recorded the newest of them.
  const shipped = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);

  async function probe(log: FastifyBaseLogger): Promise<ReadyAnswer> {
    const failed = (part: string) => (err: unknown) => log.warn({ err, part }, 'readiness check failed');
    const [reachable, lastApplied, results] = await Promise.all([
      withinTimeout(() => database.db.execute(sql`select 1`).then(() => true), false, failed('database')),
      withinTimeout(
        async () => {
          const [row] = await queryRows<{ last: string | number | null }>(
            database.db,
            sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
          );
          return Number(row?.last ?? 0);
        },
        null,
        failed('migrations'),
      ),
      Promise.all(checks.map((c) => withinTimeout(() => c.check(), false, failed(c.name)))),
    ]);
    const applied = lastApplied === null ? null : shipped.filter((millis) => millis <= lastApplied).length;
    const named = Object.fromEntries(checks.map((c, i) => [c.name, results[i] === true]));
    const ready = reachable && applied === shipped.length && Object.values(named).every(Boolean);
    return {
      status: ready ? 'ready' : 'unavailable',
      // The fixed names last: a check cannot hide them by taking their name. (The cast: zod's type
      // for "these keys, and booleans under any other" has an index signature TypeScript applies
      // to the fixed keys too; the schema checks the real shape when the answer is sent.)
      checks: {
        ...named,
        database: { kind: database.kind, reachable },
        migrations: { applied, expected: shipped.length },
      } as ReadyAnswer['checks'],
    };
  }

  // Probes that arrive while one runs share it: a flood of probes costs one probe at a time.
  let running: Promise<ReadyAnswer> | null = null;
  function sharedProbe(log: FastifyBaseLogger): Promise<ReadyAnswer> {
    running ??= probe(log).finally(() => {
      running = null;
    });
    return running;
  }

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process answers (nothing shared is checked)',
        response: { 200: healthAnswer },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', instance, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Readiness: the database, its migrations and shared services answer, and no shutdown is under way',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (request, reply) => {
      const answer = await sharedProbe(request.log);
      const status = draining() ? 'draining' : answer.status;
      return reply
        .code(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ...answer, status });
    },
  );
};
