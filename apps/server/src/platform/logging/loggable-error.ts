// An error as the logs may see it: what failed and where, never the values bound to a query.
// Drizzle's DrizzleQueryError carries `params` and repeats them in its message and stack, and
// the drivers' errors carry them too (PGlite: `params`; PostgreSQL: row values in `detail`).
// Those can be a password hash or an e-mail address, so only named fields are kept.
import { DrizzleQueryError } from 'drizzle-orm';
import { sqlStateOf } from '../http/database-errors';

export interface LoggableError {
  type: string;
  message: string;
  /** SQLSTATE, or a Node or Fastify error code. */
  code?: string;
  /** The SQL text with its placeholders ($1, $2…), not the values. */
  query?: string;
  stack?: string;
  cause?: LoggableError;
}

/** The call frames of a stack, under a header we wrote (V8 repeats the message in the stack). */
function framesOf(error: Error, header: string): string | undefined {
  if (!error.stack) return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'thrown value that is not an Error' };
  const failedQuery = error instanceof DrizzleQueryError;
  const type = error.constructor.name || error.name;
  const message = failedQuery ? 'Failed query' : error.message;
  const { code, query } = error as { code?: unknown; query?: unknown };
  const result: LoggableError = { type, message };
  // A wrapper has no code of its own: it is its cause's SQLSTATE.
  const codeOrState = typeof code === 'string' ? code : sqlStateOf(error);
  if (codeOrState) result.code = codeOrState;
  if (typeof query === 'string') result.query = query;
  const stack = framesOf(error, `${type}: ${message}`);
  if (stack) result.stack = stack;
  if (error.cause !== undefined && depth < 3) result.cause = loggableError(error.cause, depth + 1);
  return result;
}
