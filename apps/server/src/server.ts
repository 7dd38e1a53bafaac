// Process entry: configure, migrate, seed the demo catalogue on first start, listen, and
// shut down cleanly on SIGTERM/SIGINT (finish in-flight requests, then close the database).
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-from-config';
import { createSessionStore } from './modules/auth/sessions';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts';
import { seedCatalogue } from './seed/seed-catalogue';

const startedAt = performance.now();
const config = loadConfig();
const database = await openConfiguredDatabase(config).catch((error: Error) => {
  // A boot failure (database unreachable, folder locked) is a message for a person, not a trace.
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});

if (config.SEED_DEMO) {
  const seeded = await seedCatalogue(database.db);
  if (seeded.seeded) {
    console.log(`Seeded the demo catalogue: ${seeded.volumes} comics, ${seeded.issues} issues.`);
  }
  await seedDemoAccounts(database.db);
  if (config.NODE_ENV !== 'production') {
    const list = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(5)}  ${a.email} / ${a.password}`).join('\n');
    console.log(`Demo accounts (set SEED_DEMO=false for a real shop):\n${list}`);
  }
}

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
