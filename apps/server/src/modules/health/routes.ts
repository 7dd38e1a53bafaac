// Liveness and readiness in one: 200 only while the database answers.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';

const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Health and database reachability',
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      const reachable = await database.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch((err: unknown) => {
          request.log.warn({ err }, 'database unreachable');
          return false;
        });
      return reply
        .code(reachable ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: reachable ? 'ok' : 'unavailable',
          database: { kind: database.kind, reachable },
          uptimeSeconds: Math.round(process.uptime()),
        });
    },
  );
};
