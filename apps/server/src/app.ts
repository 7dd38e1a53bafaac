// Builds the whole HTTP application without listening, so tests can inject() into it: the
// platform first (platform/platform.ts), then one line per module in the order their
// dependencies are made, each naming what it takes from the others; then every module's routes.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { installPlatform, registerModules } from './platform/platform';
import { adminModule } from './modules/admin/module';
import { createAuditLog } from './modules/audit/service';
import { authModule } from './modules/auth/module';
import type { AccountService } from './modules/auth/service';
import { cartModule } from './modules/cart/module';
import { catalogModule } from './modules/catalog/module';
import { checkoutModule, type CheckoutModuleNeeds } from './modules/checkout/module';
import { favouritesModule } from './modules/favourites/module';
import { followsModule } from './modules/follows/module';
import { healthModule } from './modules/health/module';
import { importsModule } from './modules/imports/module';
import { mailModule } from './modules/mail/module';
import { mediaModule } from './modules/media/module';
import { opdsModule } from './modules/opds/module';
import { paymentsModule } from './modules/payments/module';
import { readerModule, type ReaderModuleNeeds } from './modules/reader/module';
import { reviewsModule } from './modules/reviews/module';
import { webModule } from './modules/web/module';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Test-only fault points (a crash between the charge and the order's completion). */
  faults?: CheckoutModuleNeeds['faults'];
  /** Test-only: smaller limits for page uploads than the real ones. */
  pageUploadLimits?: ReaderModuleNeeds['pageUploadLimits'];
}

export async function buildApp({ faults, pageUploadLimits, ...deps }: AppDependencies): Promise<FastifyInstance> {
  const platform = await installPlatform(deps);
  const { config } = deps;

  const audit = createAuditLog(deps.database.db);
  const mail = mailModule(platform);
  const follows = await followsModule(platform);
  const catalog = catalogModule(platform, { follows: follows.service, mail });
  const catalogChanges = catalog.changes;
  const reviews = reviewsModule(platform, { onRatingsChanged: catalog.onRatingsChanged, audit });
  // The development provider (and oidc-provider, Koa) is loaded only when it runs.
  const developmentSignIn = config.oidcDevProvider
    ? async (accounts: AccountService) => (await import('./dev/dev-sign-in')).createDevSignIn(config, accounts)
    : undefined;
  const auth = await authModule(platform, { mail, developmentSignIn });
  const cart = cartModule(platform, { catalogChanges });
  const favourites = favouritesModule(platform, { catalogChanges });
  const media = mediaModule(platform, { catalog: catalog.service, catalogChanges });
  const payments = await paymentsModule(platform, {
    onPaymentIntent: (event) => checkout.service.onPaymentIntent(event),
  });
  const checkout = checkoutModule(platform, {
    gateway: payments.gateway,
    cart: cart.service,
    mail,
    audit,
    faults,
  });
  const reader = readerModule(platform, {
    catalog: catalog.service,
    catalogChanges,
    cart: cart.service,
    sessions: auth.sessions,
    audit,
    readingAppGuard: auth.readingAppGuard,
    pageUploadLimits,
  });
  const opds = opdsModule(platform, {
    catalog: catalog.service,
    catalogChanges,
    reader: reader.service,
    guards: auth.readingAppGuards,
    userChanges: [cart.service.onPurchasesChanged, reader.service.onPlaceSaved],
  });
  const admin = adminModule(platform, { accounts: auth.accounts, cart: cart.service, reader: reader.service, audit });
  const imports = importsModule(platform, {
    catalog: catalog.importing,
    audit,
    maxArchiveBytes: reader.importPages.maxArchiveBytes,
    tools: {
      openArchive: reader.importPages.open,
      storePages: reader.importPages.store,
      removePages: reader.importPages.remove,
      storeCover: async (bytes, uploadedBy) =>
        (await media.service.storeUpload({ bytes, uploadedBy, audited: false })).url,
      removeCover: media.service.removeUpload,
    },
  });
  const health = healthModule(platform);
  const web = webModule(platform, {
    catalog: catalog.service,
    media: media.service,
    catalogChanges,
    ratingsVersion: () => catalog.ratings.listsKeySuffix(),
  });

  await registerModules(platform.app, auth.guard, [
    health,
    catalog,
    auth,
    admin,
    payments,
    checkout,
    cart,
    media,
    favourites,
    follows,
    reader,
    opds,
    imports,
    reviews,
    web,
  ]);
  return platform.app;
}
