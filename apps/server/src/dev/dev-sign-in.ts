// 'Log in with Google' through the bundled development provider: the same OpenID Connect client
// the real issuer gets, pointed at the provider this process mounts under /oidc.
import type { Config } from '../config';
import type { GoogleSignIn } from '../modules/auth/google/google-sign-in';
import type { AccountService } from '../modules/auth/service';
import { OidcClient } from '../modules/auth/google/oidc-client';
import { DEV_PROVIDER_PATH } from '../modules/auth/google/paths';
import { createDevProvider, devProviderRoutes } from './dev-provider';

export async function createDevSignIn(config: Config, accounts: AccountService): Promise<GoogleSignIn> {
  const dev = await createDevProvider({
    publicUrl: config.publicUrl,
    port: config.PORT,
    trustProxy: config.TRUST_PROXY !== false,
    refusal: (email) => accounts.developmentRefusal(email),
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
        // The server reaches its own provider over loopback, whatever the public host resolves
        // to: the token request and the keys its ID tokens are verified with.
        token_endpoint: `http://127.0.0.1:${config.PORT}${DEV_PROVIDER_PATH}/token`,
        jwks_uri: `http://127.0.0.1:${config.PORT}${DEV_PROVIDER_PATH}/jwks`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        id_token_signing_alg_values_supported: [dev.signingAlgorithm],
        authorization_response_iss_parameter_supported: true,
      },
    }),
    // The provider answers on every origin the shop does: keeping the browser on the origin it
    // came from keeps the sign-in same-origin (cookies, and the CSP's form-action 'self').
    otherOrigins: dev.origins,
    authorizationEndpointFor: (origin) =>
      dev.origins.includes(origin) ? `${origin}${DEV_PROVIDER_PATH}/auth` : `${dev.issuer}/auth`,
  };
}
