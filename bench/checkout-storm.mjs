// `npm run bench:storm`: a checkout storm at ten times the measured peak against the local
// cluster (3 instances behind HAProxy on PostgreSQL and Redis, as `npm run cluster` starts it),
// to see what saturates first. Checkouts arrive open-loop at the offered rate (default 3,710 a
// second: 10 × the 371 orders/s one instance sustained in `npm run bench`), whatever the
// answers' speed, up to a cap of requests in flight; meanwhile it samples the CPU of every
// process involved (/proc), the instances' database pools and the load balancer's queue. Prints
// what was offered, what was served, the latencies, the errors and where the CPU went. Not a test.
// Options: --rate N (3710) --seconds S (15) --instances N (3) --buyers N (400) --in-flight N (4000)
// --per-buyer N (1). SHOP_LB_SERVER_MAXCONN sets HAProxy's requests per instance (0: no limit).
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkPrerequisites, ensureDatabase, startCluster } from '../scripts/local-cluster.mjs';
import { createBuyers, duplicateChargesQuery, issuesOnSale } from './shop.mjs';

const { values: options } = parseArgs({
  options: {
    rate: { type: 'string', default: '3710' },
    seconds: { type: 'string', default: '15' },
    instances: { type: 'string', default: '3' },
    buyers: { type: 'string', default: '400' },
    'in-flight': { type: 'string', default: '4000' },
    'per-buyer': { type: 'string', default: '1' },
  },
});
const rate = Number(options.rate);
const seconds = Number(options.seconds);
const maxInFlight = Number(options['in-flight']);
const databaseUrl = process.env.STORM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/comics_bench';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user + system, all its threads), from /proc; null once it is gone. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/**
 * CPU used by each group of processes from now on. PostgreSQL's backends come and go with the
 * pools' connections, so every process is sampled often and counted from its first sighting
 * (0 when it started after `start`) to its last.
 */
function cpuMeter(groups) {
  const first = new Map();
  const last = new Map();
  const sample = (initial) => {
    for (const [name, pids] of Object.entries(groups)) {
      for (const pid of pids()) {
        const used = cpuOf(pid);
        if (used === null) continue;
        const key = `${name}:${pid}`;
        if (!first.has(key)) first.set(key, initial ? used : 0);
        last.set(key, used);
      }
    }
  };
  sample(true);
  return {
    sample: () => sample(false),
    used() {
      const totals = Object.fromEntries(Object.keys(groups).map((name) => [name, 0]));
      for (const [key, used] of last) totals[key.split(':')[0]] += used - first.get(key);
      return totals;
    },
  };
}

/** Every process whose command name is `name` (PostgreSQL's backends, Redis). */
const pidsNamed = (name) => () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });

/** Pool gauges from an instance's /metrics: connections in use and requests waiting for one. */
async function poolUse(metricsUrl) {
  const text = await fetch(metricsUrl).then(
    (r) => r.text(),
    () => '',
  );
  const state = (name) =>
    Number(new RegExp(`^database_pool_connections\\{state="${name}"\\} (\\S+)`, 'm').exec(text)?.[1]);
  return { total: state('total'), idle: state('idle'), waiting: state('waiting') };
}

/** HAProxy's backend queue and sessions, from its stats CSV. */
async function balancerQueue(statsUrl) {
  const csv = await fetch(`${statsUrl};csv`).then(
    (r) => r.text(),
    () => '',
  );
  const header = csv.split('\n')[0].replace(/^# /, '').split(',');
  const backend = csv.split('\n').find((line) => line.startsWith('instances,BACKEND'));
  if (!backend) return null;
  const row = Object.fromEntries(backend.split(',').map((v, i) => [header[i], v]));
  return { queued: Number(row.qcur), queuedMax: Number(row.qmax), sessions: Number(row.scur) };
}

await checkPrerequisites({ databaseUrl, redisUrl });
await ensureDatabase(databaseUrl);
const workDir = mkdtempSync(path.join(tmpdir(), 'comics-storm-'));
const cluster = await startCluster({
  instances: Number(options.instances),
  port: 0,
  databaseUrl,
  redisUrl,
  workDir,
  env: { AUTH_RATE_LIMIT_PER_IP: '100000', PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000', SEED_DEMO: 'false' },
  log: () => {},
});
try {
  const url = cluster.url;
  console.log(`Cluster: ${options.instances} instances behind HAProxy on ${url}; ${cpus().length} cores here.`);
  const buyers = await createBuyers(url, Number(options.buyers), `storm${Date.now()}`);
  const volumeIds = Array.from({ length: 400 }, (_, i) => i + 1);
  const issues = await issuesOnSale(url, volumeIds, 4000);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const before = (await db.query(duplicateChargesQuery)).rows[0];

  const groups = {
    instances: () => cluster.instances.map((i) => i.pid).filter(Boolean),
    postgres: pidsNamed('postgres'),
    haproxy: () => [cluster.haproxyPid],
    redis: pidsNamed('redis-server'),
    'load generator': () => [process.pid],
  };
  const latencies = [];
  const outcomes = {};
  let offered = 0;
  let inFlight = 0;
  let dropped = 0;
  let paid = 0;
  const nextIssue = new Map(buyers.map((b) => [b.id, 0]));
  // A buyer pays one checkout at a time (a second one at once is refused 409 by design), so
  // arrivals take the next free buyer; none free counts as not sent. --per-buyer N lets each
  // buyer have N in flight, to flood the cluster with connections (most are then 409s).
  const freeBuyers = Array.from({ length: Number(options['per-buyer']) }, () => buyers).flat();
  const checkout = async (buyer) => {
    const index = nextIssue.get(buyer.id);
    nextIssue.set(buyer.id, index + 1);
    const issue = issues[index % issues.length];
    const started = performance.now();
    inFlight++;
    try {
      const response = await fetch(`${url}/api/shop/checkout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `storm-${buyer.id}-${index}-${Date.now()}`,
          ...buyer.headers,
        },
        body: JSON.stringify({ carrito: [issue.id], id: buyer.paymentMethod, price: issue.cents }),
      });
      const answer = await response.json().catch(() => ({}));
      const key =
        response.status === 200 && answer.status === 'paid'
          ? 'paid'
          : `${response.status} ${answer.code ?? answer.status ?? ''}`;
      if (key === 'paid') paid++;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    } catch (error) {
      outcomes[`no answer: ${error.cause?.code ?? error.message}`] =
        (outcomes[`no answer: ${error.cause?.code ?? error.message}`] ?? 0) + 1;
    } finally {
      freeBuyers.push(buyer);
      inFlight--;
      latencies.push(performance.now() - started);
    }
  };

  const samples = [];
  const meter = cpuMeter(groups);
  const sampling = setInterval(() => meter.sample(), 250);
  const started = performance.now();
  const sampler = setInterval(async () => {
    const [pools, queue] = await Promise.all([
      Promise.all(cluster.instances.map((i) => poolUse(i.metricsUrl))),
      balancerQueue(cluster.statsUrl),
    ]);
    samples.push({ at: (performance.now() - started) / 1000, inFlight, pools, queue });
  }, 1000);
  const requests = [];
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate) - offered;
      for (let i = 0; i < due; i++) {
        offered++;
        if (inFlight >= maxInFlight || freeBuyers.length === 0) {
          dropped++;
          continue;
        }
        requests.push(checkout(freeBuyers.shift()));
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 1000 / TICKS_PER_SECOND);
  });
  const offeredSeconds = (performance.now() - started) / 1000;
  meter.sample();
  clearInterval(sampling);
  const cpu = meter.used();
  await Promise.all(requests);
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const after = (await db.query(duplicateChargesQuery)).rows[0];
  await db.end();

  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  console.log(
    `\nOffered ${offered} checkouts in ${offeredSeconds.toFixed(1)} s (${Math.round(offered / offeredSeconds)}/s); ${dropped} not sent (every buyer had a checkout in flight, or ${maxInFlight} were).`,
  );
  console.log(
    `Served: ${paid} paid in ${elapsed.toFixed(1)} s = ${Math.round(paid / elapsed)} orders/s; latency p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms.`,
  );
  console.log('Answers:', JSON.stringify(outcomes));
  console.log(
    `Charges: ${after.charges - before.charges} succeeded, ${after.paid_orders - before.paid_orders} paid orders, issues paid twice ${after.issues_paid_twice}.`,
  );
  console.log(
    `\nCPU over the offered ${offeredSeconds.toFixed(1)} s (${cpus().length} cores = ${(cpus().length * offeredSeconds).toFixed(1)} CPU-seconds available):`,
  );
  for (const name of Object.keys(groups)) {
    const used = cpu[name];
    console.log(
      `  ${name.padEnd(15)} ${used.toFixed(1).padStart(6)} s  ${((100 * used) / offeredSeconds).toFixed(0).padStart(4)} % of one core`,
    );
  }
  console.log('\nEvery second: requests in flight | each instance pool in use/idle/waiting | HAProxy queue');
  for (const s of samples) {
    const pools = s.pools.map((p) => `${p.total - p.idle}/${p.idle}/${p.waiting}`).join('  ');
    console.log(
      `  ${s.at.toFixed(0).padStart(3)} s  ${String(s.inFlight).padStart(5)} | ${pools} | ${s.queue ? `${s.queue.queued} queued, ${s.queue.sessions} sessions` : '-'}`,
    );
  }
} finally {
  await cluster.stop();
  rmSync(workDir, { recursive: true, force: true });
}
