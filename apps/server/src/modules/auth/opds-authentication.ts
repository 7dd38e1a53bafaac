// The Authentication for OPDS 1.0 document (drafts.opds.io/authentication-for-opds-1.0): how a
// reading app signs in to the shop (HTTP Basic: the account's e-mail and an app password), where
// to sign up, where app passwords are made, and the shop's logo, so that apps such as Thorium show
// a sign-in form of their own. It is the body of every reading-app route's 401, with the Basic
// challenge, and it is served at GET /opds/auth, which feeds link to (rel `…/auth/document`).
// Every address in it is absolute, from PUBLIC_URL.
import type { FastifyInstance, FastifyReply } from 'fastify';

export const OPDS_AUTHENTICATION_TYPE = 'application/opds-authentication+json';
export const OPDS_AUTHENTICATION_PATH = '/opds/auth';
/** The relation a feed links its authentication document with. */
export const OPDS_AUTHENTICATION_REL = 'http://opds-spec.org/auth/document';
const BASIC_AUTHENTICATION = 'http://opds-spec.org/auth/basic';
const SHOP_NAME = 'Comics Shop';
/** The 401's challenge (RFC 7617): credentials are read as UTF-8. */
export const BASIC_CHALLENGE = `Basic realm="${SHOP_NAME}", charset="UTF-8"`;

// The web app's pages (apps/web/src/config/paths.ts): sign-up (the spec's path, typo included)
// and 'Read on your devices', where app passwords are made.
const SIGNUP_PATH = '/singup';
const DEVICES_PATH = '/user/devices';
// The shop's icon (apps/web/public) as PNG: e-readers' apps draw no SVG.
const LOGO = { path: '/icon-192.png', type: 'image/png', width: 192, height: 192 };

/** A link of the document (the Readium Web Publication Manifest's link object). */
export interface OpdsLink {
  rel: string;
  href: string;
  type: string;
  title?: string;
  width?: number;
  height?: number;
}

export interface OpdsAuthenticationDocument {
  /** The document's own absolute address. */
  id: string;
  title: string;
  description: string;
  links: OpdsLink[];
  authentication: { type: string; labels: { login: string; password: string } }[];
}

export function opdsAuthenticationDocument(publicUrl: string): OpdsAuthenticationDocument {
  return {
    id: `${publicUrl}${OPDS_AUTHENTICATION_PATH}`,
    title: SHOP_NAME,
    description:
      "Sign in with your account's e-mail and an app password. Make one for each reading app on your " +
      "account's 'Read on your devices' page: your account's own password does not work here.",
    links: [
      { rel: 'register', href: `${publicUrl}${SIGNUP_PATH}`, type: 'text/html', title: 'Create an account' },
      { rel: 'help', href: `${publicUrl}${DEVICES_PATH}`, type: 'text/html', title: 'App passwords' },
      { rel: 'logo', href: `${publicUrl}${LOGO.path}`, type: LOGO.type, width: LOGO.width, height: LOGO.height },
    ],
    authentication: [{ type: BASIC_AUTHENTICATION, labels: { login: 'E-mail', password: 'App password' } }],
  };
}

/** The link a feed carries to the document (OPDS 2.0 `links`, or an Atom `<link>` with the same attributes). */
export function opdsAuthenticationLink(publicUrl: string): OpdsLink {
  return {
    rel: OPDS_AUTHENTICATION_REL,
    href: `${publicUrl}${OPDS_AUTHENTICATION_PATH}`,
    type: OPDS_AUTHENTICATION_TYPE,
  };
}

/**
 * The document as it is sent, made once. A string, so that no route's response schema (a 401's
 * `apiError`) gets to serialise it.
 */
export const authenticationDocumentBody = (publicUrl: string) => JSON.stringify(opdsAuthenticationDocument(publicUrl));

/** A reading-app route's 401: the Basic challenge and the document, never cached. */
export function sendAuthenticationChallenge(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', BASIC_CHALLENGE)
    .header('cache-control', 'no-store')
    .type(OPDS_AUTHENTICATION_TYPE)
    .send(body);
}

/** GET /opds/auth: the document, for anybody (it holds nothing about anyone). */
export function registerAuthenticationDocument(root: FastifyInstance, body: string): void {
  root.get(OPDS_AUTHENTICATION_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type(OPDS_AUTHENTICATION_TYPE).send(body),
  );
}
