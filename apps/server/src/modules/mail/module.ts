// The mail module in the app: queued e-mail (the outbox) goes out in the background. It stops
// before the database closes, since callers close the app first; writers wake it after committing.
import type { Platform } from '../../platform/platform';
import { createMailTransport } from './transport';
import { createMailWorker } from './worker';

export function mailModule({ app, config, database, log, liveness }: Platform) {
  const worker = createMailWorker({
    db: database.db,
    transport: createMailTransport(config, log),
    log,
    leaseMs: config.MAIL_LEASE_SECONDS * 1000,
    liveness,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return { wake: () => worker.wake() };
}
