// The relying-party side of OpenID Connect for 'Log in with Google', on the certified
// openid-client: discovery, the authorization-code flow with PKCE, the code exchange and the
// checks of its ID token come from the library. What stays here: the transport to the issuer
// (docs/product.md §9: a timeout per attempt and 3 attempts in all), the shop's own rules on the claims
// (a verified e-mail address, the limits of what is stored), and the verification of a bare ID
// token (POST /login/auth/google) on jose, for which openid-client has no public API.
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRemoteJWKSet, customFetch as joseFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { IDENTITY_PROVIDER } from '@comics/shared/constants';
import type { VerifiedIdentity } from '../service';

/** docs/product.md §8 names the identity-provider failures; the codes let routes map them. */
export const oidcErrorMessages = {
  invalid_state: 'Invalid state',
  timeout: 'Timeout when executing fetch',
  http_error: 'HTTP error. Unable to fetch',
  invalid_token: 'Invalid ID token',
  unverified_email: 'The e-mail address of this account is not verified',
} as const;
export type OidcErrorCode = keyof typeof oidcErrorMessages;

export class OidcError extends Error {
  /** `detail` says what exactly failed, for the logs; it never holds a code, token or secret. */
  constructor(
    readonly code: OidcErrorCode,
    readonly detail: string,
  ) {
    super(oidcErrorMessages[code]);
    this.name = 'OidcError';
  }
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Per-attempt timeout of every request to the issuer. */
  timeoutMs: number;
  /** Attempts of a request in all, retried on timeouts, network errors and 5xx answers. */
  attempts?: number;
  /** Known metadata (the in-process development provider); discovered from the issuer otherwise. */
  metadata?: oidc.ServerMetadata;
}

/** The secrets of one authorization-code flow, kept by the browser in an httpOnly cookie. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Signatures an issuer's keys make: never a shared secret (HS*) and never 'none'. */
const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;
const RETRY_DELAY_MS = 100;
const MAX_RESPONSE_CHARS = 256 * 1024;

/** Google writes its issuer both with and without the scheme (its documentation says so). */
const ISSUER_ALIASES: Record<string, string[]> = { 'https://accounts.google.com': ['accounts.google.com'] };

/** 32 random bytes each, base64url (43 characters: the flow cookie's format). */
export function createFlowSecrets(): FlowSecrets {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** The callback's `state` must be the one this browser's flow cookie holds (before any request). */
export function checkState(expected: string | undefined, received: string | undefined): void {
  const a = Buffer.from(expected ?? '');
  const b = Buffer.from(received ?? '');
  if (a.length === 0 || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new OidcError('invalid_state', expected ? 'state does not match the flow cookie' : 'no flow cookie');
  }
}

const isLoopback = (url: URL) => /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);

export class OidcClient {
  readonly issuer: string;
  readonly clientId: string;
  readonly #clientSecret: string;
  readonly #known: oidc.ServerMetadata | undefined;
  /** Requests to the issuer: retried, with a timeout per attempt (customFetch of both libraries). */
  readonly #fetch: IssuerFetch;
  /** The whole of a request's attempts, as the libraries' own overall timeout (a backstop). */
  readonly #budgetMs: number;
  #configuration: { value: Promise<oidc.Configuration>; expiresAt: number } | undefined;
  #remoteKeys: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

  constructor(options: OidcClientOptions) {
    this.issuer = options.issuer;
    this.clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#known = options.metadata;
    const attempts = options.attempts ?? IDENTITY_PROVIDER.tokenRequestAttempts;
    this.#budgetMs = attempts * options.timeoutMs + (RETRY_DELAY_MS * attempts * (attempts - 1)) / 2 + 1000;
    // Plain HTTP where TLS protects nothing or the operator chose it: an issuer configured as
    // http:// (config.ts accepts it: loopback and test issuers, the development provider on an
    // http PUBLIC_URL) on its own origin, and loopback addresses (the development provider's
    // back channel, even when its public URL is https). Everything else must be https.
    const issuerUrl = new URL(this.issuer);
    const plainHttp = (url: URL) =>
      isLoopback(url) || (issuerUrl.protocol === 'http:' && url.origin === issuerUrl.origin);
    this.#fetch = issuerFetch({ timeoutMs: options.timeoutMs, attempts, plainHttp });
  }

  /** The issuer's metadata: given, or discovered once a day (a failed discovery is retried next time). */
  async metadata(): Promise<oidc.ServerMetadata> {
    return (await this.#config()).serverMetadata();
  }

  #config(): Promise<oidc.Configuration> {
    if (this.#configuration && this.#configuration.expiresAt > Date.now()) return this.#configuration.value;
    const value = this.#configure();
    this.#configuration = { value, expiresAt: this.#known ? Infinity : Date.now() + DISCOVERY_TTL_MS };
    value.catch(() => {
      if (this.#configuration?.value === value) this.#configuration = undefined;
    });
    return value;
  }

  async #configure(): Promise<oidc.Configuration> {
    const metadata: Partial<oidc.ClientMetadata> = {
      client_secret: this.#clientSecret,
      [oidc.clockTolerance]: IDENTITY_PROVIDER.tokenLeewaySeconds,
    };
    // The library refuses plain HTTP unless told; issuerFetch then says where it may be used.
    const known = this.#known;
    const endpoints = [known?.authorization_endpoint, known?.token_endpoint, known?.jwks_uri];
    const http = [this.issuer, ...endpoints].some((url) => url?.startsWith('http:'));
    // The ID token arrives over the token request's channel, which OpenID Connect Core §3.1.3.7
    // lets a client trust instead of its signature; verify it anyway (the issuer's keys only, so
    // never HS* or 'none'): an http issuer has no TLS to trust.
    const execute = [oidc.enableNonRepudiationChecks, ...(http ? [oidc.allowInsecureRequests] : [])];
    const timeout = this.#budgetMs / 1000;
    let config: oidc.Configuration;
    if (this.#known) {
      config = new oidc.Configuration(this.#known, this.clientId, metadata, clientAuthentication);
      config[oidc.customFetch] = this.#fetch;
      config.timeout = timeout;
      for (const extension of execute) extension(config);
    } else {
      try {
        config = await oidc.discovery(new URL(this.issuer), this.clientId, metadata, clientAuthentication, {
          [oidc.customFetch]: this.#fetch,
          timeout,
          execute,
        });
      } catch (error) {
        throw libraryError(error, 'discovery');
      }
    }
    if (!config.serverMetadata().jwks_uri) throw new OidcError('http_error', 'the issuer publishes no jwks_uri');
    return config;
  }

  /** Where to send the browser: the authorization endpoint with PKCE (S256), state and nonce. */
  async authorizationUrl(options: {
    redirectUri: string;
    flow: FlowSecrets;
    /** Overrides the metadata's endpoint (the development provider answers on the shop's own origin). */
    endpoint?: string;
    extraParams?: Record<string, string>;
  }): Promise<string> {
    const url = oidc.buildAuthorizationUrl(await this.#config(), {
      redirect_uri: options.redirectUri,
      scope: IDENTITY_PROVIDER.defaultScope,
      state: options.flow.state,
      nonce: options.flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(options.flow.codeVerifier),
      code_challenge_method: 'S256',
      ...options.extraParams,
    });
    if (!options.endpoint) return url.href;
    const target = new URL(options.endpoint);
    target.search = url.search;
    return target.href;
  }

  /**
   * Completes a flow whose `state` the route has checked: the authorization response's `iss`
   * (RFC 9207), the code exchanged with the PKCE verifier, and the ID token's signature, `iss`,
   * `aud`, `azp`, `exp` (60 s of leeway) and `nonce`, all by openid-client; then the shop's rules.
   */
  async completeFlow(options: {
    code: string;
    redirectUri: string;
    flow: FlowSecrets;
    iss?: string | undefined;
  }): Promise<VerifiedIdentity> {
    const config = await this.#config();
    // The library reads the authorization response from the callback URL.
    const callback = new URL(options.redirectUri);
    callback.search = new URLSearchParams({
      code: options.code,
      state: options.flow.state,
      ...(options.iss === undefined ? {} : { iss: options.iss }),
    }).toString();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: options.flow.codeVerifier,
        expectedState: options.flow.state,
        expectedNonce: options.flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw libraryError(error, 'code exchange');
    }
    if (!claims) throw new OidcError('http_error', 'the token response has no id_token');
    return identityOf(claims, this.clientId);
  }

  /**
   * Verifies a bare ID token, one that did not come from our token request: openid-client
   * validates ID tokens only inside a flow's response, so this one check is on jose. Signature
   * by the issuer's keys (asymmetric algorithms only), `iss`, `aud`, `exp` and `iat` with the
   * leeway of docs/product.md §9, the `nonce` when one is expected; then the shop's rules.
   */
  async verifyIdToken(idToken: string, expected: { nonce?: string } = {}): Promise<VerifiedIdentity> {
    const metadata = await this.metadata();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.#keys(metadata.jwks_uri!), {
        issuer: [metadata.issuer, ...(ISSUER_ALIASES[metadata.issuer] ?? [])],
        audience: this.clientId,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: IDENTITY_PROVIDER.tokenLeewaySeconds,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw verificationError(error);
    }
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
      throw new OidcError('invalid_token', 'unexpected "nonce" claim value');
    }
    return identityOf(payload, this.clientId);
  }

  #keys(uri: string) {
    if (this.#remoteKeys?.uri !== uri) {
      const keys = createRemoteJWKSet(new URL(uri), { timeoutDuration: this.#budgetMs, [joseFetch]: this.#fetch });
      this.#remoteKeys = { uri, keys };
    }
    return this.#remoteKeys.keys;
  }
}

/** client_secret_basic is the default an issuer must support unless it lists only _post. */
const clientAuthentication: oidc.ClientAuth = (as, client, body, headers) => {
  const methods = as.token_endpoint_auth_methods_supported;
  const postOnly = methods?.includes('client_secret_post') && !methods.includes('client_secret_basic');
  (postOnly ? oidc.ClientSecretPost() : oidc.ClientSecretBasic())(as, client, body, headers);
};

const stringClaim = (payload: JWTPayload, name: string, max: number): string | null => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;
};

/**
 * The shop's rules on verified claims, whichever way they came: `iat` not in the future (the
 * libraries check only its type), `azp` ours whenever present (stricter than the library, which
 * looks at it only with several audiences), a verified e-mail, and the limits of what is stored.
 */
function identityOf(payload: JWTPayload, clientId: string): VerifiedIdentity {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.iat !== 'number' || payload.iat > now + IDENTITY_PROVIDER.tokenLeewaySeconds) {
    throw new OidcError('invalid_token', '"iat" is in the future');
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== clientId) {
    throw new OidcError('invalid_token', 'unexpected "azp" claim value');
  }
  const subject = stringClaim(payload, 'sub', 255);
  const email = stringClaim(payload, 'email', 254);
  if (!subject) throw new OidcError('invalid_token', 'no usable "sub" claim');
  if (!email || !email.includes('@')) throw new OidcError('invalid_token', 'no usable "email" claim');
  if (payload.email_verified !== true) {
    throw new OidcError('unverified_email', 'the token does not say the e-mail address is verified');
  }
  const picture = stringClaim(payload, 'picture', 2048);
  return {
    subject,
    email,
    name: stringClaim(payload, 'name', 500)?.slice(0, 60).trim() ?? null,
    picture: picture && /^https?:\/\//i.test(picture) ? picture : null,
  };
}

/** What both libraries hand their customFetch (openid-client's and jose's options both fit). */
type IssuerFetch = (
  url: string,
  init: {
    method?: string;
    headers?: HeadersInit;
    body?: oidc.FetchBody;
    redirect?: RequestRedirect;
    signal?: AbortSignal;
  },
) => Promise<Response>;

/**
 * One request to the issuer with a timeout per attempt (the body is read within it), retried
 * on timeouts, network errors and 5xx; a 4xx answer is final and goes back to the library.
 * Fails with an OidcError (timeout or http_error), which the libraries pass on as a cause.
 */
function issuerFetch(options: { timeoutMs: number; attempts: number; plainHttp: (url: URL) => boolean }): IssuerFetch {
  return async (href, init) => {
    const url = new URL(href);
    const what = `${init.method ?? 'GET'} ${url.origin}${url.pathname}`;
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.plainHttp(url))) {
      throw new OidcError('http_error', `${what} refused: not https`);
    }
    let failure: OidcError | undefined;
    for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
      if (attempt > 1) await sleep(RETRY_DELAY_MS * (attempt - 1));
      if (init.signal?.aborted) break;
      const timeout = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await fetch(url, {
          ...init,
          // The libraries send strings and URLSearchParams; their type also names Uint8Array<ArrayBufferLike>.
          body: init.body as BodyInit | null | undefined,
          signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
        });
        const text = await response.text();
        if (response.status >= 500) {
          failure = new OidcError('http_error', `${what} answered ${response.status} (attempt ${attempt})`);
          continue;
        }
        if (text.length > MAX_RESPONSE_CHARS) throw new OidcError('http_error', `${what}: the answer is too large`);
        const empty = [204, 205, 304].includes(response.status);
        return new Response(empty ? null : text, { status: response.status, headers: response.headers });
      } catch (error) {
        if (error instanceof OidcError) throw error;
        failure = isTimeout(error)
          ? new OidcError('timeout', `${what} timed out after ${options.timeoutMs} ms (attempt ${attempt})`)
          : new OidcError('http_error', `${what} failed: ${describe(error)} (attempt ${attempt})`);
      }
    }
    throw failure ?? new OidcError('timeout', `${what} ran out of time`);
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Codes of openid-client errors about the transport or the shape of an answer, not the token. */
const TRANSPORT_CODES = new Set([
  'OAUTH_HTTP_REQUEST_FORBIDDEN',
  'OAUTH_REQUEST_PROTOCOL_FORBIDDEN',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_ABORT',
  undefined,
]);

/**
 * openid-client's failures as ours: our transport's own (a cause), the issuer's error answers,
 * and in the code exchange everything else is a verdict on the answer or its ID token.
 */
function libraryError(error: unknown, during: 'discovery' | 'code exchange'): OidcError {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OidcError) return cause;
  }
  if (error instanceof oidc.ResponseBodyError) {
    // The error code (invalid_grant, invalid_client…) is no secret and says what went wrong.
    return new OidcError('http_error', `${during}: the issuer answered ${error.status} (${error.error.slice(0, 64)})`);
  }
  if (error instanceof oidc.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT') return new OidcError('timeout', `${during} timed out`);
    const code = during === 'discovery' || TRANSPORT_CODES.has(error.code) ? 'http_error' : 'invalid_token';
    return new OidcError(code, `${during}: ${error.code ?? 'error'}: ${describe(error)}`);
  }
  return new OidcError('http_error', `${during} failed: ${describe(error)}`);
}

/** jose's verdicts on the token itself are invalid_token; failing to fetch the keys is not. */
function verificationError(error: unknown): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof joseErrors.JWKSTimeout) return new OidcError('timeout', 'the JWKS request timed out');
  if (
    error instanceof joseErrors.JWTClaimValidationFailed ||
    error instanceof joseErrors.JWTExpired ||
    error instanceof joseErrors.JWTInvalid ||
    error instanceof joseErrors.JWSInvalid ||
    error instanceof joseErrors.JWSSignatureVerificationFailed ||
    error instanceof joseErrors.JOSEAlgNotAllowed ||
    error instanceof joseErrors.JOSENotSupported ||
    error instanceof joseErrors.JWKSNoMatchingKey ||
    error instanceof joseErrors.JWKSMultipleMatchingKeys ||
    error instanceof joseErrors.JWKInvalid
  ) {
    return new OidcError('invalid_token', `${error.code}: ${error.message}`);
  }
  return new OidcError('http_error', `the issuer's keys could not be fetched: ${describe(error)}`);
}
