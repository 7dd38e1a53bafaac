// The OpenAPI document every route's zod schemas describe, and the browsable UI at /api/docs.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerApiDocs(app: FastifyInstance, { browsable }: { browsable: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Comics Shop API', version: '1.0.0', description: 'Catalogue, accounts, cart and checkout.' },
    },
    transform: jsonSchemaTransform,
  });
  // A map of every route is a gift to a prober: in production only when asked for (API_DOCS).
  if (browsable) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
