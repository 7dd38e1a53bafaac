// One access-log line per request, written once the answer has gone: request id, method, URL
// (each query parameter's value redacted: page signatures, the sign-in flow's codes and state, and
// whatever a visitor searched for are nobody's business in a log), status, time in ms, client
// address and, on routes that resolve one, the signed-in user's id. Never headers (cookies,
// bearer tokens) or bodies. Every request pays for this line, so it is built from those fields
// alone, flat, on a logger of its own (loggers.ts) that skips the application logger's redaction
// pass and serializers: nothing in it needs them. Fastify's own request logging (two lines per
// request, with objects) is off.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { redactUrl } from './redaction';

/** Installed only when info lines are logged at all (LOG_LEVEL info or finer). */
export function installAccessLog(
  app: FastifyInstance,
  logger: Logger,
  userIdOf: (request: FastifyRequest) => number | undefined,
): void {
  if (!logger.isLevelEnabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    logger.info({
      reqId: request.id,
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      userId: userIdOf(request),
    });
    done();
  });
}
