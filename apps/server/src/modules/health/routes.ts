// Liveness and readiness, kept apart. /api/health says the process is alive and touches nothing
// shared: a database blip must not make an orchestrator restart every instance at once.
// /api/ready says this instance should take traffic (status.ts says what that takes). Load
// balancers probe /api/ready. Both tell the public their verdict only: which instance, its pid,
// uptime, database kind and migrations are a map for a prober, so they go to administrators
// (GET /api/admin/status) and to the metrics listener on its private port.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@comics/shared/schemas/errors';
import { readyDetails, readyVerdict, type InstanceStatus } from './status';

export interface HealthRoutesOptions {
  status: InstanceStatus;
}

const healthAnswer = z.object({ status: z.literal('ok') });
const readyAnswer = z.object({ status: readyVerdict });

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { status }) => {
  const tags = ['platform'];

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
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Readiness: the database, its migrations and shared services answer, and no shutdown is under way',
        description: '200 `ready`, or 503 `unavailable` or `draining`. The details are at GET /api/admin/status.',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (request, reply) => {
      const { status: verdict } = await status.ready(request.log);
      return reply
        .code(verdict === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: verdict });
    },
  );

  app.get(
    '/admin/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The answering instance's state: name, pid, uptime, database, migrations and each check",
        description:
          'Always 200 for an administrator; `status` is what /api/ready answers. Behind a load balancer ' +
          'the instance that took the request answers (`instance` names it).',
        response: { 200: readyDetails, 401: apiError, 403: apiError },
      },
    },
    async (request) => status.ready(request.log),
  );
};
