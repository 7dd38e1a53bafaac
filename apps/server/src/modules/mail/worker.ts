// Delivers the e-mail outbox in the background. Any number of processes may run it on one
// database: a worker claims due rows with FOR UPDATE SKIP LOCKED and moves their next attempt
// past a lease before it commits, so no other worker picks them while it sends. A failed send
// is retried with exponential back-off, and given up (status 'failed') after MAX_ATTEMPTS.
// Claims carry the claiming instance's liveness key: the claims of an instance that died are
// given back at the next poll of any other, so its mail goes out seconds later, not a lease later.
import { and, asc, eq, gt, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goneInstances, type InstanceLiveness } from '../../db/instance-lock';
import { emailOutbox } from '../../db/schema/outbox';
import { loggableError } from '../../platform/logging/loggable-error';
import { SEND_TIMEOUT_MS, type MailLog, type MailTransport, type OutgoingEmail } from './transport';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** A wake waits this long, so the confirmations of a busy minute go out in batches, not one by one. */
const WAKE_DELAY_MS = 100;
/**
 * Messages of a batch in flight at once. Modest on purpose: at a checkout peak the requests come
 * first and confirmations wait seconds (docs/benchmarks.md), then go out at about 1,000 a second.
 */
export const SEND_CONCURRENCY = 5;
/** How long a claimed row stays invisible to other workers while this one sends it (MAIL_LEASE_SECONDS). */
const DEFAULT_LEASE_MS = 2 * 60 * 1000;
/**
 * Sent messages are recorded in groups of this many while the batch goes on, not once at its end:
 * a worker killed mid-batch leaves at most this many (plus those in flight) to be sent again
 * after the lease, instead of every message it had sent.
 */
const SENT_GROUP = 10;

/** The wait before the next attempt after `attempts` failed ones: 5 s, 10 s, 20 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DrainResult {
  sent: number;
  /** Given up for good on this drain. */
  failed: number;
  /** Failed this time, tried again later. */
  retried: number;
}

export interface MailWorker {
  /** Sends what is due now, then polls. */
  start(): void;
  /** Stops polling and waits for a batch in flight (call before the database closes). */
  stop(): Promise<void>;
  /** Drains now, e.g. right after a transaction that queued a message committed. */
  wake(): void;
  /** One batch; never overlaps another drain of this worker. */
  drainOnce(): Promise<DrainResult>;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: MailLog;
  now?: () => Date;
  pollMs?: number;
  batchSize?: number;
  /**
   * A claimed row's lease: how soon another worker sends what a killed one had claimed. No send
   * starts that could outlast it (SEND_TIMEOUT_MS), so it must be longer than that.
   */
  leaseMs?: number;
  /** This instance's key and whether another's still runs; without it claims wait out their lease. */
  liveness?: Pick<InstanceLiveness, 'key' | 'isAlive'>;
}

type ClaimedRow = OutgoingEmail & { orderId: number | null; attempts: number };

export function createMailWorker({
  db,
  transport,
  log,
  now = () => new Date(),
  pollMs = 5_000,
  batchSize = 50,
  leaseMs = DEFAULT_LEASE_MS,
  liveness,
}: MailWorkerOptions): MailWorker {
  if (leaseMs <= SEND_TIMEOUT_MS)
    throw new Error(`A lease of ${leaseMs} ms leaves no time for a send (up to ${SEND_TIMEOUT_MS} ms)`);
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  /** When the scheduled tick is due (epoch ms). */
  let dueAt = 0;
  let inFlight: Promise<DrainResult> | null = null;
  let ticking = false;
  /** A wake or a full batch arrived while draining: drain again straight after. */
  let again = false;

  /** When claims of other instances were last checked (epoch ms): at most once a poll. */
  let claimsCheckedAt = -Infinity;

  /** Makes the rows claimed by instances that are gone due at once. */
  async function giveBackClaimsOfGoneInstances(at: Date): Promise<void> {
    if (!liveness || at.getTime() - claimsCheckedAt < pollMs) return;
    claimsCheckedAt = at.getTime();
    const claimants = await db
      .selectDistinct({ key: emailOutbox.claimedBy })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          gt(emailOutbox.nextAttemptAt, at),
          isNotNull(emailOutbox.claimedBy),
          ne(emailOutbox.claimedBy, liveness.key),
        ),
      );
    const gone = await goneInstances(
      liveness,
      claimants.map((claimant) => claimant.key),
    );
    for (const key of gone) {
      const given = await db
        .update(emailOutbox)
        .set({ nextAttemptAt: at, claimedBy: null })
        .where(and(eq(emailOutbox.status, 'pending'), eq(emailOutbox.claimedBy, key)))
        .returning({ id: emailOutbox.id });
      log.warn({ instance: key, messages: given.length }, 'e-mail claimed by an instance that stopped, sent now');
    }
  }

  /** Due rows, each moved past the lease in the same statement, so no other worker takes them. */
  async function claim(): Promise<{ rows: ClaimedRow[]; leaseUntil: Date }> {
    const claimedAt = now();
    await giveBackClaimsOfGoneInstances(claimedAt);
    const leaseUntil = new Date(claimedAt.getTime() + leaseMs);
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, claimedAt)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: leaseUntil, claimedBy: liveness?.key ?? null })
      .where(inArray(emailOutbox.id, due))
      .returning({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        textBody: emailOutbox.textBody,
        htmlBody: emailOutbox.htmlBody,
        orderId: emailOutbox.orderId,
        attempts: emailOutbox.attempts,
      });
    return { rows: rows.sort((a, b) => a.id - b.id), leaseUntil };
  }

  async function recordFailure(row: ClaimedRow, error: unknown): Promise<'failed' | 'retried'> {
    const attempts = row.attempts + 1;
    // The transport's errors are already safe to store; anything else is reduced to its message.
    const lastError = (error instanceof Error ? error.message : 'delivery failed').slice(0, 500);
    const giveUp = attempts >= MAX_ATTEMPTS;
    const nextAttemptAt = giveUp ? now() : new Date(now().getTime() + retryDelayMs(attempts));
    await db
      .update(emailOutbox)
      .set({ attempts, lastError, nextAttemptAt, claimedBy: null, ...(giveUp ? { status: 'failed' as const } : {}) })
      .where(eq(emailOutbox.id, row.id));
    const details = { outboxId: row.id, orderId: row.orderId, attempts, lastError };
    if (giveUp) {
      log.error(details, 'e-mail given up after the last attempt');
      return 'failed';
    }
    log.warn({ ...details, nextAttemptAt }, 'e-mail not sent; will retry');
    return 'retried';
  }

  /**
   * Records sent messages a group at a time while the batch goes on. A crash before a group is
   * recorded sends it again (at least once, by design); `finish` records the rest and reports the
   * first failure to record.
   */
  function sentRecorder(result: DrainResult) {
    let group: number[] = [];
    let failure: unknown = null;
    const recording: Array<Promise<void>> = [];
    const record = () => {
      const ids = group;
      group = [];
      recording.push(
        db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: now(), lastError: null, claimedBy: null })
          .where(inArray(emailOutbox.id, ids))
          .then(
            () => void (result.sent += ids.length),
            (error: unknown) => void (failure ??= error),
          ),
      );
    };
    return {
      add(id: number) {
        group.push(id);
        if (group.length >= SENT_GROUP) record();
      },
      async finish() {
        if (group.length > 0) record();
        await Promise.all(recording);
        if (failure) throw failure;
      },
    };
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, retried: 0 };
    if (stopping) return result;
    const { rows, leaseUntil } = await claim();
    const unsent: number[] = [];
    const sent = sentRecorder(result);
    const queue = [...rows];
    const sendQueued = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        // A send that could outlast the lease might be repeated by another worker; stopping leaves
        // the rest too. Either way they go back to the queue, due at once, for whoever comes next.
        if (stopping || now().getTime() + SEND_TIMEOUT_MS >= leaseUntil.getTime()) {
          unsent.push(row.id);
          continue;
        }
        try {
          await transport.send(row);
        } catch (error) {
          result[await recordFailure(row, error)] += 1;
          continue;
        }
        log.debug({ outboxId: row.id, orderId: row.orderId }, 'e-mail sent');
        sent.add(row.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, sendQueued));
    await sent.finish();
    if (unsent.length > 0) {
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: now(), claimedBy: null })
        .where(and(inArray(emailOutbox.id, unsent), eq(emailOutbox.nextAttemptAt, leaseUntil)));
    }
    if (rows.length === batchSize) again = true;
    return result;
  }

  function drainOnce(): Promise<DrainResult> {
    const previous = inFlight ?? Promise.resolve();
    const next = previous.then(drain, drain);
    inFlight = next;
    const settle = () => {
      if (inFlight === next) inFlight = null;
    };
    next.then(settle, settle);
    return next;
  }

  function schedule(delayMs: number): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!started || stopping) return;
    dueAt = Date.now() + delayMs;
    // Never what keeps the process alive: the server's listener (or a test) decides that.
    timer = setTimeout(() => void tick(), delayMs).unref();
  }

  async function tick(): Promise<void> {
    timer = null;
    ticking = true;
    again = false;
    try {
      await drainOnce();
    } catch (error) {
      // Most likely the database is unreachable: try again at the next poll, not in a tight loop.
      again = false;
      if (!stopping) log.error({ error: loggableError(error) }, 'mail outbox drain failed');
    } finally {
      ticking = false;
    }
    schedule(again ? 0 : pollMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => {});
      transport.close();
    },
    wake() {
      if (!started || stopping) return;
      // A running tick drains again when it ends; otherwise the next tick comes in a moment, not
      // at the poll (a tick already due sooner stays as it is).
      again = true;
      if (!ticking && !(timer && dueAt <= Date.now() + WAKE_DELAY_MS)) schedule(WAKE_DELAY_MS);
    },
    drainOnce,
  };
}
