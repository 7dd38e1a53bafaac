// Who is calling a reading app's route (OPDS feeds, streamed pages, downloads: issue 27). Reading
// apps cannot keep the shop's session cookie, so besides a session (cookie or bearer, as /api takes
// it) these routes take HTTP Basic with an app password; nothing else of the shop does. A request
// with neither is answered 401 with `WWW-Authenticate: Basic` and the Authentication for OPDS
// document, so that apps can show a sign-in form. Routes anybody may read (the shop's own feeds)
// take the `anybody` guard instead: no credential makes a guest, but a wrong one is refused all
// the same, so that an app learns its password was revoked. Reads only: these routes take no writes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOfSession, type Caller } from './access';
import { readCredential } from './session-cookie';
import type { SessionStore } from './sessions';

/** Installs a guard on `scope` (a plugin of reading-app routes): each request gets its caller (or is a guest), or a 401. */
export type ReadingAppGuard = (scope: FastifyInstance) => void;

export interface ReadingAppAccessDependencies {
  sessions: SessionStore;
  /** Sends the 401: the challenge header and the authentication document (opds-authentication.ts). */
  refuse: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  /**
   * The caller a Basic credential names (an app password: app-password-sign-in.ts), or null; it
   * may throw (a 429 once the IP's failures are spent).
   */
  basic?: (request: FastifyRequest, header: string) => Promise<Caller | null>;
}

/** The two guards of reading-app routes. */
export interface ReadingAppGuards {
  /** Each request gets its caller, or the 401. */
  signedIn: ReadingAppGuard;
  /**
   * A request without a credential is let through as a guest (`request.caller` null); one with
   * an Authorization header that names nobody is refused as `signedIn` refuses it. A session
   * cookie that has ended only makes a guest: a browser sends it unasked.
   */
  anybody: ReadingAppGuard;
}

/** Who a request names: a caller, nobody because it carries no credential, or nobody because its credential is wrong. */
type Resolved = { caller: Caller } | { caller: null; claimed: boolean };

export function createReadingAppGuards({ sessions, refuse, basic }: ReadingAppAccessDependencies): ReadingAppGuards {
  async function resolve(request: FastifyRequest): Promise<Resolved> {
    const header = request.headers.authorization;
    if (header && /^basic /i.test(header)) {
      const caller = basic ? await basic(request, header) : null;
      return caller ? { caller } : { caller: null, claimed: true };
    }
    const credential = readCredential(request);
    const session = credential && (await sessions.resolve(credential.token));
    if (!session) return { caller: null, claimed: header !== undefined };
    return { caller: callerOfSession(session) };
  }

  const guard =
    (guestsWelcome: boolean): ReadingAppGuard =>
    (scope) => {
      scope.decorateRequest('caller', null);
      scope.addHook('onRequest', async (request, reply) => {
        const resolved = await resolve(request);
        if (resolved.caller) {
          reply.header('cache-control', 'private, no-store');
          request.caller = resolved.caller;
          return;
        }
        if (!guestsWelcome || resolved.claimed) return refuse(request, reply);
      });
    };

  return { signedIn: guard(false), anybody: guard(true) };
}
