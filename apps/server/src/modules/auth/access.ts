// Who may call what. Every API route declares `config.access` ('public', 'signed-in' or
// 'admin'); a route without one, or an /admin route that is not 'admin' and does not say why
// (`config.openToUsersBecause`), stops the server at start-up, so nothing ships unguarded by
// omission. Protected routes resolve the caller from
// the session (cookie or bearer token) on every request: a revoked session, a deactivated
// account or a changed role counts at once. Writes that ride on the cookie must come from our
// own origin or one of the CORS_ORIGINS trusted with credentials (CSRF); public routes never
// touch the sessions table.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@comics/shared/constants';
import { HttpError } from '../../platform/http/errors';
import { readCredential, setSessionCookie } from './session-cookie';
import type { SessionAccount, SessionStore } from './sessions';

export type Access = 'public' | 'signed-in' | 'admin';

export interface Caller {
  id: number;
  role: Role;
  username: string;
  email: string;
  picture: string | null;
  /**
   * The session's token hash (sessions.ts): what the session grants, page addresses, names it by.
   * On a reading-app route signed in with an app password: `app-password:{id}` (app-passwords.ts),
   * which no session store knows.
   */
  session: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Why an /admin route is open to signed-in users (its handler then decides what a USER may
     * do there): the spec's client calls POST /admin/sendEmail for the buyer after each payment.
     */
    openToUsersBecause?: string;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const unauthorized = () => new HttpError(401, 'unauthorized', 'Please log in to continue.');
export const adminsOnly = () => new HttpError(403, 'forbidden', 'Only administrators may do this.');

/** An origin as browsers write it (no default port); 'invalid' for what is not a URL. */
function normalOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/** The origin a browser says the request comes from: Origin, or failing that the Referer's. */
function sourceOrigin(request: FastifyRequest): string | null {
  const { origin, referer } = request.headers;
  if (origin) return origin === 'null' ? origin : normalOrigin(origin);
  return referer ? normalOrigin(referer) : null;
}

export function installAccessControl(
  api: FastifyInstance,
  options: {
    sessions: SessionStore;
    publicUrl: string;
    /** Other sites' origins allowed to call with credentials (CORS_ORIGINS): their writes are not forged. */
    trustedOrigins: readonly string[];
  },
) {
  const { sessions, publicUrl, trustedOrigins } = options;
  api.decorateRequest('caller', null);

  api.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no config.access`);
    const openToUsers = access === 'signed-in' && Boolean(route.config?.openToUsersBecause);
    if (/^\/api\/admin(\/|$)/.test(route.url) && access !== 'admin' && !openToUsers) {
      throw new Error(`${String(route.method)} ${route.url} is an admin route but its access is '${access}'`);
    }
  });

  // The catalogue's reads are the hot path: a public GET returns at once, without a promise.
  api.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.access === 'public' && !UNSAFE_METHODS.has(request.method)) return done();
    guard(request, reply).then(() => done(), done);
  });

  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const credential = readCredential(request);
    if (UNSAFE_METHODS.has(request.method)) {
      const origin = sourceOrigin(request);
      const ownOrigins = [publicUrl, normalOrigin(`${request.protocol}://${request.host}`), ...trustedOrigins];
      // A browser always names the origin of a cross-site write; a cookie-borne write that
      // names none is refused too. Bearer clients are not browsers riding on ambient cookies.
      const forged = origin ? !ownOrigins.includes(origin) : credential?.via === 'cookie';
      if (forged) throw new HttpError(403, 'cross_site_request', 'This request did not come from the shop.');
    }

    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    reply.header('cache-control', 'no-store');
    const session = credential && (await sessions.resolve(credential.token));
    if (!session) throw unauthorized();
    if (access === 'admin' && session.role !== 'ADMIN') throw adminsOnly();
    if (session.renewed && credential.via === 'cookie') {
      setSessionCookie(request, reply, credential.token, session.expiresAt);
    }
    request.caller = callerOfSession(session);
  }
}

/** The caller a resolved session names. */
export function callerOfSession(session: SessionAccount): Caller {
  return {
    id: session.userId,
    role: session.role,
    username: session.username,
    email: session.email,
    picture: session.pictureUrl,
    session: session.tokenHash,
  };
}

/** The signed-in caller of a protected route (the access hook guarantees there is one). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * For user-scoped routes whose body or path names a user (docs/product.md §7 sends `userId`): the
 * caller, when the id is theirs or not given (identity comes from the session), else 403 naming
 * the field. The server never acts for someone else.
 */
export function assertOwnUser(request: FastifyRequest, userId: number | undefined, field = 'userId'): Caller {
  const caller = callerOf(request);
  if (userId !== undefined && userId !== caller.id) {
    throw new HttpError(403, 'forbidden', 'You can only act on your own account.', {
      [field]: 'Not the signed-in user',
    });
  }
  return caller;
}
