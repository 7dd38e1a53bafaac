// Builds the whole HTTP application without listening, so tests can inject() into it.
import path from 'node:path';
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
import { installAccessLog, serializeRequest } from './lib/access-log';
import { installControlCharacterGuard } from './lib/control-characters';
import { errorBody, installErrorHandler, sendFrameworkError } from './lib/errors';
import { createInProcessCatalogueEvents } from './lib/catalogue-events';
import { loggableError } from './lib/loggable-error';
import { ResponseCache } from './lib/response-cache';
import { installSecurityHeaders } from './lib/security-headers';
import { createDiskStorage } from './lib/storage-disk';
import { createAuditLog } from './modules/admin/audit';
import { createAdminRepository } from './modules/admin/repository';
import { adminRoutes } from './modules/admin/routes';
import { createAdminService } from './modules/admin/service';
import { installAccessControl } from './modules/auth/access';
import { createGoogleSignIn } from './modules/auth/google/google-sign-in';
import { googleRoutes } from './modules/auth/google/routes';
import { createAccountRepository } from './modules/auth/repository';
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
import { healthRoutes } from './modules/health/routes';
import { createCheckoutRepository } from './modules/checkout/repository';
import { scheduleReconciler } from './modules/checkout/reconciler';
import { checkoutRoutes } from './modules/checkout/routes';
import { createCheckoutService, type CheckoutDependencies } from './modules/checkout/service';
import { buildOrderConfirmation } from './modules/mail/order-confirmation';
import { createMailTransport } from './modules/mail/transport';
import { createMailWorker } from './modules/mail/worker';
import { mediaRoutes } from './modules/media/routes';
import { createMediaService } from './modules/media/service';
import { imageUploadRoutes } from './modules/media/upload-routes';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly string[];
  }
}

/** Bodies larger than this are refused with 413 before they are read. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp({ config, database, logStream, faults }: AppDependencies): Promise<FastifyInstance> {
  const app = fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { req: serializeRequest },
            redact: ['req.headers', '*.password', '*.repeatpassword', '*.token', '*.google', '*.number', '*.cvc'],
            ...(logStream ? { stream: logStream } : {}),
            ...(!logStream && process.stdout.isTTY && config.NODE_ENV !== 'production'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
              : {}),
          },
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installAccessLog(app, config.LOG_LEVEL);
  installControlCharacterGuard(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google account pictures on the profile of a Google sign-in.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
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
  await app.register(fastifyCookie);
  installCookiePolicy(app, config.publicUrl);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Comics Shop API', version: '1.0.0', description: 'Catalogue, accounts, cart and checkout.' },
    },
    transform: jsonSchemaTransform,
  });
  // A map of every route is a gift to a prober: in production only when asked for.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const catalogCache = new ResponseCache(config.CATALOG_CACHE_TTL * 1000, 10_000, config.CATALOG_CACHE_MAX_BYTES);
  const catalog = createCatalogService(createCatalogRepository(database.db));
  // Catalogue writes tell every cache of catalogue data (answers, covers, carts, favourites) at once.
  const catalogueChanges = createInProcessCatalogueEvents({
    onListenerError: (error, change) =>
      app.log.error({ error: loggableError(error), change }, 'a cache missed a catalogue change'),
  });
  const catalogAdmin = createCatalogAdminService({
    repository: createCatalogAdminRepository(database.db),
    events: catalogueChanges,
    defaultIssuePriceCents: config.DEFAULT_ISSUE_PRICE_CENTS,
  });
  // A review saved or deleted shows in the volume's cached avgRating at once.
  const ratings = new RatingVersions();
  const reviews = createReviewsService(database.db, { onRatingsChanged: (volumeId) => ratings.changed(volumeId) });
  const sessions = createSessionStore(database.db, {
    maxHours: { USER: config.SESSION_MAX_HOURS_USER, ADMIN: config.SESSION_MAX_HOURS_ADMIN },
  });
  const accounts = createAccountService(createAccountRepository(database.db), sessions);
  const admin = createAdminService({ repository: createAdminRepository(database.db), sessions });
  const audit = createAuditLog(database.db);
  // Uploaded images: on local disk under DATA_DIR/media (an S3-compatible store implements the same interface).
  const media = createMediaService({ db: database.db, storage: createDiskStorage(path.join(config.dataDir, 'media')) });
  const paymentGateway = createPaymentGateway(config, database.db);
  // Queued e-mail (the outbox) goes out in the background; it stops before the database closes,
  // since callers close the app first. The checkout wakes it after committing a confirmation.
  const mailWorker = createMailWorker({
    db: database.db,
    transport: createMailTransport(config, app.log),
    log: app.log,
  });
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());
  const cart = createCartService(database.db, { catalogueChanges });
  const favourites = createFavouritesService(database.db, { catalogueChanges });
  const checkout = createCheckoutService({
    repository: createCheckoutRepository(database.db),
    gateway: paymentGateway,
    log: app.log,
    confirmation: ({ order, lines, buyer }) =>
      buildOrderConfirmation({
        orderId: order.id,
        buyerName: buyer.username,
        buyerEmail: buyer.email,
        paidAt: order.paidAt ?? new Date(),
        items: lines,
        totalCents: order.totalCents,
        card: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
        shopUrl: config.publicUrl,
      }),
    afterPaid: (order) => {
      cart.invalidate(order.userId);
      mailWorker.wake();
    },
    ...faults,
  });
  scheduleReconciler(app, checkout);
  // The development provider (and oidc-provider, Koa) is loaded only when it runs.
  const google =
    createGoogleSignIn(config) ??
    (config.oidcDevProvider ? await (await import('./dev/dev-sign-in')).createDevSignIn(config, accounts) : null);

  await app.register(
    async (api) => {
      installAccessControl(api, { sessions, publicUrl: config.publicUrl });
      await api.register(healthRoutes, { database });
      await api.register(catalogRoutes, {
        service: catalog,
        cache: catalogCache,
        catalogueChanges,
        ratings,
        uncachedReadsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP,
      });
      await api.register(catalogAdminRoutes, { catalogAdmin });
      await api.register(authRoutes, { accounts, perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP });
      await api.register(googleRoutes, { accounts, google, perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP });
      await api.register(adminRoutes, { admin, audit });
      await api.register(paymentRoutes, {
        config,
        gateway: paymentGateway,
        onPaymentIntent: (event) => checkout.onPaymentIntent(event),
      });
      await api.register(checkoutRoutes, { checkout, audit });
      await api.register(cartRoutes, { cart });
      await api.register(imageUploadRoutes, { media });
      await api.register(favouritesRoutes, { favourites });
      await api.register(reviewsRoutes, {
        reviews,
        audit,
        readsPerIpPerMinute: config.PUBLIC_READ_RATE_LIMIT_PER_IP,
      });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { catalog, media, catalogueChanges });
  if (google?.mountDevProvider) await google.mountDevProvider(app);

  const sendIndex = config.webDist ? await registerWebApp(app, { webDist: config.webDist, catalog, media }) : null;

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
