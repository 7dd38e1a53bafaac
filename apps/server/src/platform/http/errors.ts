// The one error shape of the API — { error: '<sentence>', code, fields? } — and the
// handler that produces it. Client mistakes say what was wrong; server faults say nothing
// about internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from '@comics/shared/error-codes';
import type { ApiError } from '@comics/shared/schemas/errors';
import { isRefusedValue } from './database-errors';
import { loggableError } from '../logging/loggable-error';

/**
 * A card provider's reason for a failed payment (Stripe's decline codes are open-ended): the one
 * code a 402 passes on without it being one of ours. Made by `providerCode` only.
 */
export type ProviderCode = string & { readonly fromCardProvider: true };
export const providerCode = (code: string) => code as ProviderCode;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of ERROR_CODES: a typo, or a code no client knows, does not compile. */
    readonly code: ErrorCode | ProviderCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After of a 429 or 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, ERROR_CODES.notFound, `${what} not found`);

/** A wait as a person reads it, in whole minutes rounded up: '1 minute', '14 minutes'. */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A refusal to be tried again later: 429 (too many attempts) or 503 (busy), with Retry-After in whole seconds. */
export function tryAgainLater(
  statusCode: 429 | 503,
  code: ErrorCode,
  message: string,
  retryAfterSeconds: number,
  fields?: Record<string, string>,
): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(statusCode, code, message, fields, { 'retry-after': String(seconds) });
}

/** The answer's body; `code` is any string only for Fastify's own errors, answered as they come. */
export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: message, code, ...(fields ? { fields } : {}) };
}

/** 400 naming each field that was wrong, the message summing them up. */
export function validationFailed(fields: Record<string, string>): HttpError {
  const summary = Object.entries(fields)
    .map(([name, message]) => `${name}: ${message}`)
    .join('; ');
  return new HttpError(400, ERROR_CODES.validationFailed, `Invalid request: ${summary}`, fields);
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
        .send(errorBody(ERROR_CODES.invalidValue, 'A value in the request is malformed, out of range or too long.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…).
      const code = error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : ERROR_CODES.badRequest;
      return reply.status(status).send(errorBody(code, error.message));
    }
    // Never `err: error`: a failed query's error carries the values bound to it (see loggableError).
    request.log.error({ error: loggableError(error) }, 'request failed');
    return reply
      .status(500)
      .send(errorBody(ERROR_CODES.internalError, 'Something went wrong on our side. Please try again.'));
  });
}
