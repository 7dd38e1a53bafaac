// Which identity provider 'Log in with Google' talks to: the configured issuer (Google). The
// composition root (app.ts) falls back to the bundled development provider (src/dev/) or to
// none, in which case the routes say it is not configured.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { OidcClient } from './oidc-client';

export interface GoogleSignIn {
  client: OidcClient;
  /** True for the bundled development provider. */
  development: boolean;
  /**
   * Origins besides PUBLIC_URL's that the sign-in may run on, so a browser stays on the one it
   * came from (the development provider's loopback addresses); none for a real issuer.
   */
  otherOrigins?: readonly string[];
  /** The authorization endpoint for a browser on `origin`, when not the issuer's own. */
  authorizationEndpointFor?: (origin: string) => string;
  /** Mounts the development provider under /oidc (only when it runs). */
  mountDevProvider?: (app: FastifyInstance) => Promise<void>;
}

export function createGoogleSignIn(config: Config): GoogleSignIn | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
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
