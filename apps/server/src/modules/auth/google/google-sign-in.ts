// Which identity provider 'Log in with Google' talks to, decided once at start-up from the
// configuration: the configured issuer (Google), else the bundled development provider, else
// none (the routes then say it is not configured).
import type { Config } from '../../../config';
import type { FastifyInstance } from 'fastify';
import type { DevProvider } from './dev-provider';
import { DEV_PROVIDER_PATH } from './paths';
import { OidcClient } from './oidc-client';

export interface GoogleSignIn {
  client: OidcClient;
  /** True for the bundled development provider. */
  development: boolean;
  /** The authorization endpoint for a browser on `origin`, when not the issuer's own. */
  authorizationEndpointFor?: (origin: string) => string;
  /** Mounts the development provider under /oidc (only when it runs). */
  mountDevProvider?: (app: FastifyInstance) => Promise<void>;
}

export async function createGoogleSignIn(config: Config): Promise<GoogleSignIn | null> {
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    return {
      development: false,
      client: new OidcClient({
        issuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        timeoutMs: config.OIDC_HTTP_TIMEOUT_MS,
      }),
    };
  }
  if (!config.oidcDevProvider) return null;

  // Loaded only when it runs: oidc-provider and Koa are dead weight for a real shop.
  const { createDevProvider, devProviderRoutes } = await import('./dev-provider');
  const dev: DevProvider = await createDevProvider({
    publicUrl: config.publicUrl,
    port: config.PORT,
    trustProxy: config.TRUST_PROXY,
    production: config.NODE_ENV === 'production',
  });
  return {
    development: true,
    mountDevProvider: async (app) => {
      await app.register(devProviderRoutes, { dev });
    },
    client: new OidcClient({
      issuer: dev.issuer,
      clientId: dev.clientId,
      clientSecret: dev.clientSecret,
      timeoutMs: config.OIDC_HTTP_TIMEOUT_MS,
      metadata: {
        issuer: dev.issuer,
        authorization_endpoint: `${dev.issuer}/auth`,
        token_endpoint: `${dev.issuer}/token`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        authorization_response_iss_parameter_supported: true,
      },
      jwks: dev.publicJwks,
      // The server reaches its own provider over loopback, whatever the public host resolves to.
      tokenEndpoint: `http://127.0.0.1:${config.PORT}${DEV_PROVIDER_PATH}/token`,
    }),
    // The provider answers on every origin the shop does: keeping the browser on the origin it
    // came from keeps the sign-in same-origin (cookies, and the CSP's form-action 'self').
    authorizationEndpointFor: (origin) =>
      dev.origins.includes(origin) ? `${origin}${DEV_PROVIDER_PATH}/auth` : `${dev.issuer}/auth`,
  };
}
