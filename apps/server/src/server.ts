// Process entry: configure, migrate, seed the demo catalogue on first start, listen (and serve
// metrics on their own port), and shut down cleanly on SIGTERM/SIGINT: drain (readiness answers
// 503 so load balancers let the instance go), finish in-flight requests, then close the database.
import { buildApp } from './app';
import { configWarnings, loadConfig, type Config } from './config';
import { LOCKS, runAlone } from './db/advisory-lock';
import { openConfiguredDatabase } from './db/open-from-config';
import { startMetricsListener } from './platform/cluster/metrics-listener';
import { createSessionStore } from './modules/auth/sessions';
import { seedOnStart } from './seed/on-start';

const startedAt = performance.now();

/** A boot failure (bad setting, database unreachable, folder locked) is a message for a person, not a trace. */
function cannotStart(error: Error): never {
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  cannotStart(error as Error);
}
// Allowed but unsafe settings (a plain-http PUBLIC_URL in production): said at every start.
for (const line of configWarnings(config)) console.warn(`WARNING: ${line}`);
const database = await openConfiguredDatabase(config).catch(cannotStart);

const { info, warnings } = await seedOnStart(config, database.db);
for (const line of warnings) console.warn(`WARNING: ${line}`);
for (const line of info) console.log(line);

// Fails when a shared service (Redis) cannot be reached: a message, not a trace.
const app = await buildApp({ config, database }).catch(cannotStart);
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Comics shop on http://localhost:${config.PORT} (${database.kind}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
);
// Log output is buffered: whoever watches the start sees this line now, not a second later.
void app.flushLogs();
const metricsListener = app.metrics
  ? await startMetricsListener(app.metrics.registry, {
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      onError: (err) => app.log.error({ err }, 'metrics could not be collected'),
      // The details /api/health and /api/ready keep from the public.
      status: { live: () => app.instanceStatus.live(), ready: () => app.instanceStatus.ready(app.log) },
    }).catch(cannotStart)
  : null;
if (metricsListener) {
  const at = `http://${config.METRICS_HOST}:${metricsListener.port}`;
  app.log.info(`Metrics on ${at}/metrics, this instance's state on ${at}/health and ${at}/ready`);
}
if (config.DATABASE_URL && !config.REDIS_URL) {
  // Allowed, but only as the one instance: a second one would keep its own limits and caches.
  app.log.info('Limits and caches are kept in this process: run one instance, or set REDIS_URL to run several');
}

// Expired sessions are refused on sight; this only keeps the table from growing forever (one
// instance at a time does it).
const sessionCleanup = setInterval(
  () =>
    void runAlone(database, LOCKS.sessionCleanup, () => createSessionStore({ db: database.db }).deleteExpired()).catch(
      (err: unknown) => app.log.warn({ err }, 'session cleanup failed'),
    ),
  60 * 60 * 1000,
).unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  clearInterval(sessionCleanup);
  const force = setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + 10_000).unref();
  try {
    // Still serving while the load balancers' probes see 503 and stop sending new requests.
    app.startDraining();
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    // Stops accepting, finishes the requests in flight, closes idle keep-alive connections.
    await app.close();
    await metricsListener?.close();
    await database.close();
    clearTimeout(force);
    // Every buffered line out before exiting (the last ones: the requests that were in flight).
    await app.flushLogs();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    await app.flushLogs();
    process.exit(1);
  }
}
// `on`, not `once`: a second stop signal (Ctrl-C pressed again, a process manager signalling both
// the process and its group) with no listener left would kill the server in the middle of its shutdown.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
