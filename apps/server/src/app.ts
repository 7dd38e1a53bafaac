// Builds the whole HTTP application without listening, so tests can inject() into it.
import fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { errorBody, installErrorHandler } from './lib/errors';
import { ResponseCache } from './lib/response-cache';
import { installSecurityHeaders } from './lib/security-headers';
import { createCatalogRepository } from './modules/catalog/repository';
import { catalogRoutes } from './modules/catalog/routes';
import { createCatalogService } from './modules/catalog/service';
import { healthRoutes } from './modules/health/routes';
import { mediaRoutes } from './modules/media/routes';
import { registerWebApp } from './modules/web/routes';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

/** Bodies larger than this are refused with 413 before they are read. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(process.stdout.isTTY && config.NODE_ENV !== 'production'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
              : {}),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Cover images are fetched by link previewers on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Comics Shop API', version: '1.0.0', description: 'Catalogue, accounts, cart and checkout.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const catalogCache = new ResponseCache(config.CATALOG_CACHE_TTL * 1000);
  const catalog = createCatalogService(createCatalogRepository(database.db));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, { service: catalog, cache: catalogCache });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { catalog });

  const sendIndex = config.webDist ? await registerWebApp(app, { webDist: config.webDist, catalog }) : null;

  app.setNotFoundHandler(
    // Unknown paths are cheap to probe: rate-limit them so scanning costs the scanner.
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|media)(\/|$)/.test(request.url) &&
        (request.headers.accept ?? '').includes('text/html');
      if (sendIndex && isPage) return sendIndex(request, reply);
      return reply
        .code(404)
        .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
    },
  );

  return app;
}
