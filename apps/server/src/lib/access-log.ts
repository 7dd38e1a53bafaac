// One access-log line per request, written once the answer has gone: method, path, client
// address, status and time (the request id rides on the request's logger). Fastify's own
// request logging writes two lines per request (arrival and completion), which cost a cached
// catalogue route about a third of its throughput. Never headers (cookies, bearer tokens) or
// bodies, and never a query parameter's value: page signatures, the sign-in flow's codes and
// state, and whatever a visitor searched for are nobody's business in a log (log-redaction.ts).
import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-redaction';

/**
 * A request as logs show it: method, URL (each query value redacted) and the client address;
 * only those, whatever else an object logged as `req` holds.
 */
export function serializeRequest(request: { method: string; url: string; ip?: string }) {
  const url = typeof request.url === 'string' ? redactUrl(request.url) : undefined;
  return { method: request.method, url, remoteAddress: request.ip };
}

/** Installed only when info lines are logged at all (LOG_LEVEL info or finer). */
export function installAccessLog(app: FastifyInstance, level: string): void {
  if (!['info', 'debug', 'trace'].includes(level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
