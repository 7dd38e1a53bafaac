// What a log line may never show: a secret. Addresses carry them in their query strings (a page
// image's signature `?t=`, the sign-in flow's code and state) and in fragments (a password reset
// link's token), so every address a log line holds keeps its path and its parameter names but
// none of their values. Bodies and objects carry them under known names (passwords, tokens,
// cookies), which pino replaces wherever they appear.
import { loggableError } from './loggable-error';

export const REDACTED = '[redacted]';

/** A parameter name kept in the log: short and plain. Anything else could itself be the secret. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,31}$/;

/**
 * `a=1&&b` → `a=[redacted]&&b=[redacted]`. Every logged request goes through this (the access
 * log), so it walks the string once instead of splitting it into arrays.
 */
function redactQuery(query: string): string {
  let out = '';
  for (let start = 0; ;) {
    const amp = query.indexOf('&', start);
    const end = amp < 0 ? query.length : amp;
    if (end > start) {
      const eq = query.indexOf('=', start);
      const name = query.slice(start, eq < 0 || eq > end ? end : eq);
      out += PLAIN_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    }
    if (amp < 0) return out;
    out += '&';
    start = amp + 1;
  }
}

/** `?a=1&b#frag` → `?a=[redacted]&b=[redacted]#[redacted]`: names kept, values and fragment gone. */
function redactSuffix(suffix: string): string {
  const hash = suffix.indexOf('#');
  const out = suffix.startsWith('?') ? `?${redactQuery(suffix.slice(1, hash < 0 ? undefined : hash))}` : '';
  return hash < 0 ? out : `${out}#${REDACTED}`;
}

/** A request's URL as logs show it: the path, then each query parameter's name with its value replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const hash = url.indexOf('#');
  const cut = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return cut < 0 ? url : url.slice(0, cut) + redactSuffix(url.slice(cut));
}

/**
 * pino's serializer for a logged `req`: method, URL (each query value redacted) and the client
 * address; only those, whatever else the object holds (headers, a body).
 */
export function serializeRequest(request: { method: string; url: string; ip?: string }) {
  const url = typeof request.url === 'string' ? redactUrl(request.url) : undefined;
  return { method: request.method, url, remoteAddress: request.ip };
}

/** A query string or fragment right after an address inside free text (a message, an error). */
const ADDRESS_SUFFIX = /(?<=[^\s?#])[?#][^\s"'`<>()]+/g;

/** Free text with the query strings and fragments of any address in it redacted. */
export function redactAddressesIn(text: string): string {
  if (!text.includes('?') && !text.includes('#')) return text;
  return text.replace(ADDRESS_SUFFIX, redactSuffix);
}

/**
 * Where pino replaces a value with [Redacted] in every line: request headers, and the names the
 * shop gives its secrets (a login answer's session `token`, a reset body's `token` and
 * `password`/`repeatpassword`, the Google ID token `google`, card `number` and `cvc`, `cookie` and
 * `authorization` headers) at the top of a logged object or one level down (`{ body: { password } }`).
 * Each path costs every log line, the access log's included, so the list names what the shop
 * uses rather than every name a secret could have: log secrets under these names or not at all.
 */
export const LOG_REDACT_PATHS = [
  'req.headers',
  ...['password', 'repeatpassword', 'token', 'google'].flatMap((field) => [field, `*.${field}`]),
  ...['number', 'cvc', 'cookie', 'authorization'].map((field) => `*.${field}`),
];

type ErrorLike = { message?: unknown; stack?: unknown; cause?: unknown };

/** An error's message and stack (and its causes') with addresses redacted: Fastify puts URLs in some. */
function redactError<T>(error: T, depth = 0): T {
  if (!error || typeof error !== 'object' || depth > 3) return error;
  const copy: ErrorLike = { ...(error as ErrorLike) };
  if (typeof copy.message === 'string') copy.message = redactAddressesIn(copy.message);
  if (typeof copy.stack === 'string') copy.stack = redactAddressesIn(copy.stack);
  if (copy.cause !== undefined) copy.cause = redactError(copy.cause, depth + 1);
  return copy as T;
}

/**
 * What a logged `err` or `error` becomes: an Error as loggableError shows it (never the values
 * bound to a failed query), a message string as it is; either with its addresses redacted.
 */
function serializeError(error: unknown): unknown {
  if (error instanceof Error) return redactError(loggableError(error));
  return typeof error === 'string' ? redactAddressesIn(error) : redactError(error);
}

/** pino's serializers for `err` and `error` (the cast: Fastify's type wants an Error's shape back). */
export const errorSerializers = {
  err: serializeError as (error: Error) => { [key: string]: unknown; type: string; message: string; stack: string },
  error: serializeError,
};

/** Strings directly in a logged object, redacted; the object itself when it has none to redact. */
function redactStringsOf(object: object): object {
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(object)) {
    if (typeof value !== 'string') continue;
    const clean = redactAddressesIn(value);
    if (clean !== value) (copy ??= { ...(object as Record<string, unknown>) })[key] = clean;
  }
  return copy ?? object;
}

/**
 * pino's logMethod hook: the message, and the strings directly in the logged object, lose the
 * query strings of any address they hold (a message naming a request's URL, a `detail`). An
 * Error logged on its own is logged as `{ err }` with its message redacted, as pino would.
 */
export function redactLogArguments(this: unknown, args: unknown[], logMethod: (...args: never[]) => void): void {
  const method = logMethod as (...args: unknown[]) => void;
  const [first, ...rest] = args;
  if (first instanceof Error) {
    const message = typeof rest[0] === 'string' ? rest.shift() : first.message;
    method.apply(this, [{ err: first }, redactAddressesIn(String(message)), ...rest]);
    return;
  }
  const redacted = args.map((arg) => {
    if (typeof arg === 'string') return redactAddressesIn(arg);
    return arg && typeof arg === 'object' ? redactStringsOf(arg) : arg;
  });
  method.apply(this, redacted);
}
