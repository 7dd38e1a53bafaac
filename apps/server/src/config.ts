// Every setting the server reads, parsed once at boot: a bad value stops the process
// with a message naming the variable, instead of failing later at request time.
import path from 'node:path';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { z } from 'zod';

import { repoRoot } from './paths';

/** An optional string where empty means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on; default 127.0.0.1 outside production, every interface in production. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the embedded database and local media; relative paths are from the repo root. */
  DATA_DIR: z.string().default('data'),
  /**
   * Where archives uploaded on the Import screen wait to be imported (tus); default
   * DATA_DIR/import-uploads. Instances on several machines need one folder they all mount.
   */
  IMPORT_UPLOAD_DIR: z.string().min(1).optional(),
  /** postgres://… to use a PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^postgres(ql)?$/ })]).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** Seed the demo catalogue on first start when the catalogue is empty. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Built SPA to serve; empty to serve the API only. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /**
   * Behind reverse proxies: how many hops to trust (1 behind one proxy), or the proxies'
   * addresses or CIDR ranges, comma-separated. Client IPs and https are then read from their
   * X-Forwarded-* headers. Never 'true': trusting every hop lets a client forge its IP.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const trimmed = value.trim();
      if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
      if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 32);
      const addresses = trimmed.split(',').map((part) => part.trim());
      if (trimmed !== 'true' && addresses.every(isProxyAddress)) return addresses;
      ctx.addIssue({
        code: 'custom',
        message:
          trimmed === 'true'
            ? "'true' would trust any X-Forwarded-For a client sends; give the number of proxies in front (1 behind one proxy) or their addresses"
            : 'expected false, a hop count, or proxy addresses / CIDR ranges separated by commas',
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a cached catalogue answer may be served before it is read again. */
  CATALOG_CACHE_TTL: z.coerce.number().int().min(0).max(86400).default(60),
  /**
   * The shop's public address (origin), e.g. https://comics.example: every absolute link the shop
   * writes, and whether its session cookie is Secure. Required in production; elsewhere
   * http://localhost:PORT by default.
   */
  PUBLIC_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  /**
   * Failed password logins from unknown browsers, and sign-up and Google sign-in attempts, one IP
   * may make per minute (the per-account and per-device login budgets are fixed: login-brakes.ts).
   */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Declined payments from one IP, by accounts that never paid, after which such accounts' checkouts
   * from it pause for 15 minutes (modules/checkout/decline-brakes.ts; per buyer the limit is fixed).
   */
  CHECKOUT_DECLINES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Catalogue reads that miss the answer cache (so reach the database) one IP may make per minute; 0 for no limit. */
  PUBLIC_READ_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** Bytes the catalogue's answer cache may hold, compressed copies included (least recently used go first). */
  CATALOG_CACHE_MAX_BYTES: z.coerce.number().int().min(1_048_576).default(67_108_864),
  /**
   * Cents each issue of a comic added through POST /api/comics costs until an administrator
   * prices it: 50 (the card networks' minimum charge) to 99999, as an admin's price edit allows.
   */
  DEFAULT_ISSUE_PRICE_CENTS: z.coerce.number().int().min(50).max(99_999).default(399),
  /** OpenID Connect issuer for 'Log in with Google' (https://accounts.google.com in production). */
  OIDC_ISSUER: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The bundled development OpenID provider under /oidc, used when no issuer is set (never in production). */
  OIDC_DEV_PROVIDER: z.enum(['true', 'false']).optional(),
  /** Create the demo ADMIN and USER accounts (published passwords): default SEED_DEMO, but off in production. */
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  /** Serve the API documentation UI at /api/docs: default on, except in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Absolute session lifetimes from sign-in, whatever the activity: USER 30 days, ADMIN 12 hours. */
  SESSION_MAX_HOURS_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(30 * 24),
  SESSION_MAX_HOURS_ADMIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(12),
  /** Token requests to the issuer time out after this long (3 attempts in all). */
  OIDC_HTTP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /**
   * Who takes card payments: 'stripe' (default when both Stripe keys are set) or 'sandbox', the
   * built-in gateway that follows Stripe's test cards (default outside production; in production
   * only when asked for, since its test cards buy comics for free).
   */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** Signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe API is (a stripe-mock or a test stand-in); default Stripe's own. */
  STRIPE_API_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  /** smtp://user:pass@host:port (or smtps://) for outgoing mail; unset: messages are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^smtps?$/ })]).optional(),
  /** The From of the shop's e-mail. */
  MAIL_FROM: z.string().min(3).default('Comics Shop <no-reply@comics-shop.localhost>'),
  /**
   * How long an instance's claim on queued e-mail lasts. The mail an instance that died was sending
   * goes out from another at its next poll, once it sees that instance gone (db/instance-lock.ts);
   * the lease is the bound when that cannot be told. A worker starts no send that could outlast its
   * claim (one send may take SEND_TIMEOUT_MS, 60 s), hence at least 75.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(75).max(3600).default(120),
  /**
   * redis://… shared by every instance: attempt and rate limits are counted there, and cache
   * invalidations (a logout, a role change, a price edit) are published there to every instance.
   * Unset: both stay in this process, which is right for exactly one instance.
   */
  REDIS_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^rediss?$/ })]).optional(),
  /** Prefix of every key and channel the shop uses in Redis, so several shops (or test runs) can share one. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only')
    .default('comics:'),
  /** An S3-compatible bucket for media (uploads, generated covers' copies); unset: DATA_DIR/media on local disk. */
  S3_ENDPOINT: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addresses (http://host/bucket/key), which most self-hosted S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Origins (scheme://host[:port]) of clients on other sites allowed to call the API, comma-separated,
   * credentials included; none by default. Never '*'.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx): string[] => {
      const origins: string[] = [];
      for (const part of value.split(',').map((p) => p.trim())) {
        if (part === '') continue;
        let url: URL | null = null;
        try {
          url = new URL(part);
        } catch {
          url = null;
        }
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, '')) {
          ctx.addIssue({
            code: 'custom',
            message: `${JSON.stringify(part)} is not an origin like https://app.example`,
          });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /**
   * Address that serves this shop's /media paths (a CDN whose origin is the shop), e.g.
   * https://cdn.example: media URLs in API answers become absolute on it. Unset: /media/… on this host.
   */
  MEDIA_BASE_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  /**
   * Port of the Prometheus /metrics listener, on METRICS_HOST only; 0 (default) for none. The
   * shop's own port never answers /metrics.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * On SIGTERM: milliseconds /api/ready answers 503 (so the load balancer stops sending) before
   * the server stops taking connections and finishes the requests in flight.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** This instance's name in logs, metrics and the cluster's messages; default host name and pid. */
  INSTANCE_ID: optionalText,
});

/** What Fastify's trustProxy takes, less `true`. */
export type TrustProxy = false | number | string[];

/** An IPv4/IPv6 address, optionally with a /prefix. */
function isProxyAddress(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = Omit<
  z.infer<typeof envSchema>,
  'PUBLIC_URL' | 'OIDC_DEV_PROVIDER' | 'DEMO_ACCOUNTS' | 'API_DOCS' | 'HOST' | 'PAYMENT_GATEWAY'
> & {
  /** Who takes payments; 'none' when nobody may (production without Stripe or an explicit sandbox). */
  paymentGateway: 'sandbox' | 'stripe' | 'none';
  HOST: string;
  repoRoot: string;
  dataDir: string;
  importUploadDir: string;
  webDist: string;
  /** Origin of the shop as users reach it, without a trailing slash. */
  publicUrl: string;
  /** Whether the bundled development OpenID provider runs (never in production). */
  oidcDevProvider: boolean;
  /** Whether the demo accounts, whose passwords are published, are created. */
  demoAccounts: boolean;
  apiDocs: boolean;
  /** The media bucket when S3_ENDPOINT is set (null: local disk). */
  s3: S3Settings | null;
  /** INSTANCE_ID, or this host's name and pid. */
  instanceId: string;
};

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const flag = (value: 'true' | 'false' | undefined, fallback: boolean) => (value ? value === 'true' : fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const { PUBLIC_URL, OIDC_DEV_PROVIDER, DEMO_ACCOUNTS, API_DOCS, HOST, PAYMENT_GATEWAY, ...c } = parsed.data;
  const production = c.NODE_ENV === 'production';
  if (c.OIDC_ISSUER && !(c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET)) {
    throw new Error('Invalid environment:\n  OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  if (production && OIDC_DEV_PROVIDER === 'true') {
    // Its sign-in page takes any e-mail without a password: never a door on a real shop.
    throw new Error(
      'Invalid environment:\n  OIDC_DEV_PROVIDER=true is refused with NODE_ENV=production: the development sign-in ' +
        'takes any e-mail without a password. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Google.',
    );
  }
  const stripeKeys = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY);
  if (
    Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_PUBLISHABLE_KEY) ||
    (PAYMENT_GATEWAY === 'stripe' && !stripeKeys)
  ) {
    throw new Error('Invalid environment:\n  Stripe needs both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  const s3Given = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Given !== 0 && s3Given !== 4) {
    throw new Error(
      'Invalid environment:\n  S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  if (production && !PUBLIC_URL) {
    // The default (http://localhost) would put every link on localhost and leave the session
    // cookie without Secure: a production shop says where it lives.
    throw new Error(
      "Invalid environment:\n  PUBLIC_URL is required with NODE_ENV=production: set it to the shop's address as " +
        'shoppers reach it, e.g. PUBLIC_URL=https://comics.example (links, link previews, sign-in redirects and the ' +
        "session cookie's Secure flag follow it).",
    );
  }
  const paymentGateway = PAYMENT_GATEWAY ?? (stripeKeys ? 'stripe' : production ? 'none' : 'sandbox');
  return {
    ...c,
    paymentGateway,
    // Outside production only this machine can reach the shop unless HOST says otherwise.
    HOST: HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: new URL(PUBLIC_URL ?? `http://localhost:${c.PORT}`).origin,
    oidcDevProvider: !c.OIDC_ISSUER && flag(OIDC_DEV_PROVIDER, !production),
    demoAccounts: flag(DEMO_ACCOUNTS, c.SEED_DEMO && !production),
    apiDocs: flag(API_DOCS, !production),
    repoRoot,
    dataDir: path.resolve(repoRoot, c.DATA_DIR),
    importUploadDir: path.resolve(repoRoot, c.IMPORT_UPLOAD_DIR ?? path.join(c.DATA_DIR, 'import-uploads')),
    s3:
      s3Given === 4
        ? {
            endpoint: c.S3_ENDPOINT!,
            bucket: c.S3_BUCKET!,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID!,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
          }
        : null,
    instanceId: c.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    webDist: c.WEB_DIST ? path.resolve(repoRoot, c.WEB_DIST) : '',
  };
}

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, ::1): nobody else can reach it. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

/**
 * Settings that are allowed but unsafe: server.ts prints each as a WARNING at every start (as it
 * does for DEMO_ACCOUNTS=true), so nobody runs them without being told.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const publicUrl = new URL(config.publicUrl);
  if (config.NODE_ENV === 'production' && publicUrl.protocol === 'http:' && !isLoopbackHost(publicUrl.hostname)) {
    warnings.push(
      `PUBLIC_URL=${config.publicUrl} is plain http on a host others reach: the session cookie is not Secure and ` +
        'passwords and sessions cross the network unencrypted. Serve the shop over https and set PUBLIC_URL=https://….',
    );
  }
  return warnings;
}
