// Clients on other sites (CORS_ORIGINS) may call the API, credentials included: exactly those
// origins, each answered with its own name; any other origin gets no Access-Control-* header at
// all, so its browser withholds the answer. Without CORS_ORIGINS nothing is registered and
// nothing changes. The same origins pass the CSRF check of cookie-borne writes (auth/access.ts).
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(fastifyCors, {
    // A function rather than the list: given a list, the plugin still sends Allow-Credentials
    // and the exposed headers to unlisted origins, and answers their preflights. `false` here
    // skips every header, and a preflight from them finds no route (404). Vary: Origin is set
    // on every answer, since each one's headers depend on it.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Idempotency-Key: the checkout's retries name their attempt with it.
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key'],
    exposedHeaders: ['x-total-count', 'retry-after', 'etag'],
    maxAge: 600,
  });
}
