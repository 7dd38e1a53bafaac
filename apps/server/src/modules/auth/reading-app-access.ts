// Who is calling a reading app's route (OPDS feeds, streamed pages, downloads: issue 27). Reading
// apps cannot keep the shop's session cookie, so besides a session (cookie or bearer, as /api takes
// it) these routes take HTTP Basic with an app password; nothing else of the shop does. A request
// with neither is answered 401 with `WWW-Authenticate: Basic` and the Authentication for OPDS
// document, so that apps can show a sign-in form. Reads only: these routes take no writes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from './access';
import { readCredential } from './session-cookie';
import type { SessionStore } from './sessions';

/** Installs the guard on `scope` (a plugin of reading-app routes): each request gets its caller or a 401. */
export type ReadingAppGuard = (scope: FastifyInstance) => void;

export interface ReadingAppAccessDependencies {
  sessions: SessionStore;
  /** The 401's answer: the challenge header and the authentication document (set on `reply`). */
  refuse: (request: FastifyRequest, reply: FastifyReply) => Promise<never>;
  /** The caller a Basic credential names (an app password), or null. */
  basic?: (request: FastifyRequest, header: string) => Promise<Caller | null>;
}

export function createReadingAppGuard({ sessions, refuse, basic }: ReadingAppAccessDependencies): ReadingAppGuard {
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (header && /^basic /i.test(header)) return basic ? basic(request, header) : null;
    const credential = readCredential(request);
    const session = credential && (await sessions.resolve(credential.token));
    if (!session) return null;
    return {
      id: session.userId,
      role: session.role,
      username: session.username,
      email: session.email,
      picture: session.pictureUrl,
      session: session.tokenHash,
    };
  }

  return (scope) => {
    scope.decorateRequest('caller', null);
    scope.addHook('onRequest', async (request, reply) => {
      const caller = await callerOf(request);
      if (!caller) return refuse(request, reply);
      reply.header('cache-control', 'private, no-store');
      request.caller = caller;
    });
  };
}
