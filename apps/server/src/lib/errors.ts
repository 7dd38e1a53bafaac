// The one error shape of the API — { error: { code, message, fields? } } — and the
// handler that produces it. Client mistakes say what was wrong; server faults say nothing
// about internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@comics/shared/schemas/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** 'querystring' + '/page' → 'page'; the body's own fields keep their names. */
function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || context || 'request';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? 'Invalid value';
      }
      const summary = Object.entries(fields)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      return reply.status(400).send(errorBody('validation_failed', `Invalid request: ${summary}`, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…).
      const code = error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
  });
}
