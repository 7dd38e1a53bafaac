// How a request carries its session: the httpOnly cookie browsers keep, or the
// `Authorization: Bearer <token>` header API clients send (the login answer's token).
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'session';

export interface Credential {
  token: string;
  via: 'cookie' | 'bearer';
}

/** The bearer header wins over the cookie; a malformed header is no credential at all. */
export function readCredential(request: FastifyRequest): Credential | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([\w-]{20,200})$/.exec(header);
    return match ? { token: match[1]!, via: 'bearer' } : null;
  }
  const token = request.cookies[SESSION_COOKIE];
  return token && /^[\w-]{20,200}$/.test(token) ? { token, via: 'cookie' } : null;
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
