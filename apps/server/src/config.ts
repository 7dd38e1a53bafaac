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
});

export type Config = z.infer<typeof envSchema> & { repoRoot: string; dataDir: string; webDist: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const c = parsed.data;
  return {
    ...c,
    repoRoot,
    dataDir: path.resolve(repoRoot, c.DATA_DIR),
    webDist: c.WEB_DIST ? path.resolve(repoRoot, c.WEB_DIST) : '',
  };
}
