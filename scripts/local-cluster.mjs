// The shop as a cluster on one machine: N instances of the built server sharing PostgreSQL and
// Redis, media in an S3-compatible store (a local s3rver) or one shared folder, behind HAProxy
// configured from deploy/haproxy/haproxy.cfg. `npm run cluster`, the fault test and the cluster
// benchmark all start it through startCluster, so they exercise the same layout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, closeSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = 'apps/server/dist/server.js';
const haproxyTemplate = path.join(repoRoot, 'deploy/haproxy/haproxy.cfg');
/** What the load balancer and the start-up wait probe (the template checks the same path). */
const READY_PATH = '/api/ready';
const require = createRequire(import.meta.url);

/** A problem a person can fix (nothing built, a service down): printed as is, without a trace. */
export class ClusterError extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy on PATH, or where Debian's package puts it. */
export function findHaproxy() {
  const onPath = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  return null;
}

/** The same server, database 'postgres': where databases are created and dropped. */
function maintenanceUrl(databaseUrl) {
  return Object.assign(new URL(databaseUrl), { pathname: '/postgres', search: '' }).toString();
}

/** Everything the cluster needs before it starts, each missing piece with what to do about it. */
export async function checkPrerequisites({ databaseUrl, redisUrl }) {
  for (const built of [serverScript, 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repoRoot, built)))
      throw new ClusterError(`${built} is missing: run \`npm run build\` first.`);
  }
  if (!findHaproxy()) throw new ClusterError('HAProxy is not installed: `apt-get install haproxy`.');
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new ClusterError(
      `PostgreSQL at ${safeUrl(databaseUrl)} cannot be reached (${error.message}): start it, or pass --database-url.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  if (!(await redisAnswers(redisUrl))) {
    throw new ClusterError(
      `Redis at ${safeUrl(redisUrl)} does not answer PING: start it (\`redis-server --daemonize yes\`), or set REDIS_URL.`,
    );
  }
}

/** A URL without its password, for messages. */
export function safeUrl(url) {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

export async function redisAnswers(url) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Creates the database if it is missing; `fresh` drops it first (a test's clean slate). */
export async function ensureDatabase(databaseUrl, { fresh = false } = {}) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const quoted = `"${name.replaceAll('"', '""')}"`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${quoted} with (force)`);
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (!exists) await admin.query(`create database ${quoted}`);
    return { created: !exists };
  } finally {
    await admin.end();
  }
}

/** A TCP port nobody listens on right now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The last lines of a log file, to explain why a process stopped. */
function tail(file, lines = 15) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * A child process writing to its own log file (appended, so a restart keeps the history). It
 * runs in its own process group: a Ctrl-C in the terminal reaches only the cluster script,
 * which then stops everything in order.
 */
function startChild(command, args, { env, logFile }) {
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', log, log], detached: true });
  closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  children.add(child);
  void exited.then(() => children.delete(child));
  return { child, exited };
}

/** Sends signal, and SIGKILL if the process is still there after graceMs. */
async function stopChild({ child, exited }, signal = 'SIGTERM', graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

// Whatever happens to this script, no process it started outlives it (a SIGKILL of the script
// itself aside): 'exit' handlers run on process.exit and on an uncaught error.
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** An S3-compatible store (s3rver) on a loopback port, with the shop's bucket in it. */
export async function startS3Store({ directory, port, logFile, bucket = 'comics-media' }) {
  mkdirSync(directory, { recursive: true });
  const bin = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin/s3rver.js');
  const proc = startChild(
    process.execPath,
    [bin, '--directory', directory, '--address', '127.0.0.1', '--port', String(port), '--no-vhost-buckets'],
    { env: process.env, logFile },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await portAnswers(port)); tries++) {
    if (proc.child.exitCode !== null || tries > 100)
      throw new ClusterError(`s3rver did not start on ${endpoint}:\n${tail(logFile)}`);
    await sleep(100);
  }
  // s3rver's one built-in account.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  // The SDK warns about this machine's Node 20 once per process: noise for a one-off bucket
  // creation, so silenced here only (the instances' own environment is left alone).
  const warningSetting = process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((error) => {
    // A folder kept from an earlier run already has it.
    if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
  });
  s3.destroy();
  if (warningSetting === undefined) delete process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  else process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = warningSetting;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => stopChild(proc),
  };
}

/** deploy/haproxy/haproxy.cfg with its server lines replaced by this cluster's instances. */
export function renderHaproxyConfig({ servers }) {
  const lines = readFileSync(haproxyTemplate, 'utf8').split('\n');
  const begin = lines.findIndex((line) => line.trim().startsWith('# BEGIN servers'));
  const end = lines.findIndex((line) => line.trim() === '# END servers');
  if (begin < 0 || end < begin)
    throw new Error(`${haproxyTemplate}: the '# BEGIN servers' … '# END servers' block is missing`);
  const indent = lines[begin].match(/^\s*/)[0];
  const serverLines = servers.map(({ name, address }) => `${indent}server ${name} ${address}`);
  return [...lines.slice(0, begin + 1), ...serverLines, ...lines.slice(end)].join('\n');
}

/** Waits until the instance's /api/ready answers 200. */
async function waitReady(url, proc, logFile, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new ClusterError(`The instance on ${url} stopped while starting:\n${tail(logFile)}`);
    const status = await fetch(url + READY_PATH, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  throw new ClusterError(`The instance on ${url} was not ready within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

/**
 * Starts the cluster and answers its handle once HAProxy routes to every instance.
 *
 * - instances: how many (default 3); port: HAProxy's (default 8080). With port 0, every port
 *   (load balancer, instances, metrics, stats, S3) is one the system says is free, so a test
 *   never collides with a cluster someone else runs; otherwise instances take 3101…, metrics
 *   9101…, stats 8404 and s3rver 4569.
 * - databaseUrl: an existing database (ensureDatabase creates one); redisUrl; smtpUrl (optional:
 *   without it mail lands as .eml files under the shared data folder).
 * - storage: 's3' (s3rver under workDir/s3) or 'disk' (one DATA_DIR shared by every instance).
 * - workDir: logs, the rendered HAProxy file, the shared data folder, the S3 store's files.
 * - env: more settings for every instance (they override the cluster's).
 * - servedByHeader: HAProxy adds X-Served-By (the instance's name) to answers, for tests.
 */
export async function startCluster({
  instances = 3,
  port = 8080,
  databaseUrl,
  redisUrl = 'redis://127.0.0.1:6379',
  smtpUrl,
  storage = 's3',
  workDir,
  env = {},
  servedByHeader = false,
  log = (line) => console.log(line),
}) {
  if (!databaseUrl || !workDir) throw new Error('startCluster needs databaseUrl and workDir');
  const auto = port === 0;
  const pick = async (fixed) => (auto ? await freePort() : fixed);
  const lbPort = auto ? await freePort() : port;
  const statsPort = await pick(8404);
  const logDir = path.join(workDir, 'logs');
  const sharedDataDir = path.join(workDir, 'shared');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(sharedDataDir, { recursive: true });
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const stoppers = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => {});
  };

  try {
    let storageEnv = { S3_ENDPOINT: '', S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' };
    if (storage === 's3') {
      const store = await startS3Store({
        directory: path.join(workDir, 's3'),
        port: await pick(4569),
        logFile: path.join(logDir, 's3rver.log'),
      });
      stoppers.push(store.stop);
      storageEnv = store.env;
      log(`S3-compatible store (s3rver) on ${store.endpoint}, bucket ${store.env.S3_BUCKET}`);
    } else if (storage !== 'disk') {
      throw new ClusterError(`--storage must be s3 or disk, not ${storage}`);
    }

    const members = [];
    for (let i = 1; i <= instances; i++) {
      const id = `app-${i}`;
      const instancePort = await pick(3100 + i);
      const metricsPort = await pick(9100 + i);
      // Named connections, so pg_stat_activity tells which instance holds which.
      const instanceDatabaseUrl = new URL(databaseUrl);
      instanceDatabaseUrl.searchParams.set('application_name', `comics-${id}`);
      members.push({
        id,
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        logFile: path.join(logDir, `${id}.log`),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(instancePort),
          INSTANCE_ID: id,
          METRICS_PORT: String(metricsPort),
          METRICS_HOST: '127.0.0.1',
          TRUST_PROXY: '127.0.0.1',
          PUBLIC_URL: lbUrl,
          PAYMENT_GATEWAY: 'sandbox',
          SEED_DEMO: 'true',
          DATABASE_URL: instanceDatabaseUrl.toString(),
          // PostgreSQL allows 100 connections by default: N instances × 10 leaves room for the rest.
          DATABASE_POOL_SIZE: '10',
          REDIS_URL: redisUrl,
          SMTP_URL: smtpUrl ?? '',
          DATA_DIR: sharedDataDir,
          SHUTDOWN_DRAIN_MS: '2000',
          ...storageEnv,
          ...env,
        },
      });
    }

    const handles = members.map((member) => instanceHandle(member, log));
    stoppers.push(() => Promise.all(handles.map((h) => h.stop())));
    // All at once, as a fleet starts: the first start's migrations and demo seed must cope.
    await Promise.all(handles.map((h) => h.start()));

    const haproxyFile = path.join(workDir, 'haproxy.cfg');
    writeFileSync(
      haproxyFile,
      renderHaproxyConfig({
        servers: members.map((m) => ({ name: m.id, address: `127.0.0.1:${m.port}` })),
      }),
    );
    const haproxyEnv = {
      ...process.env,
      SHOP_LB_BIND: `127.0.0.1:${lbPort}`,
      SHOP_LB_STATS_BIND: `127.0.0.1:${statsPort}`,
      SHOP_LB_SERVED_BY: servedByHeader ? '1' : '0',
    };
    const haproxy = findHaproxy();
    const checked = spawnSync(haproxy, ['-c', '-q', '-f', haproxyFile], { env: haproxyEnv, encoding: 'utf8' });
    if (checked.status !== 0) throw new ClusterError(`HAProxy refused ${haproxyFile}:\n${checked.stderr}`);
    const haproxyLog = path.join(logDir, 'haproxy.log');
    const lb = startChild(haproxy, ['-db', '-f', haproxyFile], { env: haproxyEnv, logFile: haproxyLog });
    // Soft stop first (finish what is in flight), then the hard one.
    stoppers.push(async () => {
      const graceful = await Promise.race([stopChild(lb, 'SIGUSR1', 60_000), sleep(5000).then(() => null)]);
      if (!graceful) await stopChild(lb, 'SIGTERM', 5000);
    });
    for (let tries = 0; ; tries++) {
      const status = await fetch(lbUrl + READY_PATH).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (lb.child.exitCode !== null || tries > 100)
        throw new ClusterError(`HAProxy did not start on ${lbUrl}:\n${tail(haproxyLog)}`);
      await sleep(100);
    }

    return {
      url: lbUrl,
      statsUrl: `http://127.0.0.1:${statsPort}/`,
      databaseUrl,
      redisUrl,
      storage,
      workDir,
      haproxyFile,
      haproxyLog,
      haproxyPid: lb.child.pid,
      instances: handles,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One instance: started, killed with any signal, restarted; says when it stops unasked. */
function instanceHandle(member, log) {
  let proc = null;
  let expectingExit = false;
  const handle = {
    id: member.id,
    url: member.url,
    metricsUrl: member.metricsUrl,
    logFile: member.logFile,
    get pid() {
      return proc?.child.pid ?? null;
    },
    get running() {
      return proc !== null && proc.child.exitCode === null && proc.child.signalCode === null;
    },
    /** Starts the process and waits until its /api/ready answers. */
    async start() {
      expectingExit = false;
      proc = startChild(process.execPath, ['--enable-source-maps', serverScript], {
        env: member.env,
        logFile: member.logFile,
      });
      const started = proc;
      void started.exited.then(({ code, signal }) => {
        if (!expectingExit && started === proc)
          log(`${member.id} stopped unexpectedly (${signal ?? `exit code ${code}`}); see ${member.logFile}`);
      });
      return waitReady(member.url, proc, member.logFile);
    },
    /** Sends signal (SIGTERM: graceful, with the drain) and waits for the process to end. */
    async kill(signal = 'SIGTERM') {
      if (!handle.running) return null;
      expectingExit = true;
      return stopChild(proc, signal);
    },
    /** Stops the process if it runs (gracefully), starts it again and waits until it is ready. */
    async restart() {
      await handle.kill('SIGTERM');
      return handle.start();
    },
    stop: () => handle.kill('SIGTERM'),
  };
  return handle;
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

/** PostgreSQL connections to the cluster's database, by instance (application_name), and their states. */
export async function databaseConnections(databaseUrl) {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const { rows } = await client.query(
      `select application_name as name, count(*)::int as connections,
              count(*) filter (where state = 'active')::int as active
         from pg_stat_activity where datname = $1 group by 1 order by 1`,
      [name],
    );
    return rows;
  } finally {
    await client.end();
  }
}
