// The shop's two loggers and where their lines go. The application's logger (Fastify's and our
// code's lines) passes every line through the redaction of log-redaction.ts; the access log's
// writes one line per request from fields that are safe by construction, so it skips that work
// (access-log.ts). Both write to one output:
// - tests hand in a stream and read each line as it is written;
// - a terminal outside production gets readable lines (pino-pretty, formatting in a worker thread);
// - anything else (a file, a pipe, production) gets JSON lines, written asynchronously in batches
//   (sonic-boom) so that no request waits on a write: 32 KiB at a time (each write is a hand-over
//   to libuv's thread pool, which on a busy machine costs more than the bytes), or whatever waits
//   after a second, and everything before a clean shutdown exits (flush) or at any exit (pino's hook).
import type { FastifyServerOptions } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from '../../config';
import { errorSerializers, LOG_REDACT_PATHS, redactLogArguments, serializeRequest } from './redaction';

export interface Loggers {
  /** Fastify's `logger` option: the application's logger. */
  app: Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  access: Logger;
  /** Resolves once every line logged so far has been written out. */
  flush(): Promise<void>;
}

/** A stalled reader of standard output costs at most this much memory; later lines are dropped. */
const MAX_WAITING_BYTES = 16 * 1024 * 1024;

/**
 * One line per entry: `[12:00:00] INFO: req-7 GET /api/cart 200 3.1 ms user 12`. The request's
 * fields are in the message, so they are not repeated below it.
 */
const PRETTY = {
  translateTime: 'HH:MM:ss',
  messageFormat:
    '{if reqId}{reqId} {end}{if method}{method} {url} {status} {ms} ms{end}{if userId} user {userId}{end}{msg}',
  ignore: 'pid,hostname,instance,reqId,method,url,status,ms,ip,userId',
};

/**
 * Standard output, buffered. Each line is handed over as bytes: given text, sonic-boom measures
 * its whole pending text at every write (tens of kilobytes under load), which cost more than
 * building the line and left that much garbage each time.
 */
function bufferedStdout() {
  const boom = pino.destination({
    dest: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: 32 * 1024,
    maxWrite: 64 * 1024,
    periodicFlush: 1000,
    maxLength: MAX_WAITING_BYTES,
  });
  // Its types know only text; in 'buffer' mode it takes bytes.
  const writeBytes = boom.write.bind(boom) as unknown as (bytes: Buffer) => boolean;
  return {
    write: (line: string) => writeBytes(Buffer.from(line)),
    flush: (done: (error?: Error) => void) => boom.flush(done),
  };
}

function openOutput(config: Pick<Config, 'NODE_ENV'>, logStream?: { write(line: string): void }) {
  if (logStream) return { stream: logStream, flush: async () => {} };
  const stream =
    process.stdout.isTTY && config.NODE_ENV !== 'production'
      ? pino.transport({ target: 'pino-pretty', options: PRETTY })
      : bufferedStdout();
  // A flush that fails (the output was closed) has nothing left to wait for.
  const flush = () => new Promise<void>((resolve) => stream.flush(() => resolve()));
  return { stream, flush };
}

/** Null when LOG_LEVEL is silent. */
export function createLoggers(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV' | 'instanceId'>,
  logStream?: { write(line: string): void },
): Loggers | null {
  if (config.LOG_LEVEL === 'silent') return null;
  const { stream, flush } = openOutput(config, logStream);
  // The instance's name instead of pino's pid and hostname: what INSTANCE_ID is for.
  const common = { level: config.LOG_LEVEL, base: { instance: config.instanceId } };
  return {
    app: {
      ...common,
      // No secret in any line: query values, passwords, tokens, cookies (platform/logging/redaction.ts).
      serializers: { req: serializeRequest, ...errorSerializers },
      redact: LOG_REDACT_PATHS,
      hooks: { logMethod: redactLogArguments },
      stream,
    },
    access: pino(common, stream),
    flush,
  };
}
