// Runs the checkout's reconciliation when the app starts (before it serves: an order a crash
// left between charge and completion is settled first) and then every minute, for orders the
// gateway was unreachable for. Several instances may run it at once (every step is conditional),
// but a periodic run is skipped while another instance's is under way (`alone`): it does the same.
import type { FastifyInstance } from 'fastify';
import { loggableError } from '../../platform/logging/loggable-error';
import type { CheckoutService } from './service';

const INTERVAL_MS = 60_000;
/** Periodic runs leave young orders alone: their own request is most likely still settling them. */
const PERIODIC_MIN_AGE_MS = 30_000;

/** Runs the work unless another instance is running it; the default runs it always. */
export type RunAlone = (work: () => Promise<unknown>) => Promise<unknown>;
const always: RunAlone = (work) => work();

export function scheduleReconciler(app: FastifyInstance, checkout: CheckoutService, alone: RunAlone = always): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = (minAgeMs: number, runner: RunAlone = always) => {
    running = runner(() => checkout.reconcile(minAgeMs)).catch((error: unknown) =>
      app.log.error({ err: loggableError(error) }, 'reconciling orders failed'),
    );
    return running;
  };
  app.addHook('onReady', async () => {
    await run(0);
    timer = setInterval(() => void run(PERIODIC_MIN_AGE_MS, alone), INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
