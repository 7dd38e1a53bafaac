// Without SMTP_URL the shop writes each message as an .eml file under DATA_DIR/mail: a real
// RFC 5322 message a mail client (or a parser) opens, named without anything a user typed.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox } from '../../db/schema/outbox';
import { enqueueEmail } from './outbox';
import { createMailTransport, type MailLog } from './transport';
import { createMailWorker } from './worker';

let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'comics-mail-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the .eml file transport', () => {
  it('writes a parseable message with the right headers and logs where it went', async () => {
    const infoLines: Array<{ details: object; message: string }> = [];
    const log: MailLog = {
      debug: () => {},
      info: (details, message) => infoLines.push({ details, message }),
      warn: () => {},
      error: () => {},
    };
    const transport = createMailTransport(
      { SMTP_URL: undefined, MAIL_FROM: 'Comics Shop <shop@comics.test>', dataDir },
      log,
    );
    expect(transport.kind).toBe('file');
    const worker = createMailWorker({ db: database.db, transport, log });
    const id = await enqueueEmail(database.db, {
      recipient: 'reader@example.com',
      // A path in the subject must not become one on disk.
      subject: 'Your order ../../etc/passwd #5',
      textBody: 'Total: $3.99',
      htmlBody: '<p>Total: $3.99</p>',
    });

    expect(await worker.drainOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    await worker.stop();

    const mailDir = path.join(dataDir, 'mail');
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z-outbox-${id}\\.eml$`));
    const file = path.join(mailDir, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const raw = await readFile(file);
    // RFC 5322 lines end in CRLF.
    expect(raw.toString('latin1')).toMatch(/^[\s\S]*?\r\nSubject: /);
    const mail = await simpleParser(raw);
    expect(mail.from).toMatchObject({ value: [{ address: 'shop@comics.test', name: 'Comics Shop' }] });
    expect(mail.to).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    expect(mail.subject).toBe('Your order ../../etc/passwd #5');
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.text?.trim()).toBe('Total: $3.99');
    expect(String(mail.html)).toContain('<p>Total: $3.99</p>');

    expect(infoLines).toEqual([
      {
        message: 'e-mail written to file',
        details: { outboxId: id, recipient: 'reader@example.com', subject: 'Your order ../../etc/passwd #5', file },
      },
    ]);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent' });
  });

  it('reports a directory it cannot write as a failed attempt, to be retried', async () => {
    const log: MailLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    // A file where the data directory should be: mkdir under it fails.
    const blocked = path.join(dataDir, 'not-a-directory');
    await writeFile(blocked, '');
    const worker = createMailWorker({
      db: database.db,
      transport: createMailTransport({ SMTP_URL: undefined, MAIL_FROM: 'shop@comics.test', dataDir: blocked }, log),
      log,
    });
    const id = await enqueueEmail(database.db, { recipient: 'reader@example.com', subject: 'Hi', textBody: 'Hi' });

    expect(await worker.drainOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/^ENOTDIR: /);
  });
});
