// Builds the whole HTTP application without listening, so tests can inject() into it.
import fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
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
import { installAccessLog } from './platform/logging/access-log';
import { installControlCharacterGuard } from './platform/http/control-characters';
import { registerCors } from './platform/http/cors';
import { errorBody, installErrorHandler, sendFrameworkError } from './platform/http/errors';
import { createInProcessCatalogueEvents } from './platform/cache/catalog-events';
import { clusterCatalogueEvents, clusterRatings, forwardSessions, forwardUserCache } from './cluster-forwarding';
import { loggableError } from './platform/logging/loggable-error';
import { createLoggers } from './platform/logging/loggers';
import { createMediaAddresses } from './platform/http/media-addresses';
import { installMetrics, type AppMetrics } from './platform/cluster/metrics';
import type { ReadinessCheck } from './platform/cluster/readiness';
import { ResponseCache } from './platform/cache/response-cache';
import { openSharedState } from './platform/cluster/shared-state';
import { UserReadCache } from './platform/cache/user-read-cache';
import { LOCKS, runAlone } from './db/advisory-lock';
import { holdInstanceLock } from './db/instance-lock';
import { createServerSecrets } from './db/server-secrets';
import { installSecurityHeaders } from './platform/http/security-headers';
import { createConfiguredStorage } from './platform/storage/configured-storage';
import { createAuditLog } from './modules/audit/service';
import { createAdminRepository } from './modules/admin/repository';
import { adminRoutes } from './modules/admin/routes';
import { createAdminService } from './modules/admin/service';
import { installAccessControl } from './modules/auth/access';
import { createGoogleSignIn } from './modules/auth/google/google-sign-in';
import { googleRoutes } from './modules/auth/google/routes';
import { installKnownDevices, isKnownDevice } from './modules/auth/known-devices';
import { createLockoutNotices } from './modules/auth/lockout-notice';
import { LOGIN_FAILURES_PER_ACCOUNT } from './modules/auth/login-brakes';
import { createAccountRepository } from './modules/auth/repository';
import { createPasswordResetService } from './modules/auth/password-reset';
import { createPasswordResetRepository } from './modules/auth/password-reset-repository';
import { passwordResetRoutes } from './modules/auth/password-reset-routes';
import { authRoutes } from './modules/auth/routes';
import { createAccountService } from './modules/auth/service';
import { installCookiePolicy } from './modules/auth/session-cookie';
import { createSessionStore } from './modules/auth/sessions';
import { cartRoutes } from './modules/cart/routes';
import { createCartService } from './modules/cart/service';
import { createCatalogAdminRepository } from './modules/catalog/admin-repository';
import { catalogAdminRoutes } from './modules/catalog/admin-routes';
import { createCatalogAdminService } from './modules/catalog/admin-service';
import { createCatalogRepository } from './modules/catalog/repository';
import { RatingVersions } from './modules/catalog/rating-versions';
import { catalogRoutes } from './modules/catalog/routes';
import { createCatalogService } from './modules/catalog/service';
import { favouritesRoutes } from './modules/favourites/routes';
import { createFavouritesService } from './modules/favourites/service';
import { followsRoutes } from './modules/follows/routes';
import { createFollowsService } from './modules/follows/service';
import { createUnsubscribeTokens, UNSUBSCRIBE_KEY_NAME } from './modules/follows/unsubscribe-tokens';
import { healthRoutes } from './modules/health/routes';
import { createInstanceStatus, type InstanceStatus } from './modules/health/status';
import { createCheckoutRepository } from './modules/checkout/repository';
import { scheduleReconciler } from './modules/checkout/reconciler';
import { checkoutRoutes } from './modules/checkout/routes';
import { createCheckoutService, type CheckoutDependencies } from './modules/checkout/service';
import { createDeclineBrakes } from './modules/checkout/decline-brakes';
import { buildOrderConfirmation } from './modules/mail/order-confirmation';
import { createMailTransport } from './modules/mail/transport';
import { createMailWorker } from './modules/mail/worker';
import { mediaRoutes } from './modules/media/routes';
import { createMediaService } from './modules/media/service';
import { imageUploadRoutes } from './modules/media/upload-routes';
import { KnownOwners } from './modules/reader/known-owners';
import { createReaderRepository } from './modules/reader/repository';
import { pageImageRoutes, readerRoutes } from './modules/reader/routes';
import { createPlacesCache } from './modules/reader/progress';
import { createReaderService } from './modules/reader/service';
import { createPageUploads, type PageUploadLimits } from './modules/reader/upload';
import { pageUploadRoutes } from './modules/reader/upload-routes';
import { createPaymentGateway } from './modules/payments/create-payment-gateway';
import { paymentRoutes } from './modules/payments/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { createReviewsService } from './modules/reviews/service';
import { registerWebApp } from './modules/web/routes';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Test-only fault points (a crash between the charge and the order's completion). */
  faults?: Pick<CheckoutDependencies, 'afterCharge'>;
  /** Test-only: smaller limits for page uploads than the real ones. */
  pageUploadLimits?: Partial<PageUploadLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly string[];
    /** Prometheus metrics, when METRICS_PORT asks for them (server.ts serves them on that port). */
    metrics: AppMetrics | null;
    /** Shutdown begins: /api/ready answers 503 'draining' from now on, while requests are still served. */
    startDraining(): void;
    /** This instance's state in detail, for operators (server.ts serves it on the metrics listener). */
    instanceStatus: InstanceStatus;
    /** Resolves once every line logged so far is written out: log output is buffered. */
    flushLogs(): Promise<void>;
  }
}

/** Bodies larger than this are refused with 413 before they are read. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp({
  config,
  database,
  logStream,
  faults,
  pageUploadLimits,
}: AppDependencies): Promise<FastifyInstance> {
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

  // Redis when several instances share the shop (REDIS_URL), else this process alone.
  const shared = await openSharedState(config, app.log);
  app.addHook('onClose', () => shared.close());
  const readinessChecks: ReadinessCheck[] = [...shared.readiness];

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorate('flushLogs', loggers?.flush ?? (async () => {}));
  if (loggers) installAccessLog(app, loggers.access, (request) => request.caller?.id);
  installControlCharacterGuard(app);
  // Without a metrics port no hook is installed at all: metrics cost nothing unless asked for.
  app.decorate('metrics', config.METRICS_PORT > 0 ? installMetrics(app, database) : null);
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const instanceStatus = createInstanceStatus({
    database,
    checks: readinessChecks,
    draining: () => draining,
    instance: config.instanceId,
  });
  app.decorate('instanceStatus', instanceStatus);
  // Stored /media paths become addresses on MEDIA_BASE_URL (when set) in every answer.
  const mediaAddresses = createMediaAddresses(config.MEDIA_BASE_URL);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google account pictures on the profile of a Google sign-in.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https://*.googleusercontent.com',
          ...(mediaAddresses.origin ? [mediaAddresses.origin] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and its card frames, when Stripe takes the payments.
        scriptSrc: ["'self'", ...(config.paymentGateway === 'stripe' ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(config.paymentGateway === 'stripe' ? ['https://api.stripe.com'] : [])],
        ...(config.paymentGateway === 'stripe'
          ? { frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'] }
          : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only /media opens itself to other sites (media routes say so); the rest stays ours.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await registerCors(app, config.CORS_ORIGINS);
  await app.register(fastifyCookie);
  installCookiePolicy(app, config.publicUrl);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Counters in Redis when instances share one (REDIS_URL), else in this process.
  await app.register(fastifyRateLimit, { global: false, ...(shared.limitStore ? { store: shared.limitStore } : {}) });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Comics Shop API', version: '1.0.0', description: 'Catalogue, accounts, cart and checkout.' },
    },
    transform: jsonSchemaTransform,
  });
  // A map of every route is a gift to a prober: in production only when asked for.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const catalogCache = new ResponseCache(config.CATALOG_CACHE_TTL * 1000, 10_000, config.CATALOG_CACHE_MAX_BYTES);
  app.metrics?.registerCache('catalogue', catalogCache);
  const catalog = createCatalogService(createCatalogRepository(database.db));
  // Catalogue writes tell every cache of catalogue data (answers, covers, carts, favourites) at
  // once, on every instance.
  const catalogueChanges = clusterCatalogueEvents(
    createInProcessCatalogueEvents({
      onListenerError: (error, change) =>
        app.log.error({ error: loggableError(error), change }, 'a cache missed a catalogue change'),
    }),
    shared.bus,
  );
  const catalogAdmin = createCatalogAdminService({
    repository: createCatalogAdminRepository(database.db),
    events: catalogueChanges,
    defaultIssuePriceCents: config.DEFAULT_ISSUE_PRICE_CENTS,
    // A new issue's e-mails to its series' followers commit with it; the worker sends them after.
    issueAdded: async (issue, tx) => ((await follows.issueAdded(tx, issue)) > 0 ? () => mailWorker.wake() : undefined),
  });
  // A review saved or deleted shows in the volume's cached avgRating at once.
  const ratings = new RatingVersions();
  const reviews = createReviewsService(database.db, { onRatingsChanged: clusterRatings(ratings, shared.bus) });
  // A logout, role change or deactivation drops the session's cached copies on every instance.
  const sessions = createSessionStore(database.db, {
    maxHours: { USER: config.SESSION_MAX_HOURS_USER, ADMIN: config.SESSION_MAX_HOURS_ADMIN },
    onForget: (forgotten) => shared.bus.publish('sessions', forgotten, { acknowledged: true }),
  });
  forwardSessions(sessions, shared.bus);
  app.metrics?.registerCache('sessions', sessions.cacheStats);
  const accountRepository = createAccountRepository(database.db);
  const accounts = createAccountService(accountRepository, sessions);
  const admin = createAdminService({
    repository: createAdminRepository(database.db),
    accounts,
    media: mediaAddresses,
    // Comics taken back leave the buyer's library and stop opening in the reader, on every
    // instance (both caches forward their invalidations). Called at request time, once both exist.
    onPurchasesTakenBack: (buyerId) => {
      cart.invalidate(buyerId);
      reader.ownershipChanged(buyerId);
    },
  });
  const audit = createAuditLog(database.db);
  // Uploaded images: in the S3-compatible bucket when one is set (shared by every instance), else under DATA_DIR/media.
  const storage = createConfiguredStorage(config);
  readinessChecks.push({ name: 'storage', check: () => storage.healthy() });
  const media = createMediaService({ db: database.db, storage });
  const paymentGateway = createPaymentGateway(config, database.db);
  // Queued e-mail (the outbox) goes out in the background; it stops before the database closes,
  // since callers close the app first. The checkout wakes it after committing a confirmation.
  const mailWorker = createMailWorker({
    db: database.db,
    transport: createMailTransport(config, app.log),
    log: app.log,
    leaseMs: config.MAIL_LEASE_SECONDS * 1000,
  });
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());
  // 'Forgot password?': links and new passwords; a reset ends the account's sessions everywhere.
  const passwordResets = createPasswordResetService({
    accounts: accountRepository,
    repository: createPasswordResetRepository(database.db),
    sessions,
    publicUrl: config.publicUrl,
    onMailQueued: () => mailWorker.wake(),
    log: app.log,
  });
  // Keys the server signs with (page addresses, known-device cookies), shared by every instance.
  const secrets = createServerSecrets(database.db);
  // Browsers that signed into an account before (a signed cookie): the login brakes spare them.
  installKnownDevices(app, secrets);
  // Series follows (issue 24). The unsubscribe links' key is loaded now: a new issue's transaction
  // signs them and must not wait on a query of its own (PGlite runs one statement at a time).
  const follows = createFollowsService({
    db: database.db,
    tokens: createUnsubscribeTokens(await secrets.key(UNSUBSCRIBE_KEY_NAME)),
    publicUrl: config.publicUrl,
    media: mediaAddresses,
  });
  // Per-user answers; each write's invalidation reaches the other instances' copies too.
  const userCaches = { carts: new UserReadCache(), libraries: new UserReadCache(), favourites: new UserReadCache() };
  for (const [name, cache] of Object.entries(userCaches)) {
    forwardUserCache(name, cache, shared.bus);
    app.metrics?.registerCache(name, cache);
  }
  const cart = createCartService(database.db, {
    catalogueChanges,
    carts: userCaches.carts,
    libraries: userCaches.libraries,
    media: mediaAddresses,
  });
  const favourites = createFavouritesService(database.db, {
    catalogueChanges,
    lists: userCaches.favourites,
    media: mediaAddresses,
  });
  // Which instances still run: an order whose instance died before charging is settled at once.
  const liveness = await holdInstanceLock(database);
  app.addHook('onClose', () => liveness.close());
  const checkout = createCheckoutService({
    liveness,
    repository: createCheckoutRepository(database.db),
    gateway: paymentGateway,
    // Declined payments per buyer and per IP, counted where every instance sees them.
    brakes: createDeclineBrakes(shared.attempts, { declinesPerIp: config.CHECKOUT_DECLINES_PER_IP, log: app.log }),
    media: mediaAddresses,
    log: app.log,
    confirmation: (receipt) => buildOrderConfirmation({ ...receipt, shopUrl: config.publicUrl }),
    afterPaid: (order) => {
      cart.invalidate(order.userId);
      mailWorker.wake();
    },
    ...faults,
  });
  // The reader (issue 13): pages of every issue, who may read them, where each reader stopped.
  const readerRepository = createReaderRepository(database.db);
  // Where each reader stopped, per user: a save on another instance drops it here too.
  const readingPlaces = createPlacesCache();
  forwardUserCache('reading-places', readingPlaces, shared.bus);
  app.metrics?.registerCache('reading-places', readingPlaces);
  // Who owns what, per process: a purchase taken back on another instance drops it here too.
  const readerOwners = new KnownOwners();
  forwardUserCache('reader-owners', readerOwners, shared.bus);
  const reader = createReaderService({
    repository: readerRepository,
    secrets,
    findIssue: (id) => catalog.findIssue(id),
    storage,
    addresses: mediaAddresses,
    owns: (userId, issueId) => cart.owns(userId, issueId),
    // A page address opens pages only while the session it names lives (from the sessions' memory).
    sessionOf: (tokenHash) => sessions.live(tokenHash),
    owners: readerOwners,
    catalogueChanges,
    cacheTtlMs: config.CATALOG_CACHE_TTL * 1000,
    places: readingPlaces,
  });
  app.metrics?.registerCache('reader-editions', reader.editionCacheStats);
  const pageUploads = createPageUploads({
    repository: readerRepository,
    findIssue: (id) => catalog.findIssue(id),
    storage,
    catalogueChanges,
    audit,
    log: app.log,
    ...(pageUploadLimits ? { limits: pageUploadLimits } : {}),
  });
  scheduleReconciler(app, checkout, (work) => runAlone(database, LOCKS.reconciler, work));
  // The development provider (and oidc-provider, Koa) is loaded only when it runs.
  const google =
    createGoogleSignIn(config) ??
    (config.oidcDevProvider ? await (await import('./dev/dev-sign-in')).createDevSignIn(config, accounts) : null);

  await app.register(
    async (api) => {
      installAccessControl(api, { sessions, publicUrl: config.publicUrl, trustedOrigins: config.CORS_ORIGINS });
      await api.register(healthRoutes, { status: instanceStatus });
      await api.register(catalogRoutes, {
        service: catalog,
        cache: catalogCache,
        catalogueChanges,
        ratings,
        uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP,
        media: mediaAddresses,
      });
      await api.register(catalogAdminRoutes, { catalogAdmin, media: mediaAddresses });
      await api.register(authRoutes, {
        accounts,
        perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP,
        attempts: shared.attempts,
        lockoutNotices: createLockoutNotices({
          outbox: database.db,
          wake: () => mailWorker.wake(),
          attempts: shared.attempts,
          pausedMinutes: LOGIN_FAILURES_PER_ACCOUNT.windowMs / 60_000,
          shopUrl: config.publicUrl,
          log: app.log,
        }),
      });
      await api.register(passwordResetRoutes, {
        resets: passwordResets,
        attempts: shared.attempts,
        knownDevice: (request, email) => isKnownDevice(app.knownDevices, request, () => accounts.accountFor(email)),
      });
      await api.register(googleRoutes, {
        accounts,
        google,
        perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP,
        publicUrl: config.publicUrl,
      });
      await api.register(adminRoutes, { admin, audit });
      await api.register(paymentRoutes, {
        config,
        gateway: paymentGateway,
        onPaymentIntent: (event) => checkout.onPaymentIntent(event),
      });
      await api.register(checkoutRoutes, { checkout, audit });
      await api.register(cartRoutes, { cart });
      await api.register(imageUploadRoutes, { media, addresses: mediaAddresses });
      await api.register(favouritesRoutes, { favourites });
      await api.register(followsRoutes, { follows });
      await api.register(readerRoutes, { reader, uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP });
      await api.register(pageUploadRoutes, { uploads: pageUploads });
      await api.register(reviewsRoutes, {
        reviews,
        audit,
        readsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP,
      });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { catalog, media, catalogueChanges });
  await app.register(pageImageRoutes, { reader, uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP });
  if (google?.mountDevProvider) await google.mountDevProvider(app);

  const sendIndex = config.webDist
    ? await registerWebApp(app, {
        webDist: config.webDist,
        catalog,
        media,
        addresses: mediaAddresses,
        publicUrl: config.publicUrl,
        catalogueChanges,
        // The cards' average ratings: a review re-renders the guest's first pages too.
        ratingsVersion: () => ratings.listsKeySuffix(),
      })
    : null;

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
