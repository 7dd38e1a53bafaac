// How other modules send e-mail: they queue it here, inside their own transaction (or, with
// outboxValues, in their own statement, as the checkout does; or one per row of a query with
// enqueueForEach, as a new issue's e-mails to its series' followers are), so the message
// exists exactly when what caused it was committed; the mail worker delivers it afterwards and
// retries until the relay accepts it. After the commit, call the worker's wake() so it goes out
// at once instead of at the next poll.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
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

/** One address and nothing else, as SINGLE_ADDRESS in PostgreSQL's regular expressions. */
const SINGLE_ADDRESS_SQL = '^[^[:space:]@,;:<>()\\[\\]"\\\\]+@[^[:space:]@,;:<>()\\[\\]"\\\\]+$';

/** `value` as escapeHtml (order-confirmation.ts) writes it, in SQL. */
const escapedHtml = (value: SQL) =>
  sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * Queues one message per row of `recipients` in one INSERT … SELECT, however many rows there are
 * (the followers of a series when one of its issues is added). `recipients` is a query answering
 * `recipient` (the address) and one text column per name in `fields`; `build` writes the message
 * once, with a placeholder for each field, and each row's message gets that row's values in their
 * place: as they are in the text part, HTML-escaped in the HTML part. The subject is everyone's
 * (no placeholder). A row whose address is not one plain address is skipped, as enqueueEmail
 * refuses one. Answers how many messages were queued.
 */
export async function enqueueForEach<Field extends string>(
  tx: Pick<Database, 'execute'>,
  recipients: SQL,
  fields: readonly Field[],
  build: (placeholders: Readonly<Record<Field, string>>) => Omit<OutboxMessage, 'recipient'>,
): Promise<number> {
  // Unguessable per call: a value (a series' name, a username) can never hold another's placeholder.
  const nonce = randomBytes(12).toString('base64url');
  const placeholders = Object.fromEntries(fields.map((field) => [field, `{{${field}:${nonce}}}`])) as Record<
    Field,
    string
  >;
  const message = build(placeholders);
  const template = outboxValues({ ...message, recipient: 'template@example.invalid' });
  if (Object.values<string>(placeholders).some((placeholder) => template.subject.includes(placeholder))) {
    throw new Error('enqueueForEach: the subject is the same for everyone and takes no placeholder');
  }
  let text = sql`${template.textBody}::text`;
  let html = template.htmlBody === null ? null : sql`${template.htmlBody}::text`;
  for (const field of fields) {
    const value = sql`r.${sql.identifier(field)}`;
    text = sql`replace(${text}, ${placeholders[field]}::text, ${value})`;
    if (html) html = sql`replace(${html}, ${placeholders[field]}::text, ${escapedHtml(value)})`;
  }
  const [row] = await queryRows<{ queued: number }>(
    tx,
    sql`with queued as (
          insert into ${emailOutbox} (recipient, subject, text_body, html_body, order_id, next_attempt_at)
          select r.recipient, ${template.subject}::text, ${text}, ${html ?? sql`null`}, ${template.orderId}::int,
                 ${(template.nextAttemptAt as Date).toISOString()}::timestamptz
          from (${recipients}) as r
          where r.recipient ~ ${SINGLE_ADDRESS_SQL}
          returning 1
        )
        select count(*)::int as queued from queued`,
  );
  return row?.queued ?? 0;
}
