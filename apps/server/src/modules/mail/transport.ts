// Where the shop's e-mail leaves the process: an SMTP relay when SMTP_URL is set, otherwise
// RFC 5322 .eml files under DATA_DIR/mail, so development and demos need no mail server and
// every message can still be opened in a mail client.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config';

/** One outbox row as the transport needs it. */
export interface OutgoingEmail {
  id: number;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** Resolves once the relay accepted the message (or the file is written); throws MailDeliveryError otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** The log lines of the mail module; Fastify's (pino) logger fits. */
export interface MailLog {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A refused or failed delivery, its message safe to store and log (no credentials, one short line). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** The SMTP reply code when the server answered, e.g. 451 or 550. */
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/**
 * The longest one send may take, whatever the server does (a relay that trickles bytes would
 * otherwise keep resetting the socket timeout). The worker relies on it to stay within its lease.
 */
export const SEND_TIMEOUT_MS = 60_000;

const MAX_ERROR_LENGTH = 300;

export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>,
  log: MailLog,
): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createFileTransport(path.join(config.dataDir, 'mail'), config.MAIL_FROM, log);
}

function messageOf(email: OutgoingEmail): SendMailOptions {
  return {
    to: email.recipient,
    subject: email.subject,
    text: email.textBody,
    ...(email.htmlBody ? { html: email.htmlBody } : {}),
    // RFC 3834: a machine wrote this, so vacation responders should not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

// Bodies are our own strings: nodemailer must never read a file or a URL named in a message.
const contentAccess = { disableFileAccess: true, disableUrlAccess: true } as const;

function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url,
      ...contentAccess,
      // nodemailer's defaults (2 min to connect, 10 min of silence) would hold a batch for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      dnsTimeout: 10_000,
    },
    { from },
  );
  const secrets = secretsOf(url);
  return {
    kind: 'smtp',
    async send(email) {
      try {
        await transporter.sendMail({ ...messageOf(email), signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      } catch (error) {
        throw deliveryError(error, secrets);
      }
    },
    close: () => transporter.close(),
  };
}

function createFileTransport(directory: string, from: string, log: MailLog): MailTransport {
  // Builds the same MIME message SMTP would carry, into a buffer instead of a socket.
  const composer = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows', ...contentAccess },
    { from },
  );
  // Made once; made again after a failed send, in case someone removed it.
  let directoryMade: Promise<unknown> | null = null;
  return {
    kind: 'file',
    async send(email) {
      try {
        const info = await composer.sendMail(messageOf(email));
        await (directoryMade ??= mkdir(directory, { recursive: true, mode: 0o700 }));
        // Named by the time and the outbox id only: nothing a user typed reaches the path.
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(directory, `${stamp}-outbox-${email.id}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        log.info(
          { outboxId: email.id, recipient: email.recipient, subject: email.subject, file },
          'e-mail written to file',
        );
      } catch (error) {
        directoryMade = null;
        throw deliveryError(error, []);
      }
    },
    close: () => {},
  };
}

/** The password of an SMTP URL, as written and decoded, to keep out of stored errors. */
function secretsOf(url: string): string[] {
  const { password } = new URL(url);
  if (!password) return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the raw form is all there is.
  }
  return [...new Set([password, decoded])].filter((secret) => secret.length > 0);
}

function deliveryError(error: unknown, secrets: string[]): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  let message = error instanceof Error ? error.message : 'delivery failed';
  for (const secret of secrets) message = message.split(secret).join('***');
  message = message.replace(/\s+/g, ' ').trim();
  if (typeof code === 'string' && !message.startsWith(code)) message = `${code}: ${message}`;
  if (message.length > MAX_ERROR_LENGTH) message = `${message.slice(0, MAX_ERROR_LENGTH - 1)}…`;
  return new MailDeliveryError(message, typeof responseCode === 'number' ? responseCode : undefined);
}
