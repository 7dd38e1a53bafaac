// How a request carries its session: the httpOnly cookie browsers keep, or the
// `Authorization: Bearer <token>` header API clients send (the login answer's token).
// When the shop's public address is https the cookie is always Secure and named with the
// `__Host-` prefix, so the browser refuses it from plain http, from a sub-domain or on
// another path: nobody on the network or a sibling site can plant or read it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Credential {
  token: string;
  via: 'cookie' | 'bearer';
}

export interface CookiePolicy {
  /** `__Host-session` on an https shop, `session` otherwise. */
  name: string;
  /** Secure whatever the request's own protocol (TLS may end at a proxy). */
  alwaysSecure: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    cookiePolicy: CookiePolicy;
  }
}

export function installCookiePolicy(app: FastifyInstance, publicUrl: string): void {
  const https = new URL(publicUrl).protocol === 'https:';
  app.decorate('cookiePolicy', { name: https ? '__Host-session' : 'session', alwaysSecure: https });
}

/** Whether a cookie set on this answer must be Secure. */
export function secureCookies(request: FastifyRequest): boolean {
  return request.server.cookiePolicy.alwaysSecure || request.protocol === 'https';
}

/** The bearer header wins over the cookie; a malformed header is no credential at all. */
export function readCredential(request: FastifyRequest): Credential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([\w-]{20,200})$/.exec(header);
    return match ? { token: match[1]!, via: 'bearer' } : null;
  }
  const token = request.cookies[request.server.cookiePolicy.name];
  return token && /^[\w-]{20,200}$/.test(token) ? { token, via: 'cookie' } : null;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookies(request),
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(request.server.cookiePolicy.name, token, { ...cookieOptions(request), expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(request.server.cookiePolicy.name, cookieOptions(request));
}
