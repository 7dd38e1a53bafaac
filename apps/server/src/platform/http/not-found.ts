// What answers a path no route takes: a browser asking for a page gets the web app (its router
// shows the page, or its own 'not found'); anything else the API's 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

export type SendPage = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function installNotFound(app: FastifyInstance, sendPage: SendPage | null): void {
  app.setNotFoundHandler(
    // Unknown paths are cheap to probe: rate-limit them so scanning costs the scanner.
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !/^\/(api|media)(\/|$)/.test(request.url) &&
        (request.headers.accept ?? '').includes('text/html');
      if (sendPage && isPage) return sendPage(request, reply);
      return reply
        .code(404)
        .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
    },
  );
}
