// The outbox worker against a real SMTP server in this process: delivery, refusals and retries,
// two workers sharing one outbox, giving up, and the app starting and stopping its worker.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema/outbox';
import { orders } from '../../db/schema/shop';
import { buildOrderConfirmation } from './order-confirmation';
import { enqueueEmail } from './outbox';
import { createMailTransport, type MailLog } from './transport';
import { createMailWorker, MAX_ATTEMPTS, retryDelayMs, SEND_CONCURRENCY, type MailWorkerOptions } from './worker';

interface Received {
  rcptTo: string[];
  mail: ParsedMail;
}

/** A real SMTP server on a free port that keeps what it accepts and can refuse on demand. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { refuseNext: 0, delayMs: 0, dataCommands: 0, active: 0, maxActive: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      state.dataCommands += 1;
      state.active += 1;
      state.maxActive = Math.max(state.maxActive, state.active);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = async () => {
          if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          if (state.refuseNext > 0) {
            state.refuseNext -= 1;
            callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            return;
          }
          const rcptTo = session.envelope.rcptTo.map((address) => address.address);
          received.push({ rcptTo, mail: await simpleParser(Buffer.concat(chunks)) });
          callback();
        };
        answer()
          .catch(callback)
          .finally(() => {
            state.active -= 1;
          });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** Log lines kept for assertions. */
function recordingLog() {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      lines.push({ level, details, message });
    };
  const log: MailLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Once the drain start() runs at once has seen the empty outbox (drainOnce() queues behind it). */
async function idle(worker: { drainOnce(): Promise<unknown> }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await worker.drainOnce();
}

const MAIL_FROM = 'Comics Shop <no-reply@comics.test>';

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const workers: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await smtp.close();
});

beforeEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  await database.db.delete(emailOutbox);
  smtp.received.length = 0;
  Object.assign(smtp.state, { refuseNext: 0, delayMs: 0, dataCommands: 0, active: 0, maxActive: 0 });
});

function smtpWorker(options: Partial<MailWorkerOptions> = {}) {
  const { log, lines } = recordingLog();
  const worker = createMailWorker({
    db: database.db,
    transport: createMailTransport({ SMTP_URL: smtp.url, MAIL_FROM, dataDir: '/nonexistent' }, log),
    log,
    ...options,
  });
  workers.push(worker);
  return { worker, lines };
}

/** A clock ahead of the database's, so rows queued with its now() are due; moved by hand. */
function manualClock() {
  let time = Date.now() + 1_000;
  return {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
    set: (date: Date) => {
      time = date.getTime();
    },
  };
}

async function outboxRow(id: number) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

const plainMessage = (n: number) => ({
  recipient: `reader${n}@example.com`,
  subject: `Message ${n}`,
  textBody: `Body ${n}`,
});

describe('order confirmation over SMTP', () => {
  it('arrives with its recipient, subject, item lines, total and escaped names', async () => {
    const buyer = await createAccount(database);
    const paidAt = new Date('2025-03-04T15:06:00Z');
    const [order] = await database.db
      .insert(orders)
      .values({ userId: buyer.id, status: 'paid', totalCents: 798, paidAt })
      .returning({ id: orders.id });
    const message = buildOrderConfirmation({
      orderId: order!.id,
      buyerName: buyer.username,
      buyerEmail: buyer.email,
      paidAt,
      items: [
        { volumeName: 'Saga', issueNumber: 1, name: 'Chapter One', priceCents: 399 },
        { volumeName: 'Hack & Slash', issueNumber: 2, name: '<script>alert("x")</script>', priceCents: 399 },
      ],
      totalCents: 798,
      card: { brand: 'visa', last4: '4242' },
      shopUrl: 'https://comics.test',
    });
    // Queued as the checkout does it: inside the transaction that completes the order.
    const id = await database.db.transaction((tx) => enqueueEmail(tx, message));
    const { worker } = smtpWorker();

    expect(await worker.drainOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    expect(smtp.received).toHaveLength(1);
    const [{ rcptTo, mail }] = smtp.received as [Received];
    expect(rcptTo).toEqual([buyer.email]);
    expect(mail.to).toMatchObject({ value: [{ address: buyer.email }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@comics.test', name: 'Comics Shop' }] });
    expect(mail.subject).toBe(`Your comics order #${order!.id}`);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Saga #1 — Chapter One   $3.99');
    expect(mail.text).toContain('Hack & Slash #2 — <script>alert("x")</script>   $3.99');
    expect(mail.text).toContain('Total: $7.98');
    expect(mail.text).toContain('Visa ending in 4242');
    expect(mail.text).toContain('https://comics.test/user/purchases');
    const html = String(mail.html);
    expect(html).toContain('Hack &amp; Slash #2 — &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('$7.98');

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 0, orderId: order!.id, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('is never queued when the transaction that queued it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, plainMessage(1));
        throw new Error('payment recording failed');
      }),
    ).rejects.toThrow('payment recording failed');
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('refuses a recipient that is not one plain address', async () => {
    for (const recipient of [
      'a@example.com, b@example.com',
      'Someone <a@example.com>',
      'nobody',
      'a@b.c\r\nBcc: x@y.z',
    ]) {
      await expect(enqueueEmail(database.db, { ...plainMessage(1), recipient })).rejects.toThrow('recipient');
    }
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });
});

describe('retries', () => {
  it('retries a message the server refused, later, and delivers it once', async () => {
    const clock = manualClock();
    const { worker, lines } = smtpWorker({ now: clock.now });
    const id = await enqueueEmail(database.db, plainMessage(1));
    smtp.state.refuseNext = 1;

    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    const refused = await outboxRow(id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused.lastError).toContain('451');
    expect(refused.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 5_000);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    // Not due yet: nothing is tried.
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.state.dataCommands).toBe(1);

    clock.advance(5_000);
    expect(await worker.drainOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.state.dataCommands).toBe(2);
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Message 1']);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('backs off exponentially and gives up after the last attempt', async () => {
    const clock = manualClock();
    const { worker, lines } = smtpWorker({ now: clock.now });
    const id = await enqueueEmail(database.db, plainMessage(1));
    smtp.state.refuseNext = Number.POSITIVE_INFINITY;

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      expect(row.nextAttemptAt.getTime() - clock.now().getTime()).toBe(5_000 * 2 ** (attempt - 1));
      // One millisecond early is still too early.
      clock.set(new Date(row.nextAttemptAt.getTime() - 1));
      expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
      clock.advance(1);
    }
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, sentAt: null });
    expect(failed.lastError).toContain('451');
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.details).toMatchObject({ outboxId: id, attempts: MAX_ATTEMPTS });

    // A failed message is never tried again, however late it gets.
    clock.advance(365 * 24 * 3600 * 1000);
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.state.dataCommands).toBe(MAX_ATTEMPTS);
    expect(smtp.received).toEqual([]);
  });

  it('caps the back-off at an hour', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(10)).toBe(2_560_000);
    expect(retryDelayMs(11)).toBe(3_600_000);
    expect(retryDelayMs(50)).toBe(3_600_000);
    expect(retryDelayMs(5_000)).toBe(3_600_000);
  });

  it('stores the reason of a failed login without the password in it', async () => {
    const password = 'pa%24%24-s3cret';
    const authServer = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        // A careless relay that repeats what it was sent.
        callback(new Error(`Bad credentials for ${auth.username}: ${auth.password}`));
      },
    });
    await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
    const { port } = authServer.server.address() as AddressInfo;
    try {
      const { log } = recordingLog();
      const clock = manualClock();
      const worker = createMailWorker({
        db: database.db,
        transport: createMailTransport(
          { SMTP_URL: `smtp://shop:${password}@127.0.0.1:${port}`, MAIL_FROM, dataDir: '/nonexistent' },
          log,
        ),
        log,
        now: clock.now,
      });
      workers.push(worker);
      const id = await enqueueEmail(database.db, plainMessage(1));
      expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
      const { lastError } = await outboxRow(id);
      expect(lastError).toContain('535');
      expect(lastError).toContain('Bad credentials for shop: ***');
      expect(lastError).not.toContain('s3cret');
    } finally {
      await new Promise<void>((resolve) => authServer.close(resolve));
    }
  });
});

describe('several workers', () => {
  it('deliver every message of one outbox exactly once when they drain at the same time', async () => {
    const count = 24;
    for (let n = 1; n <= count; n += 1) await enqueueEmail(database.db, plainMessage(n));
    const workerA = smtpWorker({ batchSize: 4 }).worker;
    const workerB = smtpWorker({ batchSize: 4 }).worker;

    const drainAll = async (worker: typeof workerA) => {
      let sent = 0;
      for (;;) {
        const result = await worker.drainOnce();
        if (result.sent + result.failed + result.retried === 0) return sent;
        sent += result.sent;
      }
    };
    const [sentByA, sentByB] = await Promise.all([drainAll(workerA), drainAll(workerB)]);

    expect(sentByA + sentByB).toBe(count);
    const subjects = smtp.received.map((r) => r.mail.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Message ${i + 1}`).sort());
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 0)).toBe(true);
  });
});

describe('one worker', () => {
  it('never runs two drains at once', async () => {
    const { worker } = smtpWorker({ batchSize: 1 });
    await enqueueEmail(database.db, plainMessage(1));
    await enqueueEmail(database.db, plainMessage(2));
    smtp.state.delayMs = 100;
    const results = await Promise.all([worker.drainOnce(), worker.drainOnce()]);
    expect(results).toEqual([
      { sent: 1, failed: 0, retried: 0 },
      { sent: 1, failed: 0, retried: 0 },
    ]);
    expect(smtp.state.maxActive).toBe(1);
  });

  it('sends several messages of a batch at once, at most SEND_CONCURRENCY', async () => {
    const { worker } = smtpWorker();
    for (let n = 1; n <= SEND_CONCURRENCY + 3; n += 1) await enqueueEmail(database.db, plainMessage(n));
    smtp.state.delayMs = 100;
    expect(await worker.drainOnce()).toEqual({ sent: SEND_CONCURRENCY + 3, failed: 0, retried: 0 });
    expect(smtp.state.maxActive).toBe(SEND_CONCURRENCY);
  });

  it('starts no send that could outlast its lease, and puts the rest back in the queue', async () => {
    // Once a message is accepted the clock is 70 s on: with a 2-minute lease and up to a minute
    // per send, only the sends started together at the claim may still be started.
    const startedAt = Date.now() + 1_000;
    const now = () => new Date(startedAt + (smtp.received.length > 0 ? 70_000 : 0));
    const { worker } = smtpWorker({ now });
    const ids = [];
    for (let n = 1; n <= SEND_CONCURRENCY + 2; n += 1) ids.push(await enqueueEmail(database.db, plainMessage(n)));

    expect(await worker.drainOnce()).toEqual({ sent: SEND_CONCURRENCY, failed: 0, retried: 0 });
    const rows = await Promise.all(ids.map(outboxRow));
    expect(rows.map((row) => row.status)).toEqual([
      ...Array<string>(SEND_CONCURRENCY).fill('sent'),
      'pending',
      'pending',
    ]);
    // Due again at once, not at the end of the lease, and not counted as an attempt.
    for (const row of rows.slice(SEND_CONCURRENCY)) {
      expect(row).toMatchObject({ attempts: 0, nextAttemptAt: new Date(startedAt + 70_000) });
    }

    expect(await worker.drainOnce()).toEqual({ sent: 2, failed: 0, retried: 0 });
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.received).toHaveLength(SEND_CONCURRENCY + 2);
  });
});

describe('a worker killed mid-batch', () => {
  it('has recorded what it sent a group at a time, so little is sent twice', async () => {
    // A transport that accepts 25 messages, then hangs like a process frozen before its end.
    const accepted: number[] = [];
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const { log } = recordingLog();
    const worker = createMailWorker({
      db: database.db,
      log,
      transport: {
        kind: 'smtp',
        close() {},
        async send(email) {
          if (accepted.length >= 25) return hung;
          accepted.push(email.id);
        },
      },
    });
    workers.push(worker);
    for (let n = 1; n <= 40; n += 1) await enqueueEmail(database.db, plainMessage(n));

    const drained = worker.drainOnce();
    await waitFor(() => accepted.length === 25);
    // While the batch hangs, at least the complete groups of ten are already recorded as sent.
    const sentRows = async () =>
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'))).length;
    await waitFor(async () => (await sentRows()) >= 20);
    expect(await sentRows()).toBeLessThanOrEqual(25);

    release();
    expect(await drained).toEqual({ sent: 40, failed: 0, retried: 0 });
  });
});

describe('mail claimed by an instance that is gone', () => {
  /** Instances by key: a worker's liveness asks this set whether another one still runs. */
  const running = new Set<number>();
  const livenessOf = (key: number) => ({ key, isAlive: async (other: number) => running.has(other) });

  /** Instance 1's worker claims `count` messages and hangs on the first send, as a process killed mid-send. */
  async function claimedByInstanceOne(count: number) {
    running.clear();
    running.add(1).add(2);
    const { log } = recordingLog();
    const hung = createMailWorker({
      db: database.db,
      log,
      liveness: livenessOf(1),
      transport: { kind: 'smtp', close() {}, send: () => new Promise<void>(() => {}) },
    });
    const ids: number[] = [];
    for (let n = 1; n <= count; n += 1) ids.push(await enqueueEmail(database.db, plainMessage(n)));
    void hung.drainOnce();
    await waitFor(async () => (await outboxRow(ids[0]!))?.claimedBy === 1);
    return ids;
  }

  it('is sent by another instance at its next poll, not at the end of the lease', async () => {
    const ids = await claimedByInstanceOne(3);
    running.delete(1);
    const { worker, lines } = smtpWorker({ liveness: livenessOf(2) });

    expect(await worker.drainOnce()).toEqual({ sent: 3, failed: 0, retried: 0 });
    expect(smtp.received.map((r) => r.mail.subject).sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: 'sent', claimedBy: null });
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', details: { instance: 1, messages: 3 } }));
  });

  it('stays with an instance that still runs, and a retry keeps its delay', async () => {
    const ids = await claimedByInstanceOne(2);
    const retried = await enqueueEmail(database.db, plainMessage(3));
    smtp.state.refuseNext = 1;
    const { worker: refused } = smtpWorker({ liveness: livenessOf(3) });
    expect(await refused.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    expect(await outboxRow(retried)).toMatchObject({ status: 'pending', claimedBy: null, attempts: 1 });

    const { worker } = smtpWorker({ liveness: livenessOf(2) });
    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: 'pending', claimedBy: 1 });
  });
});

describe('running in the background', () => {
  it('sends at once when woken, instead of at the next poll', async () => {
    const { worker } = smtpWorker({ pollMs: 60_000 });
    worker.start();
    await idle(worker);
    const startedAt = Date.now();
    await enqueueEmail(database.db, plainMessage(1));
    worker.wake();
    await waitFor(() => smtp.received.length === 1, 1_000);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('polls for due messages without being woken', async () => {
    const { worker } = smtpWorker({ pollMs: 50 });
    worker.start();
    await idle(worker);
    await enqueueEmail(database.db, plainMessage(1));
    await waitFor(() => smtp.received.length === 1, 1_000);
  });

  it('finishes the batch in flight when stopped, then sends nothing more', async () => {
    const { worker } = smtpWorker({ pollMs: 20 });
    const id = await enqueueEmail(database.db, plainMessage(1));
    smtp.state.delayMs = 300;
    worker.start();
    await waitFor(() => smtp.state.dataCommands === 1);
    await worker.stop();
    expect(await outboxRow(id)).toMatchObject({ status: 'sent' });

    smtp.state.delayMs = 0;
    await enqueueEmail(database.db, plainMessage(2));
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Message 1']);
  });
});

describe('the app', () => {
  it('starts its worker when ready, sends what is queued, and stops it on close', async () => {
    const { app, database: appDatabase } = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM });
    const id = await enqueueEmail(appDatabase.db, plainMessage(7));
    await app.ready();
    // Marked sent just after the server accepted it.
    await waitFor(async () => {
      const [row] = await appDatabase.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row?.status === 'sent';
    });
    expect(smtp.received.map((r) => r.mail.subject)).toEqual(['Message 7']);
  });
});
