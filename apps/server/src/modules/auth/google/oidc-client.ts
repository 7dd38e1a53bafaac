// The relying-party side of OpenID Connect for 'Log in with Google': issuer discovery, the
// authorization-code flow with PKCE, the token request (SPEC §9: a timeout per attempt and 3
// attempts in all) and ID-token verification. Hand-written on fetch and jose so each check
// the sign-in depends on is visible here; tests run it against a real local issuer.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { z } from 'zod';
import { IDENTITY_PROVIDER } from '@comics/shared/constants';
import type { VerifiedIdentity } from '../service';

/** SPEC §8 names the identity-provider failures; the codes let routes map them. */
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

/** The parts of the issuer's discovery document this client uses. */
export const issuerMetadata = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
});
export type IssuerMetadata = z.infer<typeof issuerMetadata>;

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Per-attempt timeout of every request to the issuer. */
  timeoutMs: number;
  /** Attempts of a request in all, retried on timeouts, network errors and 5xx answers. */
  attempts?: number;
  /** Known metadata (the in-process development provider); discovered from the issuer otherwise. */
  metadata?: IssuerMetadata;
  /** Verification keys held in this process; the issuer's jwks_uri is fetched otherwise. */
  jwks?: JSONWebKeySet;
  /** Where token requests go when not to the metadata's endpoint (a loopback back channel). */
  tokenEndpoint?: string;
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

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const randomToken = () => randomBytes(32).toString('base64url');

export function createFlowSecrets(): FlowSecrets {
  return { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() };
}

/** RFC 7636 S256: base64url(sha256(code_verifier)). */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** The callback's `state` must be the one this browser's flow cookie holds. */
export function checkState(expected: string | undefined, received: string | undefined): void {
  const a = Buffer.from(expected ?? '');
  const b = Buffer.from(received ?? '');
  if (a.length === 0 || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new OidcError('invalid_state', expected ? 'state does not match the flow cookie' : 'no flow cookie');
  }
}

/** RFC 6749 §2.3.1: client id and secret are form-encoded before they are joined for Basic. */
const formEncode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

const stringClaim = (payload: JWTPayload, name: string, max: number): string | null => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;
};

export class OidcClient {
  readonly issuer: string;
  readonly clientId: string;
  readonly #clientSecret: string;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #tokenEndpoint: string | undefined;
  readonly #localKeys: JWTVerifyGetKey | undefined;
  #remoteKeys: { uri: string; keys: JWTVerifyGetKey } | undefined;
  #metadata: { value: Promise<IssuerMetadata>; expiresAt: number } | undefined;

  constructor(options: OidcClientOptions) {
    this.issuer = withoutTrailingSlash(options.issuer);
    this.clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#timeoutMs = options.timeoutMs;
    this.#attempts = options.attempts ?? IDENTITY_PROVIDER.tokenRequestAttempts;
    this.#tokenEndpoint = options.tokenEndpoint;
    this.#localKeys = options.jwks ? createLocalJWKSet(options.jwks) : undefined;
    if (options.metadata) {
      this.#metadata = { value: Promise.resolve(options.metadata), expiresAt: Infinity };
    }
  }

  /** The issuer's metadata: given, or discovered once a day (a failed discovery is retried next time). */
  metadata(): Promise<IssuerMetadata> {
    if (this.#metadata && this.#metadata.expiresAt > Date.now()) return this.#metadata.value;
    const value = this.#discover();
    this.#metadata = { value, expiresAt: Date.now() + DISCOVERY_TTL_MS };
    value.catch(() => {
      if (this.#metadata?.value === value) this.#metadata = undefined;
    });
    return value;
  }

  async #discover(): Promise<IssuerMetadata> {
    const url = `${this.issuer}/.well-known/openid-configuration`;
    const response = await this.#send(url, { headers: { accept: 'application/json' } }, 'discovery');
    if (response.status !== 200) {
      throw new OidcError('http_error', `discovery answered ${response.status}`);
    }
    const parsed = issuerMetadata.safeParse(parseJson(response.text));
    if (!parsed.success) throw new OidcError('http_error', 'discovery document is not valid');
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
    if (withoutTrailingSlash(parsed.data.issuer) !== this.issuer) {
      throw new OidcError('http_error', `discovery names another issuer (${parsed.data.issuer})`);
    }
    if (!parsed.data.jwks_uri) throw new OidcError('http_error', 'discovery document has no jwks_uri');
    return parsed.data;
  }

  /** Where to send the browser: the authorization endpoint with PKCE (S256), state and nonce. */
  async authorizationUrl(options: {
    redirectUri: string;
    flow: FlowSecrets;
    /** Overrides the metadata's endpoint (the development provider answers on the shop's own origin). */
    endpoint?: string;
    extraParams?: Record<string, string>;
  }): Promise<string> {
    const url = new URL(options.endpoint ?? (await this.metadata()).authorization_endpoint);
    const params = {
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: options.redirectUri,
      scope: IDENTITY_PROVIDER.defaultScope,
      state: options.flow.state,
      nonce: options.flow.nonce,
      code_challenge: codeChallengeOf(options.flow.codeVerifier),
      code_challenge_method: 'S256',
      ...options.extraParams,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /**
   * Completes a flow: the authorization response's issuer (RFC 9207) when it names one, then the
   * code exchanged for an ID token, which is verified with the flow's nonce.
   */
  async completeFlow(options: {
    code: string;
    redirectUri: string;
    flow: FlowSecrets;
    iss?: string | undefined;
  }): Promise<VerifiedIdentity> {
    const metadata = await this.metadata();
    if (options.iss !== undefined && withoutTrailingSlash(options.iss) !== withoutTrailingSlash(metadata.issuer)) {
      throw new OidcError('invalid_token', 'the authorization response names another issuer');
    }
    const idToken = await this.exchangeCode({
      code: options.code,
      redirectUri: options.redirectUri,
      codeVerifier: options.flow.codeVerifier,
    });
    return this.verifyIdToken(idToken, { nonce: options.flow.nonce });
  }

  /** The token request of the authorization-code grant; answers the ID token. */
  async exchangeCode(options: { code: string; redirectUri: string; codeVerifier: string }): Promise<string> {
    const metadata = await this.metadata();
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: options.code,
      redirect_uri: options.redirectUri,
      code_verifier: options.codeVerifier,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    // client_secret_basic is the default an issuer must support unless it lists only _post.
    const methods = metadata.token_endpoint_auth_methods_supported;
    if (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) {
      const credentials = `${formEncode(this.clientId)}:${formEncode(this.#clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      body.set('client_id', this.clientId);
      body.set('client_secret', this.#clientSecret);
    }

    const endpoint = this.#tokenEndpoint ?? metadata.token_endpoint;
    const response = await this.#send(endpoint, { method: 'POST', headers, body: body.toString() }, 'token request');
    const answer = parseJson(response.text) as { id_token?: unknown; error?: unknown } | null;
    if (response.status !== 200) {
      // The error code (invalid_grant, invalid_client…) is no secret and says what went wrong.
      const reason = typeof answer?.error === 'string' ? ` (${answer.error.slice(0, 64)})` : '';
      throw new OidcError('http_error', `token request answered ${response.status}${reason}`);
    }
    if (typeof answer?.id_token !== 'string') {
      throw new OidcError('http_error', 'the token response has no id_token');
    }
    return answer.id_token;
  }

  /**
   * Verifies an ID token: signature by the issuer's keys (asymmetric algorithms only), `iss`,
   * `aud` (and `azp`), `exp` and `iat` with the leeway of SPEC §9, the flow's `nonce` when there
   * is one, and a verified e-mail address.
   */
  async verifyIdToken(idToken: string, expected: { nonce?: string } = {}): Promise<VerifiedIdentity> {
    const metadata = await this.metadata();
    const leeway = IDENTITY_PROVIDER.tokenLeewaySeconds;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.#keys(metadata), {
        issuer: [metadata.issuer, ...(ISSUER_ALIASES[metadata.issuer] ?? [])],
        audience: this.clientId,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: leeway,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw verificationError(error);
    }

    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat !== 'number' || payload.iat > now + leeway) {
      throw new OidcError('invalid_token', '"iat" is in the future');
    }
    // OpenID Connect Core §3.1.3.7: with several audiences, the token must be issued to us.
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== this.clientId) {
      throw new OidcError('invalid_token', 'unexpected "azp" claim value');
    }
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
      throw new OidcError('invalid_token', 'unexpected "nonce" claim value');
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

  #keys(metadata: IssuerMetadata): JWTVerifyGetKey {
    if (this.#localKeys) return this.#localKeys;
    const uri = metadata.jwks_uri;
    if (!uri) throw new OidcError('http_error', 'the issuer publishes no jwks_uri');
    if (this.#remoteKeys?.uri !== uri) {
      this.#remoteKeys = { uri, keys: createRemoteJWKSet(new URL(uri), { timeoutDuration: this.#timeoutMs }) };
    }
    return this.#remoteKeys.keys;
  }

  /**
   * One request to the issuer with a timeout per attempt (the body is read within it), retried
   * on timeouts, network errors and 5xx; a 4xx answer is final. Answers status and body text.
   */
  async #send(url: string, init: RequestInit, what: string): Promise<{ status: number; text: string }> {
    let failure: OidcError | undefined;
    for (let attempt = 1; attempt <= this.#attempts; attempt += 1) {
      if (attempt > 1) await sleep(RETRY_DELAY_MS * (attempt - 1));
      try {
        const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.#timeoutMs) });
        const text = await response.text();
        if (response.status >= 500) {
          failure = new OidcError('http_error', `${what} answered ${response.status} (attempt ${attempt})`);
          continue;
        }
        if (text.length > MAX_RESPONSE_CHARS) throw new OidcError('http_error', `${what} answer is too large`);
        return { status: response.status, text };
      } catch (error) {
        if (error instanceof OidcError) throw error;
        failure = isTimeout(error)
          ? new OidcError('timeout', `${what} timed out after ${this.#timeoutMs} ms (attempt ${attempt})`)
          : new OidcError('http_error', `${what} failed: ${describe(error)} (attempt ${attempt})`);
      }
    }
    throw failure ?? new OidcError('http_error', `${what} was not attempted`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
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
