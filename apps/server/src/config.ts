// Every setting the server reads, parsed once at boot: a bad value stops the process
// with a message naming the variable, instead of failing later at request time.
import path from 'node:path';
import { z } from 'zod';

import { repoRoot } from './paths';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the embedded database and local media; relative paths are from the repo root. */
  DATA_DIR: z.string().default('data'),
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
  /** Set when behind a reverse proxy, so client IPs and https are read from its headers. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a cached catalogue answer may be served before it is read again. */
  CATALOG_CACHE_TTL: z.coerce.number().int().min(0).max(86400).default(60),
  /** The shop's public address (origin), e.g. https://comics.example; default http://localhost:PORT. */
  PUBLIC_URL: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  /** Sign-in and sign-up attempts one IP may make per minute (per-e-mail limits are fixed). */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** OpenID Connect issuer for 'Log in with Google' (https://accounts.google.com in production). */
  OIDC_ISSUER: z.union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })]).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The bundled development OpenID provider under /oidc, used when no issuer is set. */
  OIDC_DEV_PROVIDER: z.enum(['true', 'false']).optional(),
  /** Token requests to the issuer time out after this long (3 attempts in all). */
  OIDC_HTTP_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'OIDC_DEV_PROVIDER'> & {
  repoRoot: string;
  dataDir: string;
  webDist: string;
  /** Origin of the shop as users reach it, without a trailing slash. */
  publicUrl: string;
  /** Whether the bundled development OpenID provider runs (never implicitly in production). */
  oidcDevProvider: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const { PUBLIC_URL, OIDC_DEV_PROVIDER, ...c } = parsed.data;
  if (c.OIDC_ISSUER && !(c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET)) {
    throw new Error('Invalid environment:\n  OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  return {
    ...c,
    publicUrl: new URL(PUBLIC_URL ?? `http://localhost:${c.PORT}`).origin,
    oidcDevProvider: !c.OIDC_ISSUER && (OIDC_DEV_PROVIDER ? OIDC_DEV_PROVIDER === 'true' : c.NODE_ENV !== 'production'),
    repoRoot,
    dataDir: path.resolve(repoRoot, c.DATA_DIR),
    webDist: c.WEB_DIST ? path.resolve(repoRoot, c.WEB_DIST) : '',
  };
}
