// How other modules send e-mail: they queue it here, inside their own transaction (or, with
// outboxValues, in their own statement, as the checkout does), so the message
// exists exactly when what caused it was committed; the mail worker delivers it afterwards and
// retries until the relay accepts it. After the commit, call the worker's wake() so it goes out
// at once instead of at the next poll.
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/outbox';

export interface OutboxMessage {
  /** One plain address (no display name, no list): the account's e-mail. */
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody?: string | null;
  /** The order a confirmation belongs to. */
  orderId?: number | null;
}

/** The database itself or any transaction on it. */
export type OutboxWriter = Pick<Database, 'insert'>;

// One address and nothing else: a comma or angle bracket would let nodemailer read a list or a
// display name out of it and send the message somewhere else as well.
const SINGLE_ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;

/** The outbox row of a message (status pending, due now), for `enqueueEmail` or a statement of its own. */
export function outboxValues(message: OutboxMessage): typeof emailOutbox.$inferInsert {
  if (!SINGLE_ADDRESS.test(message.recipient)) throw new Error('enqueueEmail: the recipient is not one plain address');
  if (/[\r\n]/.test(message.subject)) throw new Error('enqueueEmail: the subject spans several lines');
  return {
    recipient: message.recipient,
    subject: message.subject,
    textBody: message.textBody,
    htmlBody: message.htmlBody ?? null,
    orderId: message.orderId ?? null,
    // Due by the clock the worker compares with (milliseconds), not the database's (microseconds
    // later within the same millisecond, which left a message drained at once waiting a poll).
    nextAttemptAt: new Date(),
  };
}

/** Queues a message and answers its outbox id. */
export async function enqueueEmail(tx: OutboxWriter, message: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(emailOutbox).values(outboxValues(message)).returning({ id: emailOutbox.id });
  return row!.id;
}
