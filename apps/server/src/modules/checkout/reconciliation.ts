// Reconciliation: the orders a crash or an unreachable gateway left pending are settled from what
// the gateway says happened. Charged ones are completed, refused ones failed, ones the gateway
// never saw given up after a while, 3-D Secure confirmations nobody finished cancelled. Any number
// of runs may overlap (each step is conditional); reconciler.ts decides when they run.
import type { InstanceLiveness } from '../../db/instance-lock';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from '../payments/gateway';
import type { CheckoutRepository, OrderRow } from './repository';
import type { CheckoutLog, Settling } from './settling';

/** A charge that never reached the gateway is given up after this long. */
const ABANDON_UNCHARGED_MS = 10 * 60_000;
/**
 * …or after this long once the instance that took the order is known to have died: time for a
 * charge its request sent just before dying to reach the gateway and show in its records.
 */
const ABANDON_ORPHANED_MS = 60_000;
/** A 3-D Secure confirmation the buyer never finished is cancelled after this long. */
const ABANDON_ACTION_MS = 60 * 60_000;
/** Pending orders one run looks at, oldest first. */
const BATCH = 100;

/** The gateway's last word on a charge: taken, or definitely not. */
type Verdict = Extract<ChargeResult, { status: 'succeeded' | 'failed' }>;

export interface ReconciliationDependencies {
  repository: CheckoutRepository;
  gateway: PaymentGateway | null;
  log: CheckoutLog;
  now?: () => Date;
  /** Which instances still run (db/instance-lock.ts); without it an uncharged order waits the full ten minutes. */
  liveness?: Pick<InstanceLiveness, 'isAlive'>;
}

export function createReconciliation(
  deps: ReconciliationDependencies,
  settling: Pick<Settling, 'complete' | 'failLater'>,
) {
  const { repository, log, liveness } = deps;
  const now = deps.now ?? (() => new Date());

  /** Whether the instance that took the order has died (its request will never charge). */
  const orphaned = async (order: OrderRow) =>
    liveness !== undefined && order.ownerInstance !== null && !(await liveness.isAlive(order.ownerInstance));

  /** The gateway's verdict on a pending order `age` ms old, or null to look again at the next run. */
  async function verdictOn(gateway: PaymentGateway, order: OrderRow, age: number): Promise<Verdict | null> {
    let result: ChargeResult | null;
    try {
      if (order.gateway !== gateway.name) throw new GatewayUnavailableError(gateway.name, 'another gateway');
      result = await gateway.lookup({
        idempotencyKey: order.idempotencyKey!,
        orderId: order.id,
        reference: order.paymentReference,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      return null;
    }
    if (result === null) {
      const givenUp = age > ABANDON_UNCHARGED_MS || (age > ABANDON_ORPHANED_MS && (await orphaned(order)));
      return givenUp
        ? { status: 'failed', reference: null, code: 'not_charged', message: 'The payment was not taken.' }
        : null;
    }
    if (result.status !== 'requires_action') return result;
    if (age <= ABANDON_ACTION_MS) return null;
    // A refused cancel most likely means the buyer confirmed meanwhile: the next run looks again.
    const cancelled = await gateway.cancel?.(result.reference).then(
      () => true,
      () => false,
    );
    if (!cancelled) return null;
    return {
      status: 'failed',
      reference: result.reference,
      code: 'abandoned',
      message: 'The payment was not confirmed.',
    };
  }

  /**
   * Settles the pending orders older than `minAgeMs`. Runs at start-up and then periodically;
   * answers what it did, for the log.
   */
  return async function reconcile(minAgeMs = 0): Promise<{ completed: number; failed: number; left: number }> {
    const counts = { completed: 0, failed: 0, left: 0 };
    const { gateway } = deps;
    if (!gateway) return counts;
    const at = now().getTime();
    const pending = await repository.pendingSince(new Date(at - minAgeMs), BATCH);
    for (const order of pending) {
      const verdict = await verdictOn(gateway, order, at - order.createdAt.getTime());
      if (!verdict) {
        counts.left++;
        continue;
      }
      if (verdict.status === 'failed') await settling.failLater(order, verdict);
      // Counted as it stands: a racing webhook or request may have settled it the other way.
      const settled =
        verdict.status === 'succeeded'
          ? await settling.complete(order, verdict)
          : (await repository.findById(order.id))!;
      if (settled.status === 'paid') counts.completed++;
      else counts.failed++;
    }
    if (pending.length > 0) log.info({ ...counts }, 'pending orders reconciled');
    return counts;
  };
}
