// One access-log line per request, written once the answer has gone: method, path, client
// address, status and time (the request id rides on the request's logger). Fastify's own
// request logging writes two lines per request (arrival and completion), which cost a cached
// catalogue route about a third of its throughput. Never headers (cookies, bearer tokens) or
// bodies, and never the query strings of the sign-in flow, which carry one-time codes and state.
import type { FastifyInstance } from 'fastify';

const SECRET_QUERY_PATHS = /^\/(api\/auth|oidc)\//;

/** A request as logs show it: method and URL (sign-in query strings cut) and the client address. */
export function serializeRequest(request: { method: string; url: string; ip?: string }) {
  const url = SECRET_QUERY_PATHS.test(request.url) ? request.url.split('?')[0] : request.url;
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
