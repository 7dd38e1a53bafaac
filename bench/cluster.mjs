// `npm run bench:cluster`: what scaling out buys on this machine. The same cluster as `npm run
// cluster` (HAProxy in front, PostgreSQL, Redis, s3rver) with 1, 2 and 3 instances; for each:
// the mixed shop traffic of the fault test through HAProxy (requests/s and p99 per kind), the
// cached catalogue page through HAProxy with autocannon beside the bare Fastify route measured in
// the same run (the yardstick of `npm run bench`), and what each instance costs at rest and after
// the load (resident memory, PostgreSQL connections). Prints tables and writes JSON under /tmp.
// Not a test. Options: --sizes 1,2,3 --duration S (20, mixed traffic) --concurrency N (32
// clients) --catalogue-seconds S (10) --connections N (50, autocannon) --buyers N (60).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ClusterError,
  checkPrerequisites,
  databaseConnections,
  ensureDatabase,
  freePort,
  residentBytes,
  startCluster,
} from '../scripts/local-cluster.mjs';
import { prepareShoppers, runMixedTraffic, summarize } from '../scripts/cluster-traffic.mjs';
import { startProcess, stop } from './run.mjs';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1,2,3' },
    duration: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    'catalogue-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    buyers: { type: 'string', default: '60' },
  },
});
const sizes = options.sizes.split(',').map(Number);
const duration = Number(options.duration);
const concurrency = Number(options.concurrency);
const catalogSeconds = Number(options['catalogue-seconds']);
const connections = Number(options.connections);
const buyerCount = Number(options.buyers);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseOn = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MiB = 1024 * 1024;

/** The large bench catalogue when `npm run bench` has seeded it, else a cluster database with the demo catalogue. */
async function chooseDatabase() {
  const benchUrl = databaseOn('comics_bench');
  const client = new pg.Client({ connectionString: benchUrl });
  const counts = await client
    .connect()
    .then(() =>
      client.query(
        'select (select count(*) from volumes)::int as volumes, (select count(*) from issues)::int as issues',
      ),
    )
    .then((r) => r.rows[0])
    .catch(() => null)
    .finally(() => client.end().catch(() => {}));
  if (counts && counts.volumes >= 10_000) {
    return { url: benchUrl, seed: false, label: `comics_bench (${counts.volumes} volumes, ${counts.issues} issues)` };
  }
  const url = databaseOn('comics_cluster');
  await ensureDatabase(url);
  return {
    url,
    seed: true,
    label: 'comics_cluster (the demo catalogue; comics_bench is not seeded: run `npm run bench` once)',
  };
}

async function volumesIn(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select count(*)::int as n from volumes')).rows[0].n;
  } finally {
    await client.end();
  }
}

function autocannonRun(url, paths, seconds) {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
}

async function throughput(url, paths) {
  // Warm-up: fills each instance's answer cache (HAProxy spreads the paths), JIT and pools.
  await autocannonRun(url, paths, 2);
  const result = await autocannonRun(url, paths, catalogSeconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Resident memory of every instance (MiB) and the PostgreSQL connections each holds. */
async function restingCost(cluster) {
  const held = await databaseConnections(cluster.databaseUrl);
  return cluster.instances.map((instance) => ({
    instance: instance.id,
    rssMiB: residentBytes(instance.pid) / MiB,
    databaseConnections: held.find((row) => row.name === `comics-${instance.id}`)?.connections ?? 0,
  }));
}

async function measureSize(size, database, bareUrl, workRoot) {
  const cluster = await startCluster({
    instances: size,
    port: 0,
    databaseUrl: database.url,
    redisUrl,
    storage: 's3',
    workDir: path.join(workRoot, `size-${size}`),
    // One client IP sends everything: budgets it never reaches, still counted as in production.
    env: {
      AUTH_RATE_LIMIT_PER_IP: '100000',
      PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000',
      SEED_DEMO: database.seed ? 'true' : 'false',
    },
    log: () => {},
  });
  try {
    const atRest = await restingCost(cluster);
    const shoppers = await prepareShoppers(cluster.url, { buyers: buyerCount, tag: `cluster-bench-${size}` });
    await runMixedTraffic(cluster.url, shoppers, { seconds: 3, concurrency });
    const traffic = await runMixedTraffic(cluster.url, shoppers, { seconds: duration, concurrency });
    const mixed = summarize(traffic.records, traffic.seconds);
    const volumeCount = await volumesIn(database.url);
    const pages = Array.from(
      { length: 200 },
      (_, i) => `/api/comics?page=${1 + ((i * 37) % Math.ceil(volumeCount / 12))}&limit=12`,
    );
    // Bare route first, then the catalogue: side by side, as the machine's speed drifts.
    const bare = await throughput(bareUrl, ['/bare']);
    const catalog = await throughput(cluster.url, pages);
    const afterLoad = await restingCost(cluster);
    return { instances: size, atRest, afterLoad, mixed, catalog, bare };
  } finally {
    await cluster.stop();
  }
}

const pad = (value, width) => String(value).padStart(width);

function printResults(results, database) {
  console.log(
    `\nCluster benchmark on ${cpus().length} cores shared by the load generator, PostgreSQL, Redis, HAProxy, s3rver and the instances`,
  );
  console.log(`Database: ${database.label}`);
  console.log(
    `Mixed traffic through HAProxy: ${concurrency} clients, ${duration} s per size; catalogue page: autocannon, ${connections} connections, ${catalogSeconds} s\n`,
  );
  const kinds = [...new Set(results.flatMap((r) => Object.keys(r.mixed.kinds))), 'overall'];
  const header = results.map((r) => `${r.instances} inst. req/s    p99 ms`).join(' | ');
  console.log(`| ${'kind'.padEnd(15)} | ${header} |`);
  for (const kind of kinds) {
    const cells = results.map((r) => {
      const k = kind === 'overall' ? r.mixed.overall : r.mixed.kinds[kind];
      return k ? `${pad(k.rps.toFixed(0), 12)} ${pad(k.p99.toFixed(0), 9)}` : pad('-', 22);
    });
    console.log(`| ${kind.padEnd(15)} | ${cells.join(' | ')} |`);
  }
  const statusLine = (r) =>
    Object.entries(r.mixed.overall.statuses)
      .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n}`)
      .join(', ');
  for (const r of results) console.log(`  ${r.instances} instance(s): ${statusLine(r)}`);

  console.log('\n| instances | catalogue via HAProxy req/s | p99 ms | bare route req/s | ratio to bare | errors |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.instances} | ${r.catalog.rps.toFixed(0)} | ${r.catalog.p99} | ${r.bare.rps.toFixed(0)} | ${(r.catalog.rps / r.bare.rps).toFixed(2)} | ${r.catalog.errors} |`,
    );
  }

  console.log(
    '\n| instances | instance | RSS at rest MiB | RSS after load MiB | PostgreSQL connections at rest | after load |',
  );
  console.log('|---:|---|---:|---:|---:|---:|');
  for (const r of results) {
    r.atRest.forEach((rest, i) => {
      const after = r.afterLoad[i];
      console.log(
        `| ${r.instances} | ${rest.instance} | ${rest.rssMiB.toFixed(0)} | ${after.rssMiB.toFixed(0)} | ${rest.databaseConnections} | ${after.databaseConnections} |`,
      );
    });
  }
}

async function main() {
  const database = await chooseDatabase();
  await checkPrerequisites({ databaseUrl: database.url, redisUrl });
  console.log(`Database: ${database.label}; ${cpus().length} cores`);
  const workRoot = mkdtempSync(path.join(tmpdir(), 'comics-cluster-bench-'));
  const barePort = await freePort();
  const bare = await startProcess('bench/bare-server.mjs', barePort, {});
  const stopAll = async () => {
    await stop(bare);
    rmSync(workRoot, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const results = [];
  try {
    for (const size of sizes) {
      console.log(`${size} instance(s)…`);
      results.push(await measureSize(size, database, `http://127.0.0.1:${barePort}`, workRoot));
    }
  } finally {
    await stopAll();
  }
  printResults(results, database);
  const file = path.join(tmpdir(), `comics-cluster-bench-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        cores: cpus().length,
        database: database.label,
        settings: { duration, concurrency, catalogSeconds, connections, buyers: buyerCount },
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\nJSON: ${file}`);
}

main().catch((error) => {
  console.error(error instanceof ClusterError ? `Cannot run the cluster benchmark: ${error.message}` : error);
  process.exit(1);
});
