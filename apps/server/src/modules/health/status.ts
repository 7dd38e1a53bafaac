// What an instance knows about its own state: alive (which instance, its pid, how long it has
// run) and ready (the database answers, its schema has every migration this build ships, each
// shared service's check passes, and no shutdown is under way). The public probes answer only
// the verdict (routes.ts); these details are for operators: the metrics listener (METRICS_PORT,
// a private interface) and administrators (GET /api/admin/status).
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { queryRows, type DatabaseHandle } from '../../db/client';
import type { ReadinessCheck } from '../../platform/cluster/readiness';
import { migrationsFolder } from '../../paths';

/** How long each part of a readiness probe may take before it counts as failed. */
export const PROBE_TIMEOUT_MS = 2000;

export const liveDetails = z.object({
  status: z.literal('ok'),
  /** Which instance answered (INSTANCE_ID), to tell instances apart behind a load balancer. */
  instance: z.string(),
  pid: z.number().int(),
  uptimeSeconds: z.number(),
});
export type LiveDetails = z.infer<typeof liveDetails>;

export const readyVerdict = z.enum(['ready', 'unavailable', 'draining']);

export const readyDetails = liveDetails.extend({
  status: readyVerdict,
  checks: z
    .object({
      database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
      /** Migrations of this build found applied (null: the database could not say) and shipped. */
      migrations: z.object({ applied: z.number().int().nullable(), expected: z.number().int() }),
    })
    .catchall(z.boolean()),
});
export type ReadyDetails = z.infer<typeof readyDetails>;

export interface StatusOptions {
  database: DatabaseHandle;
  /** Shared services' checks; read on every probe, so checks added later count. */
  checks: readonly ReadinessCheck[];
  /** True once shutdown began: the instance answers 'draining' so the load balancer lets it go. */
  draining: () => boolean;
  /** This instance's name (INSTANCE_ID). */
  instance: string;
}

export interface InstanceStatus {
  live(): LiveDetails;
  /** Probes arriving while one runs share it: a flood of probes costs one probe at a time. */
  ready(log: FastifyBaseLogger): Promise<ReadyDetails>;
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

export function createInstanceStatus({ database, checks, draining, instance }: StatusOptions): InstanceStatus {
  // The build's migrations, read once: the database must have recorded the newest of them.
  const shipped = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);

  const live = (): LiveDetails => ({
    status: 'ok',
    instance,
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
  });

  async function probe(log: FastifyBaseLogger): Promise<{ passed: boolean; checks: ReadyDetails['checks'] }> {
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
    return {
      passed: reachable && applied === shipped.length && Object.values(named).every(Boolean),
      // The fixed names last: a check cannot hide them by taking their name. (The cast: zod's type
      // for "these keys, and booleans under any other" has an index signature TypeScript applies
      // to the fixed keys too; the schema checks the real shape when the answer is sent.)
      checks: {
        ...named,
        database: { kind: database.kind, reachable },
        migrations: { applied, expected: shipped.length },
      } as ReadyDetails['checks'],
    };
  }

  let running: ReturnType<typeof probe> | null = null;
  return {
    live,
    async ready(log) {
      running ??= probe(log).finally(() => {
        running = null;
      });
      const { passed, checks: found } = await running;
      const status = draining() ? 'draining' : passed ? 'ready' : 'unavailable';
      return { ...live(), status, checks: found };
    },
  };
}
