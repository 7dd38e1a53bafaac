// `npm run seed -w @comics/server -- --volumes 10000 --issues 100000 [--reset]`: seeds the
// catalogue outside the server (e.g. a large one for load tests) into the database the
// environment names: DATABASE_URL, else the embedded PGlite under DATA_DIR.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { DEMO_ISSUES, DEMO_VOLUMES } from '../seed/demo-catalog';
import { seedCatalog } from '../seed/seed-catalog';

const USAGE = `Usage: npm run seed -w @comics/server -- [--volumes N] [--issues N] [--seed N] [--reset]

  --volumes N  volumes to generate (default ${DEMO_VOLUMES})
  --issues N   issues to generate, at least one per volume (default ${DEMO_ISSUES})
  --seed N     seed of the generator (default: the demo's)
  --reset      first delete the catalogue (and, by cascade, reviews, carts, favourites and purchases)`;

/** Far beyond any demo or load test; stops a typo from exhausting memory. */
const MAX_ISSUES = 5_000_000;

interface SeedArgs {
  volumes: number;
  issues: number;
  seed?: number;
  reset: boolean;
  help: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): SeedArgs {
  const args: SeedArgs = { volumes: DEMO_VOLUMES, issues: DEMO_ISSUES, reset: false, help: false };
  let issuesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inlineValue] = arg.startsWith('--') && arg.includes('=') ? splitOnce(arg, '=') : [arg, undefined];
    const value = (): string => {
      const v = inlineValue ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--volumes':
        args.volumes = positiveInteger(flag, value());
        break;
      case '--issues':
        args.issues = positiveInteger(flag, value());
        issuesGiven = true;
        break;
      case '--seed':
        args.seed = positiveInteger(flag, value());
        break;
      case '--reset':
        args.reset = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new UsageError(`Unknown argument: ${arg}`);
    }
  }
  // Only --volumes given: keep the demo's 20 issues per volume rather than failing.
  if (!issuesGiven) args.issues = Math.max(args.volumes, args.volumes * (DEMO_ISSUES / DEMO_VOLUMES));
  if (args.issues < args.volumes) {
    throw new UsageError(
      `--issues (${args.issues}) must be at least --volumes (${args.volumes}): every volume has an issue`,
    );
  }
  if (args.issues > MAX_ISSUES) throw new UsageError(`--issues must be at most ${MAX_ISSUES}`);
  return args;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

function positiveInteger(flag: string, text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`${flag} must be a positive whole number, got '${text}'`);
  }
  return n;
}

async function main(): Promise<number> {
  let args: SeedArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  try {
    await migrate(database.db);
    const started = performance.now();
    if (args.reset) {
      await database.db.execute(sql`truncate publishers, volumes, issues restart identity cascade`);
      console.log('Deleted the existing catalogue.');
    }
    const result = await seedCatalog(database.db, {
      volumes: args.volumes,
      issues: args.issues,
      ...(args.seed === undefined ? {} : { seed: args.seed }),
    });
    const elapsed = Math.round(performance.now() - started);
    const counts = `${result.publishers} publishers, ${result.volumes} volumes, ${result.issues} issues`;
    if (result.seeded) {
      console.log(`Seeded ${counts} into ${where} in ${elapsed} ms.`);
    } else {
      console.log(`The catalogue already has ${counts} (${where}); nothing seeded. Use --reset to replace it.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
