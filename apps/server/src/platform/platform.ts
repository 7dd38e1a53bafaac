// The platform every module stands on, installed on a new Fastify app in the order requests meet
// it: logging, validation and errors, guards, metrics, security headers, CORS, cookies,
// compression, rate limits, the API's documentation; and the shared services modules are given
// (shared state, media storage and addresses, server secrets).
import fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { holdInstanceLock, type InstanceLiveness } from '../db/instance-lock';
import { createServerSecrets, type ServerSecrets } from '../db/server-secrets';
import { registerApiDocs } from './http/api-docs';
import { installControlCharacterGuard } from './http/control-characters';
import { registerCors } from './http/cors';
import { installErrorHandler, sendFrameworkError } from './http/errors';
import { createMediaAddresses, type MediaAddresses } from './http/media-addresses';
import { installShopSecurityHeaders } from './http/security-headers';
import { installAccessLog } from './logging/access-log';
import { createLoggers } from './logging/loggers';
import { collectWhenIdle } from './memory/idle-collection';
import { installMetrics, type AppMetrics } from './cluster/metrics';
import { forwardUserCache } from './cluster/cache-forwarding';
import type { ReadinessCheck } from './cluster/readiness';
import { openSharedState, type SharedState } from './cluster/shared-state';
import { createConfiguredStorage } from './storage/configured-storage';
import type { MediaStorage } from './storage/media-storage';
import { UserReadCache } from './cache/user-read-cache';

/** What every module is given. */
export interface Platform {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** The bus, rate-limit and attempt counters: in Redis when instances share one (REDIS_URL). */
  shared: SharedState;
  /** Uploaded images and pages: the S3-compatible bucket when one is set, else DATA_DIR/media. */
  storage: MediaStorage;
  /** Stored /media paths become addresses on MEDIA_BASE_URL (when set) in every answer. */
  mediaAddresses: MediaAddresses;
  /** Keys the server signs with (page addresses, known-device cookies), shared by every instance. */
  secrets: ServerSecrets;
  /**
   * This instance's key, and whether another instance still runs: work an instance took (an order
   * to charge, e-mail to send) is taken over at once when it is gone.
   */
  liveness: InstanceLiveness;
  /** Prometheus metrics, when METRICS_PORT asks for them. */
  metrics: AppMetrics | null;
  /** What /api/ready checks besides the database; a module adds its own. */
  readinessChecks: ReadinessCheck[];
  /** A per-user cache whose invalidations reach every instance, in the metrics as `name`. */
  sharedUserCache(name: string): UserReadCache;
}

/** What a module adds to the app besides the services it hands the others. */
export interface ShopModule {
  /** Routes under /api, behind the access control. */
  apiRoutes?(api: FastifyInstance): PromiseLike<unknown>;
  /** Routes outside /api (media, page images, the web app's pages). */
  rootRoutes?(app: FastifyInstance): PromiseLike<unknown>;
}

/** Registers every module's routes: /api's behind `guard` (who is calling, and may they), the rest after. */
export async function registerModules(
  app: FastifyInstance,
  guard: (api: FastifyInstance) => void,
  modules: ShopModule[],
): Promise<void> {
  await app.register(
    async (api) => {
      guard(api);
      for (const module of modules) await module.apiRoutes?.(api);
    },
    { prefix: '/api' },
  );
  for (const module of modules) await module.rootRoutes?.(app);
}

export interface PlatformDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly string[];
    /** Prometheus metrics, when METRICS_PORT asks for them (server.ts serves them on that port). */
    metrics: AppMetrics | null;
    /** Resolves once every line logged so far is written out: log output is buffered. */
    flushLogs(): Promise<void>;
  }
}

/** Bodies larger than this are refused with 413 before they are read. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function installPlatform({ config, database, logStream }: PlatformDependencies): Promise<Platform> {
  const loggers = createLoggers(config, logStream);
  const app = fastify({
    logger: loggers?.app ?? false,
    // installAccessLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: sendFrameworkError,
    // A hop count as a function: Fastify does the same with a number, which its types omit.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route, as 'METHOD /path': the authorisation matrix test checks it lists them all.
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push(`${method} ${route.url}`);
  });

  const shared = await openSharedState(config, app.log);
  app.addHook('onClose', () => shared.close());
  const liveness = await holdInstanceLock(database);
  app.addHook('onClose', () => liveness.close());
  // The garbage of a burst of work is collected once the server falls quiet (platform/memory).
  const idleCollection = collectWhenIdle();
  app.addHook('onResponse', (_request, _reply, done) => {
    idleCollection.touched();
    done();
  });
  app.addHook('onClose', async () => idleCollection.stop());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorate('flushLogs', loggers?.flush ?? (async () => {}));
  if (loggers) installAccessLog(app, loggers.access, (request) => request.caller?.id);
  installControlCharacterGuard(app);
  // Without a metrics port no hook is installed at all: metrics cost nothing unless asked for.
  const metrics = config.METRICS_PORT > 0 ? installMetrics(app, database) : null;
  app.decorate('metrics', metrics);
  const mediaAddresses = createMediaAddresses(config.MEDIA_BASE_URL);
  installShopSecurityHeaders(app, { paymentGateway: config.paymentGateway, mediaOrigin: mediaAddresses.origin });
  await registerCors(app, config.CORS_ORIGINS);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Counters in Redis when instances share one (REDIS_URL), else in this process.
  await app.register(fastifyRateLimit, { global: false, ...(shared.limitStore ? { store: shared.limitStore } : {}) });
  await registerApiDocs(app, { browsable: config.apiDocs });

  const storage = await createConfiguredStorage(config);
  return {
    app,
    config,
    database,
    log: app.log,
    shared,
    storage,
    mediaAddresses,
    secrets: createServerSecrets(database.db),
    liveness,
    metrics,
    readinessChecks: [...shared.readiness, { name: 'storage', check: () => storage.healthy() }],
    sharedUserCache(name) {
      const cache = new UserReadCache();
      forwardUserCache(name, cache, shared.bus);
      metrics?.registerCache(name, cache);
      return cache;
    },
  };
}
