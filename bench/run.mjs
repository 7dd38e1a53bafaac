// `npm run bench`: load figures for the catalogue API on PostgreSQL with the large catalogue
// (10,000 volumes, 100,000 issues), and for the signed-in reads (the reader's too) and checkouts on PostgreSQL and
// on the embedded PGlite, against a bare Fastify route started the same way. Servers run with
// the settings a user runs (info logging included). Prints requests/s, p50 and p99 latency, and
// each route's ratio to the bare route. Not a test: it measures and reports.
// Options: --duration S (8), --rounds N (3), --connections N (50), --checkout-seconds S (10),
// --server FILE (apps/server/dist/server.js).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  checkoutStorm,
  createBuyers,
  duplicateChargesQuery,
  furnish,
  issuesOnSale,
  readerReads,
  signedInReads,
} from './shop.mjs';
import { benchArgs, repoRoot } from './options.mjs';

const args = benchArgs();
const duration = Number(args.duration ?? 8);
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 50);
const checkoutSeconds = Number(args['checkout-seconds'] ?? 10);
const volumes = Number(args.volumes ?? 10_000);
const issues = Number(args.issues ?? 100_000);
/** Another build of the server to measure (e.g. one from before a change), instead of dist/. */
const serverScript = args.server ?? 'apps/server/dist/server.js';
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'comics_bench';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

/** Runs a command from the repository's root, its output shown; throws when it fails. */
export function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [databaseName])).rowCount;
  if (!exists) await admin.query(`create database ${databaseName}`);
  await admin.end();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const counts = await db
    .query('select (select count(*) from volumes)::int as v, (select count(*) from issues)::int as i')
    .then((r) => r.rows[0])
    .catch(() => ({ v: 0, i: 0 }));
  await db.end();
  if (counts.v !== volumes || counts.i !== issues) {
    console.log(`Seeding ${volumes} volumes and ${issues} issues into ${databaseName}…`);
    run(
      process.execPath,
      ['apps/server/dist/seed.js', '--volumes', String(volumes), '--issues', String(issues), '--reset'],
      {
        DATABASE_URL: databaseUrl,
      },
    );
  }
}

/** `stdout`: where the server's log lines go (a file descriptor), nowhere by default. */
export async function startProcess(script, port, env, { stdout = 'ignore' } = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // A production start names its address (loopback http: no warning, cookies not Secure).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${script} did not start on port ${port}`);
}

function load(url, paths, seconds, headers) {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
}

/** CPU time a process has used so far, in ms (Linux: user + system ticks of /proc/PID/stat, 100 a second). */
function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return ((utime + stime) * 1000) / 100;
}

/**
 * Requests/s, latency and errors under load. With `pid` (the server's), also the server's CPU
 * time per request, which other work on a shared machine disturbs far less than requests/s.
 */
export async function measure(url, paths, headers = {}, { pid } = {}) {
  // Warm-up: every distinct path once (fills the cache when it is on), then load for JIT and pool.
  for (const p of paths) await fetch(url + p, { headers }).then((r) => r.arrayBuffer());
  await load(url, paths, 2, headers);
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const result = await load(url, paths, duration, headers);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ...(pid ? { cpuUsPerRequest: ((cpuMsOf(pid) - cpuBefore) * 1000) / result.requests.total } : {}),
  };
}

const searchTerms = [
  'vanguard',
  'vangard',
  'crimson',
  'crimsn',
  'night',
  'nihgt',
  'légion',
  'legion',
  'kraken',
  'krakn',
  'ada quill',
  'shattered',
  'shatterd',
  'frontier',
  'the',
  'moon',
  'gilded',
  'gilde',
  'restless',
  'restles',
];

export function pagesOf(count) {
  return Array.from({ length: 200 }, (_, i) => `/api/comics?page=${1 + ((i * 37) % Math.ceil(count / 12))}&limit=12`);
}

/** A fresh account's session token, and how long its password login took (scrypt included). */
async function signIn(url) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password';
  const post = (path, body) =>
    fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/user/signup', { username: 'Bench', email, password, repeatpassword: password });
  const timings = [];
  let token = '';
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    token = (await (await post('/api/user/login', { email, password })).json()).token;
    timings.push(performance.now() - started);
  }
  return { token, loginMs: timings.sort((a, b) => a - b)[2] };
}

/** Each route measured right after the bare route, in alternation over several rounds. */
async function measureAgainstBare(bareUrl, serverUrl, routeList, database) {
  const rows = [];
  for (const [name, paths, headers] of routeList) {
    const pairs = [];
    for (let round = 0; round < rounds; round++) {
      pairs.push({ bare: await measure(bareUrl, ['/bare']), route: await measure(serverUrl, paths, headers) });
    }
    rows.push({ name, database, pairs });
  }
  return rows;
}

/** Buyers with real carts, favourites and purchases; their reads; then a checkout storm. */
async function measureBuyingPath(bareUrl, serverUrl, database, volumeIds) {
  const buyers = await createBuyers(serverUrl, 100, database);
  const issues = await issuesOnSale(serverUrl, volumeIds, 400);
  await furnish(serverUrl, buyers[0], issues.slice(-8));
  // furnish buys the first of the issues it is given.
  const reading = await readerReads(serverUrl, buyers[0], issues.at(-8).id);
  const reads = [...signedInReads(buyers[0]), ...reading].map(([name, paths]) => [name, paths, buyers[0].headers]);
  const rows = await measureAgainstBare(bareUrl, serverUrl, reads, database);
  const storm = await checkoutStorm(serverUrl, buyers, issues.slice(0, -8), {
    seconds: checkoutSeconds,
    concurrency: connections,
  });
  return { rows, storm };
}

export async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

async function main() {
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/server.js')))
    run('npm', ['run', 'build', '-w', '@comics/server']);
  await prepareDatabase();
  // One client IP sends everything: budgets high enough never to refuse it, yet still counted,
  // so uncached runs pay for the per-IP limit of cache misses as production does. Production
  // takes no sandbox payments unless told to.
  const common = {
    SEED_DEMO: 'false',
    WEB_DIST: '',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000',
    PAYMENT_GATEWAY: 'sandbox',
  };
  const env = { ...common, DATABASE_URL: databaseUrl };
  const volumeIds = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % volumes));
  const routes = [
    ['catalogue page', pagesOf(volumes)],
    ['search', searchTerms.map((t) => `/api/comics/search?name=${encodeURIComponent(t)}`)],
    ['issues with rating', volumeIds.map((id) => `/api/comics/issues/rating/${id}`)],
  ];

  // This machine's speed drifts between runs, so each route is measured right after the bare
  // route, in alternation over several rounds; ratios are of medians taken side by side.
  const bare = await startProcess('bench/bare-server.mjs', 3301, {});
  const bareUrl = 'http://127.0.0.1:3301';
  const serverUrl = 'http://127.0.0.1:3300';
  const rows = [];
  const storms = [];
  let loginMedianMs = 0;
  try {
    for (const [label, cacheTtl] of [
      ['', '60'],
      [' (uncached)', '0'],
    ]) {
      const server = await startProcess(serverScript, 3300, { ...env, CATALOG_CACHE_TTL: cacheTtl });
      try {
        const named = routes.map(([name, paths]) => [name + label, paths]);
        rows.push(...(await measureAgainstBare(bareUrl, serverUrl, named, 'PostgreSQL')));
        if (cacheTtl !== '0') {
          loginMedianMs = (await signIn(serverUrl)).loginMs;
          const buying = await measureBuyingPath(bareUrl, serverUrl, 'PostgreSQL', volumeIds);
          rows.push(...buying.rows);
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          const ledger = (await client.query(duplicateChargesQuery)).rows[0];
          await client.end();
          storms.push({ database: 'PostgreSQL', ...buying.storm, ledger });
        }
      } finally {
        await stop(server);
      }
    }

    // The embedded default, as `npm start` runs it: PGlite with the demo catalogue.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-bench-pglite-'));
    try {
      const server = await startProcess(serverScript, 3300, {
        ...common,
        SEED_DEMO: 'true',
        DEMO_ACCOUNTS: 'false',
        DATA_DIR: dataDir,
      });
      let buying;
      try {
        const demoVolumes = (await fetch(`${serverUrl}/api/comics?limit=100`).then((r) => r.json())).map((v) => v.id);
        buying = await measureBuyingPath(bareUrl, serverUrl, 'PGlite', demoVolumes);
        rows.push(...buying.rows);
      } finally {
        await stop(server);
      }
      const { PGlite } = await import('@electric-sql/pglite');
      const embedded = new PGlite(path.join(dataDir, 'pglite'));
      const ledger = (await embedded.query(duplicateChargesQuery)).rows[0];
      await embedded.close();
      storms.push({ database: 'PGlite', ...buying.storm, ledger });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await stop(bare);
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `\nCatalogue: ${volumes} volumes, ${issues} issues on PostgreSQL; signed-in reads on PostgreSQL and on PGlite with the demo catalogue;` +
      ` ${connections} connections; ${rounds} rounds of ${duration} s each, medians; default logging (info)\n`,
  );
  console.log('| route | database | requests/s | p50 ms | p99 ms | bare route requests/s | ratio to bare | errors |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, database, pairs } of rows) {
    const rps = median(pairs.map((p) => p.route.rps));
    const bareRps = median(pairs.map((p) => p.bare.rps));
    const ratio = median(pairs.map((p) => p.route.rps / p.bare.rps));
    const errors = pairs.reduce((sum, p) => sum + p.route.errors, 0);
    console.log(
      `| ${name} | ${database} | ${Math.round(rps)} | ${median(pairs.map((p) => p.route.p50))} | ${median(pairs.map((p) => p.route.p99))} | ${Math.round(bareRps)} | ${ratio.toFixed(2)} | ${errors} |`,
    );
  }
  console.log(`\nCheckouts with the sandbox gateway: 100 buyers, ${connections} in parallel, ${checkoutSeconds} s\n`);
  console.log(
    '| database | orders/s | orders | p50 ms | p99 ms | refused or failed | succeeded charges | paid orders | issues paid twice |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const s of storms) {
    const failed =
      Object.entries(s.failures)
        .map(([what, n]) => `${what}: ${n}`)
        .join(', ') || '0';
    console.log(
      `| ${s.database} | ${Math.round(s.ordersPerSecond)} | ${s.orders} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${failed} | ${s.ledger.charges} | ${s.ledger.paid_orders} | ${s.ledger.issues_paid_twice} |`,
    );
  }
  console.log(`\nPassword login (scrypt N=2^15), one at a time, median of 5: ${loginMedianMs.toFixed(0)} ms`);
}

// Imported by cluster.mjs for its helpers: measure only when run itself.
if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
