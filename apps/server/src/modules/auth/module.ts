// Accounts in the app: sessions (cached per process; a logout, role change or deactivation drops
// their copies on every instance), sign-in by password or Google, password recovery, the login
// brakes, the guard every /api route sits behind, and reading apps' access (app passwords, the
// guard of their routes and the Authentication for OPDS document).
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { forwardSessions } from '../../platform/cluster/cache-forwarding';
import { installAccessControl } from './access';
import { appPasswordRoutes } from './app-password-routes';
import { createAppPasswordSignIn } from './app-password-sign-in';
import { createAppPasswordCache, createAppPasswords } from './app-passwords';
import type { GoogleSignIn } from './google/google-sign-in';
import { createGoogleSignIn } from './google/google-sign-in';
import { googleRoutes } from './google/routes';
import { installKnownDevices, isKnownDevice } from './known-devices';
import { createLockoutNotices } from './lockout-notice';
import { LOGIN_FAILURES_PER_ACCOUNT, loginFailuresPerIp } from './login-brakes';
import {
  authenticationDocumentBody,
  opdsAuthenticationLink,
  registerAuthenticationDocument,
  sendAuthenticationChallenge,
} from './opds-authentication';
import { createPasswordResetService } from './password-reset';
import { createReadingAppGuards } from './reading-app-access';
import { createPasswordResetRepository } from './password-reset-repository';
import { passwordResetRoutes } from './password-reset-routes';
import { createAccountRepository } from './repository';
import { authRoutes } from './routes';
import { createAccountService, type AccountService } from './service';
import { installCookiePolicy } from './session-cookie';
import { createSessionStore } from './sessions';

export interface AuthModuleNeeds {
  mail: { wake(): void };
  /** The development stand-in for Google (src/dev), made only when it runs. */
  developmentSignIn?: (accounts: AccountService) => Promise<GoogleSignIn>;
}

export async function authModule(
  { app, config, database, log, shared, metrics, secrets }: Platform,
  { mail, developmentSignIn }: AuthModuleNeeds,
) {
  // App passwords read are kept in memory like sessions, and dropped by the same messages.
  const appPasswordCache = createAppPasswordCache();
  const sessions = createSessionStore({
    db: database.db,
    maxHours: { USER: config.SESSION_MAX_HOURS_USER, ADMIN: config.SESSION_MAX_HOURS_ADMIN },
    onForget: (forgotten) => shared.bus.publish('sessions', forgotten, { acknowledged: true }),
    alsoForget: (forgotten) => appPasswordCache.forget(forgotten),
  });
  forwardSessions(sessions, shared.bus);
  metrics?.registerCache('sessions', sessions.cacheStats);
  metrics?.registerCache('app-passwords', appPasswordCache.stats);
  const repository = createAccountRepository(database.db);
  const accounts = createAccountService({ repository, sessions });
  installCookiePolicy(app, config.publicUrl);
  // Browsers that signed into an account before (a signed cookie): the login brakes spare them.
  installKnownDevices(app, secrets);
  // 'Forgot password?': links and new passwords; a reset ends the account's sessions everywhere.
  const resets = createPasswordResetService({
    accounts: repository,
    repository: createPasswordResetRepository(database.db),
    sessions,
    publicUrl: config.publicUrl,
    onMailQueued: () => mail.wake(),
    log,
  });
  const google = createGoogleSignIn(config) ?? (await developmentSignIn?.(accounts)) ?? null;
  // Reading apps: app passwords over HTTP Basic, braked on the login form's per-IP budget.
  const appPasswords = createAppPasswords({
    db: database.db,
    cache: appPasswordCache,
    forgetEverywhere: sessions.forgetEverywhere,
  });
  const authenticationDocument = authenticationDocumentBody(config.publicUrl);
  const readingAppGuards = createReadingAppGuards({
    sessions,
    refuse: (_request, reply) => sendAuthenticationChallenge(reply, authenticationDocument),
    basic: createAppPasswordSignIn({
      appPasswords,
      failuresPerIp: loginFailuresPerIp(shared.attempts, config.AUTH_RATE_LIMIT_PER_IP),
    }),
  });

  return {
    sessions,
    accounts,
    /** Who is calling, and whether they may: installed on /api before any route. */
    guard: (api: FastifyInstance) =>
      installAccessControl(api, { sessions, publicUrl: config.publicUrl, trustedOrigins: config.CORS_ORIGINS }),
    /** Who is calling a reading app's route (a session, or an app password): installed on each such scope. */
    readingAppGuard: readingAppGuards.signedIn,
    /** The same, and `anybody`: for routes a guest may read too (a wrong credential is still refused). */
    readingAppGuards,
    /** The link a reading app's feed carries to the Authentication for OPDS document (GET /opds/auth). */
    authenticationDocumentLink: opdsAuthenticationLink(config.publicUrl),
    async apiRoutes(api: FastifyInstance) {
      await api.register(authRoutes, {
        accounts,
        perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP,
        attempts: shared.attempts,
        lockoutNotices: createLockoutNotices({
          outbox: database.db,
          wake: () => mail.wake(),
          attempts: shared.attempts,
          pausedMinutes: LOGIN_FAILURES_PER_ACCOUNT.windowMs / 60_000,
          shopUrl: config.publicUrl,
          log,
        }),
      });
      await api.register(passwordResetRoutes, {
        resets,
        attempts: shared.attempts,
        knownDevice: (request, email) => isKnownDevice(app.knownDevices, request, () => accounts.accountFor(email)),
      });
      await api.register(appPasswordRoutes, { appPasswords });
      await api.register(googleRoutes, {
        accounts,
        google,
        perIpPerMinute: config.AUTH_RATE_LIMIT_PER_IP,
        publicUrl: config.publicUrl,
      });
    },
    async rootRoutes(root: FastifyInstance) {
      registerAuthenticationDocument(root, authenticationDocument);
      await google?.mountDevProvider?.(root);
    },
  };
}
