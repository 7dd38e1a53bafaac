// `npm run bench`: load figures for the catalogue API on PostgreSQL with the large catalogue
// (10,000 volumes, 100,000 issues), against a bare Fastify route started the same way.
// Prints requests/s, p50 and p99 latency, and each route's ratio to the bare route.
// Not a test: it measures and reports. Options: --duration S (8), --rounds N (3), --connections N (50).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const duration = Number(args.duration ?? 8);
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 50);
const volumes = Number(args.volumes ?? 10_000);
const issues = Number(args.issues ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'comics_bench';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

function run(command, commandArgs, env = {}) {
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

async function startProcess(script, port, env) {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  const deadline = Date.now() + 30_000;
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

async function measure(url, paths, headers = {}) {
  // Warm-up: every distinct path once (fills the cache when it is on), then load for JIT and pool.
  for (const p of paths) await fetch(url + p, { headers }).then((r) => r.arrayBuffer());
  await load(url, paths, 2, headers);
  const result = await load(url, paths, duration, headers);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
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

function pagesOf(count) {
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

async function main() {
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/server.js')))
    run('npm', ['run', 'build', '-w', '@comics/server']);
  await prepareDatabase();
  // One client IP sends everything: budgets high enough never to refuse it, yet still counted,
  // so uncached runs pay for the per-IP limit of cache misses as production does.
  const env = {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    WEB_DIST: '',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000',
  };
  const volumeIds = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919) % volumes));
  const routes = [
    ['catalogue page', pagesOf(volumes)],
    ['search', searchTerms.map((t) => `/api/comics/search?name=${encodeURIComponent(t)}`)],
    ['issues with rating', volumeIds.map((id) => `/api/comics/issues/rating/${id}`)],
  ];

  // This machine's speed drifts between runs, so each route is measured right after the bare
  // route, in alternation over several rounds; ratios are of medians taken side by side.
  const bare = await startProcess('apps/server/bench/bare-server.mjs', 3301, {});
  const bareUrl = 'http://127.0.0.1:3301';
  const rows = [];
  let loginMedianMs = 0;
  try {
    for (const [label, cacheTtl] of [
      ['', '60'],
      [' (uncached)', '0'],
    ]) {
      const server = await startProcess('apps/server/dist/server.js', 3300, { ...env, CATALOG_CACHE_TTL: cacheTtl });
      try {
        // A signed-in route resolves its session in the database on every request: never cached.
        const { token, loginMs } = await signIn('http://127.0.0.1:3300');
        loginMedianMs = loginMs;
        const signedIn =
          cacheTtl === '0'
            ? []
            : [['signed in: GET /api/user/me', ['/api/user/me'], { authorization: `Bearer ${token}` }]];
        for (const [name, paths, headers] of [...routes, ...signedIn]) {
          const pairs = [];
          for (let round = 0; round < rounds; round++) {
            pairs.push({
              bare: await measure(bareUrl, ['/bare']),
              route: await measure('http://127.0.0.1:3300', paths, headers),
            });
          }
          rows.push({ name: name + (headers ? '' : label), pairs });
        }
      } finally {
        server.kill();
      }
    }
  } finally {
    bare.kill();
  }

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `\n${volumes} volumes, ${issues} issues on PostgreSQL; ${connections} connections; ${rounds} rounds of ${duration} s each, medians\n`,
  );
  console.log('| route | requests/s | p50 ms | p99 ms | bare route requests/s | ratio to bare | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, pairs } of rows) {
    const rps = median(pairs.map((p) => p.route.rps));
    const bareRps = median(pairs.map((p) => p.bare.rps));
    const ratio = median(pairs.map((p) => p.route.rps / p.bare.rps));
    const errors = pairs.reduce((sum, p) => sum + p.route.errors, 0);
    console.log(
      `| ${name} | ${Math.round(rps)} | ${median(pairs.map((p) => p.route.p50))} | ${median(pairs.map((p) => p.route.p99))} | ${Math.round(bareRps)} | ${ratio.toFixed(2)} | ${errors} |`,
    );
  }
  console.log(`\nPassword login (scrypt N=2^15), one at a time, median of 5: ${loginMedianMs.toFixed(0)} ms`);
}

await main();
