// The browser suite's mail server: the shop sends to it over real SMTP (SMTP_URL), and the specs
// read what it received over HTTP. `GET /messages?to=<address>` answers the messages to that
// address (all of them without `to`), oldest first, as JSON; `GET /health` answers once both
// listeners are up (Playwright waits for it). Started by playwright.config.ts as a web server:
//   node --import tsx e2e/mail-catcher.ts   (MAIL_CATCHER_SMTP_PORT, MAIL_CATCHER_HTTP_PORT)
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One received message as the specs read it. */
export interface CaughtMail {
  /** The envelope's recipients, in lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3925);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3926);
const host = '127.0.0.1';
const received: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // A message bigger than any the shop writes is a mistake: refused, not kept.
  size: 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method === 'GET' && url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});

await new Promise<void>((resolve) => smtp.listen(smtpPort, host, resolve));
await new Promise<void>((resolve) => http.listen(httpPort, host, resolve));
console.log(`mail catcher: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}/messages`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
  });
}
