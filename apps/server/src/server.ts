// Process entry: configure, migrate, seed the demo catalogue on first start, listen, and
// shut down cleanly on SIGTERM/SIGINT (finish in-flight requests, then close the database).
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openConfiguredDatabase } from './db/open-from-config';
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
const database = await openConfiguredDatabase(config).catch(cannotStart);

const { info, warnings } = await seedOnStart(config, database.db);
for (const line of warnings) console.warn(`WARNING: ${line}`);
for (const line of info) console.log(line);

const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Comics shop on http://localhost:${config.PORT} (${database.kind}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
);

// Expired sessions are refused on sight; this only keeps the table from growing forever.
const sessionCleanup = setInterval(
  () =>
    void createSessionStore(database.db)
      .deleteExpired()
      .catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed')),
  60 * 60 * 1000,
).unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  clearInterval(sessionCleanup);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
