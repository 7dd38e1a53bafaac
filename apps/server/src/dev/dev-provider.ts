// The bundled development OpenID provider (docs/product.md §11): oidc-provider mounted under /oidc in
// the shop's own process, standing in for Google when none is configured, so 'Log in with
// Google' runs the real authorization-code flow offline. Its sign-in page takes an e-mail
// address without a password, so it only ever signs in to accounts it created itself (the
// shop's account service says which; its page says why it refuses), and config.ts refuses to
// start a production shop with it.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Configuration, Interaction } from 'oidc-provider';
import { z } from 'zod';
import { IDENTITY_PROVIDER } from '@comics/shared/constants';
import { messagePage, signInPage } from './dev-provider-pages';
import { createMemoryAdapterFactory } from './dev-provider-store';
import { DEV_PROVIDER_PATH, GOOGLE_CALLBACK_PATH } from '../modules/auth/google/paths';

export const DEV_CLIENT_ID = 'comics-shop-dev';

const SIGNING_ALGORITHM = 'ES256';
const CLIENT_NAME = 'Comics Shop';
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
/** Sign-in requests, codes and the provider's own sessions only need to outlive one sign-in. */
const SHORT_TTL_SECONDS = 10 * 60;
const MAX_DEV_ACCOUNTS = 10_000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface DevProvider {
  provider: Provider;
  /** The provider's error for a browser with no open interaction (a stale or foreign link). */
  SessionNotFound: new (description: string) => Error;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How its ID tokens are signed (the keys themselves are published at /oidc/jwks). */
  signingAlgorithm: string;
  /** Origins the client is registered for (the shop's public URL and its loopback names). */
  origins: string[];
  /** Why the shop refuses to let this provider sign in `email` (an account it did not create), or null. */
  refusal: (email: string) => Promise<string | null>;
  /** Who signed in with which e-mail and name, for the claims of their ID tokens. */
  accounts: Map<string, DevAccount>;
}

export interface DevAccount {
  email: string;
  name: string | null;
}

/** `dev-` + sha256 of the lower-cased e-mail: the same address is the same subject every time. */
export const devAccountId = (email: string) =>
  `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

export async function createDevProvider(options: {
  publicUrl: string;
  port: number;
  trustProxy: boolean;
  refusal: (email: string) => Promise<string | null>;
}): Promise<DevProvider> {
  const issuer = `${options.publicUrl}${DEV_PROVIDER_PATH}`;
  const origins = [
    ...new Set(
      [options.publicUrl, `http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`].map(
        (url) => new URL(url).origin,
      ),
    ),
  ];
  const clientSecret = randomBytes(32).toString('base64url');
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const signingKey = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };

  const accounts = new Map<string, DevAccount>();

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        client_name: CLIENT_NAME,
        redirect_uris: origins.map((origin) => `${origin}${GOOGLE_CALLBACK_PATH}`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: SIGNING_ALGORITHM,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
      // The provider's own sign-in session is kept server-side for the code exchange but its
      // cookie is scoped to a path no request uses: the browser never presents it again, so
      // every 'Log in with Google' shows the sign-in page and another e-mail can be chosen.
      long: { signed: true, httpOnly: true, sameSite: 'lax', path: `${DEV_PROVIDER_PATH}/session-not-kept` },
    },
    pkce: { required: () => true, methods: ['S256'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put the scope's claims in the ID token, as Google does: the shop reads no userinfo.
    conformIdTokenClaims: false,
    interactions: {
      url: (_ctx: unknown, interaction: Interaction) => `${DEV_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: SHORT_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: SHORT_TTL_SECONDS,
      Session: SHORT_TTL_SECONDS,
      Grant: SHORT_TTL_SECONDS,
    },
    clientBasedCORS: () => false,
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in error', [
        'The development sign-in provider could not complete this request.',
        [out.error, out.error_description].filter(Boolean).join(': '),
      ]);
    },
  };

  // Imported here, not at the top: a shop that does not run the provider never loads it (or Koa).
  const { default: OidcProvider, errors } = await import('oidc-provider');
  const provider = new OidcProvider(issuer, configuration);
  provider.proxy = options.trustProxy;

  return {
    provider,
    SessionNotFound: errors.SessionNotFound,
    issuer,
    clientId: DEV_CLIENT_ID,
    clientSecret,
    signingAlgorithm: SIGNING_ALGORITHM,
    origins,
    refusal: options.refusal,
    accounts,
  };
}

function remember({ accounts }: DevProvider, accountId: string, account: DevAccount): void {
  accounts.delete(accountId);
  accounts.set(accountId, account);
  if (accounts.size > MAX_DEV_ACCOUNTS) accounts.delete(accounts.keys().next().value!);
}

const uidParams = z.object({ uid: z.string().min(1).max(200) });
const signInBody = z.object({
  action: z.enum(['login', 'cancel']).default('login'),
  email: z.string().max(1000).default(''),
  name: z.string().max(1000).default(''),
});

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const expiredPage = () =>
  messagePage('This sign-in has expired', [
    'The sign-in request is no longer open: it took longer than 10 minutes, or it was already completed.',
    'Go back to the shop and choose Log in with Google again.',
  ]);

/**
 * Mounts the provider under /oidc. Its Koa app gets the raw request and response, with the
 * prefix stripped from the URL (and `originalUrl` kept, so it writes its own URLs with it);
 * Fastify leaves those bodies unread for the provider's own parser. The sign-in pages under
 * /oidc/interaction/:uid are ordinary Fastify routes.
 */
export const devProviderRoutes: FastifyPluginAsync<{ dev: DevProvider }> = async (app, { dev }) => {
  const handle = dev.provider.callback();
  dev.provider.on('server_error', (_ctx: unknown, err: unknown) => {
    app.log.error({ err }, 'the development OpenID provider failed');
  });

  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));

    async function toProvider(request: FastifyRequest, reply: FastifyReply) {
      // Headers Fastify's hooks set on the reply (the security headers) go out with the
      // provider's answer too; it adds the hash of any inline script it writes to the CSP.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? DEV_PROVIDER_PATH;
      const rest = url.slice(DEV_PROVIDER_PATH.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await handle(raw, reply.raw);
    }

    for (const url of [DEV_PROVIDER_PATH, `${DEV_PROVIDER_PATH}/*`]) {
      passthrough.route({ method: ['GET', 'POST', 'OPTIONS'], url, schema: { hide: true }, handler: toProvider });
    }
  });

  await app.register(async (plain) => {
    const pages = plain.withTypeProvider<ZodTypeProvider>();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    /** The open interaction of this browser (its signed cookie), or null when there is none. */
    async function openInteraction(request: FastifyRequest, reply: FastifyReply, uid: string) {
      try {
        const interaction = await dev.provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === uid ? interaction : null;
      } catch (error) {
        if (error instanceof dev.SessionNotFound) return null;
        throw error;
      }
    }

    pages.get(
      `${DEV_PROVIDER_PATH}/interaction/:uid`,
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const interaction = await openInteraction(request, reply, request.params.uid);
        if (!interaction) return sendPage(reply, 400, expiredPage());
        return sendPage(reply, 200, signInPage({ uid: interaction.uid, clientName: CLIENT_NAME }));
      },
    );

    pages.post(
      `${DEV_PROVIDER_PATH}/interaction/:uid`,
      { bodyLimit: FORM_BODY_LIMIT_BYTES, schema: { hide: true, params: uidParams, body: signInBody } },
      async (request, reply) => {
        // A cross-site post carries no interaction cookie (SameSite=Lax, signed): it ends here.
        const interaction = await openInteraction(request, reply, request.params.uid);
        if (!interaction) return sendPage(reply, 400, expiredPage());
        const finish = async (result: Parameters<Provider['interactionResult']>[2]) => {
          const returnTo = await dev.provider.interactionResult(request.raw, reply.raw, result, {
            mergeWithLastSubmission: false,
          });
          return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
        };

        if (request.body.action === 'cancel') {
          return finish({ error: 'access_denied', error_description: 'The sign-in was cancelled' });
        }

        const email = request.body.email.trim();
        const name = request.body.name.trim().slice(0, 60);
        const emailError = !email
          ? 'Enter an e-mail address.'
          : email.length > 254 || !EMAIL_PATTERN.test(email)
            ? 'Enter a valid e-mail address, like ana@example.com.'
            : ((await dev.refusal(email)) ?? undefined);
        if (emailError) {
          return sendPage(
            reply,
            400,
            signInPage({ uid: interaction.uid, clientName: CLIENT_NAME, email, name, emailError }),
          );
        }

        const accountId = devAccountId(email);
        remember(dev, accountId, { email, name: name || null });
        const clientId =
          typeof interaction.params.client_id === 'string' ? interaction.params.client_id : DEV_CLIENT_ID;
        const grant = new dev.provider.Grant({ accountId, clientId });
        grant.addOIDCScope(IDENTITY_PROVIDER.defaultScope);
        const grantId = await grant.save();
        return finish({ login: { accountId }, consent: { grantId } });
      },
    );
  });
};
