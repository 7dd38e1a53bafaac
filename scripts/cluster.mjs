// `npm run cluster -- --instances 3`: the shop as several instances behind HAProxy on this
// machine, sharing PostgreSQL, Redis and an S3-compatible media store, to see the scale-out
// layout work (README 'Running several instances'). Ctrl-C stops everything gracefully.
// Options: --instances N (3), --port P (8080, HAProxy's), --database-url URL (DATABASE_URL, else
// a database comics_cluster on 127.0.0.1), --storage s3|disk (s3).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ClusterError, checkPrerequisites, ensureDatabase, repoRoot, safeUrl, startCluster } from './local-cluster.mjs';

const { values: options } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || undefined },
    storage: { type: 'string', default: 's3' },
  },
});
const instances = Number(options.instances);
const port = Number(options.port);
const databaseUrl = options['database-url'] ?? 'postgres://postgres@127.0.0.1:5432/comics_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function main() {
  if (!Number.isInteger(instances) || instances < 1 || instances > 20)
    throw new ClusterError('--instances must be 1 to 20');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ClusterError('--port must be a TCP port');
  await checkPrerequisites({ databaseUrl, redisUrl });
  const { created } = await ensureDatabase(databaseUrl);
  console.log(`Database ${safeUrl(databaseUrl)}${created ? ' (created)' : ''}; Redis ${safeUrl(redisUrl)}`);
  console.log(`Starting ${instances} instances (the first start seeds the demo catalogue)…`);
  const cluster = await startCluster({
    instances,
    port,
    databaseUrl,
    redisUrl,
    storage: options.storage,
    // Kept between runs, like the database: the media in the S3 store, logs, mail files.
    workDir: path.join(repoRoot, 'data/cluster'),
  });

  console.log(`\nThe shop:          ${cluster.url}`);
  console.log(`HAProxy stats:     ${cluster.statsUrl}`);
  for (const instance of cluster.instances) {
    console.log(`${instance.id} (pid ${instance.pid}): ${instance.url}  metrics ${instance.metricsUrl}`);
  }
  console.log(`Logs:              ${path.relative(process.cwd(), path.join(cluster.workDir, 'logs'))}/`);
  console.log(`HAProxy config:    ${path.relative(process.cwd(), cluster.haproxyFile)}`);
  console.log('Ctrl-C stops everything.');

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping HAProxy, then the instances (they drain), then the store…`);
    await cluster.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ClusterError ? `Cannot start the cluster: ${error.message}` : error);
  process.exit(1);
});
