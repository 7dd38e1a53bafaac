// The one error shape of the API — { error: '<sentence>', code, fields? } — and the
// handler that produces it. Client mistakes say what was wrong; server faults say nothing
// about internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@comics/shared/schemas/errors';
import { isRefusedValue } from './database-errors';
import { loggableError } from './loggable-error';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After of a 429 or 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

/** A wait as a person reads it, in whole minutes rounded up: '1 minute', '14 minutes'. */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A refusal to be tried again later: 429 (too many attempts) or 503 (busy), with Retry-After in whole seconds. */
export function tryAgainLater(
  statusCode: 429 | 503,
  code: string,
  message: string,
  retryAfterSeconds: number,
  fields?: Record<string, string>,
): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(statusCode, code, message, fields, { 'retry-after': String(seconds) });
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: message, code, ...(fields ? { fields } : {}) };
}

/** 400 naming each field that was wrong, the message summing them up. */
export function validationFailed(fields: Record<string, string>): HttpError {
  const summary = Object.entries(fields)
    .map(([name, message]) => `${name}: ${message}`)
    .join('; ');
  return new HttpError(400, 'validation_failed', `Invalid request: ${summary}`, fields);
}

const sendHttpError = (reply: FastifyReply, error: HttpError) => {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
};

/**
 * Fastify's router refuses a URL it cannot decode (FST_ERR_BAD_URL, 400) or a path segment over
 * its length limit (FST_ERR_MAX_PARAM_LENGTH, 414) before any hook or route runs, in a shape of
 * its own that echoes the path: answered here in ours instead (Fastify's `frameworkErrors`).
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const code = error.code.replace(/^FST_ERR_/, '').toLowerCase();
  void reply
    .status(error.statusCode ?? 400)
    .send(errorBody(code, tooLong ? 'A part of the address is too long.' : 'The address is not a valid URL.'));
}

/** 'querystring' + '/page' → 'page'; the body's own fields keep their names. */
function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || context || 'request';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      return sendHttpError(reply, validationFailed(fields));
    }
    if (isRefusedValue(error)) {
      // A value validation let through and the database refused: the route's schema wants tightening.
      request.log.warn({ error: loggableError(error) }, 'database refused a value from the request');
      return reply
        .status(400)
        .send(errorBody('invalid_value', 'A value in the request is malformed, out of range or too long.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…).
      const code = error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
      return reply.status(status).send(errorBody(code, error.message));
    }
    // Never `err: error`: a failed query's error carries the values bound to it (see loggableError).
    request.log.error({ error: loggableError(error) }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
