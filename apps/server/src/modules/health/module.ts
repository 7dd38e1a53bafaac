// Liveness and readiness in the app: /api/health and /api/ready, and the instance's state in
// detail for operators (server.ts serves it on the metrics listener).
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { healthRoutes } from './routes';
import { createInstanceStatus, type InstanceStatus } from './status';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown begins: /api/ready answers 503 'draining' from now on, while requests are still served. */
    startDraining(): void;
    /** This instance's state in detail, for operators (server.ts serves it on the metrics listener). */
    instanceStatus: InstanceStatus;
  }
}

export function healthModule({ app, config, database, readinessChecks }: Platform) {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const status = createInstanceStatus({
    database,
    checks: readinessChecks,
    draining: () => draining,
    instance: config.instanceId,
  });
  app.decorate('instanceStatus', status);
  return { apiRoutes: (api: FastifyInstance) => api.register(healthRoutes, { status }) };
}
