// The authorisation matrix: every API route, called as a guest, a USER, another USER, an ADMIN
// and a deactivated account, answers the status listed here. A route added to the app but not
// to this table fails the first test, so no route ships without someone deciding who may call it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestApp } from '../test/helpers';
import { users } from './db/schema/users';
import { createSessionStore } from './modules/auth/sessions';

type Caller = 'guest' | 'user' | 'otherUser' | 'admin' | 'deactivated';
const CALLERS: Caller[] = ['guest', 'user', 'otherUser', 'admin', 'deactivated'];

interface Fixture {
  /** The USER whose data user-scoped requests name (otherUser acts on it and must get 403). */
  subjectId: number;
  /** An account administrators change in the role and activation calls. */
  targetId: number;
  login: { email: string; password: string };
  unique: () => string;
}

interface MatrixRow {
  request: (f: Fixture) => { url: string; payload?: object };
  /** Expected status per caller; `all` for routes open to everyone alike. */
  expect: Partial<Record<Caller, number>> & { all?: number };
}

const open = (status: number) => ({ all: status });
/** Signed in as anybody active: the caller's own data. */
const signedIn = (status: number) => ({ guest: 401, user: status, otherUser: status, admin: status, deactivated: 401 });
/** A user's own data, named by `userId` (the subject): anybody else gets 403, an admin too. */
const ownData = (status: number) => ({ guest: 401, user: status, otherUser: 403, admin: 403, deactivated: 401 });
const adminOnly = (status: number) => ({ guest: 401, user: 403, otherUser: 403, admin: status, deactivated: 401 });

const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expect: open(200) },
  'GET /api/ready': { request: () => ({ url: '/api/ready' }), expect: open(200) },
  // The instance's details the public probes keep to themselves.
  'GET /api/admin/status': { request: () => ({ url: '/api/admin/status' }), expect: adminOnly(200) },
  'GET /api/comics': { request: () => ({ url: '/api/comics?page=1' }), expect: open(200) },
  'GET /api/comics/search': { request: () => ({ url: '/api/comics/search?name=bat' }), expect: open(200) },
  'GET /api/comics/:id': { request: () => ({ url: '/api/comics/773' }), expect: open(200) },
  'GET /api/comics/issues/:volumeId': { request: () => ({ url: '/api/comics/issues/773' }), expect: open(200) },
  'GET /api/comics/issues/rating/:volumeId': {
    request: () => ({ url: '/api/comics/issues/rating/773' }),
    expect: open(200),
  },
  'GET /api/publishers': { request: () => ({ url: '/api/publishers' }), expect: open(200) },
  // Catalogue writes: an admin's new comic is created (201), its edits answer 200.
  'POST /api/comics': {
    request: (f) => ({
      url: '/api/comics',
      payload: {
        name: f.unique(),
        imagen: '/media/uploads/matrix.webp',
        episodes: 1,
        release: '2024-05-01',
        publisher: 'Matrix Press',
      },
    }),
    expect: adminOnly(201),
  },
  'PATCH /api/admin/comics/:id': {
    request: () => ({ url: '/api/admin/comics/773', payload: { deck: 'Edited by the matrix' } }),
    expect: adminOnly(200),
  },
  'POST /api/admin/comics/:id/issues': {
    request: () => ({ url: '/api/admin/comics/773/issues', payload: {} }),
    expect: adminOnly(201),
  },
  'PATCH /api/admin/issues/:id': {
    request: () => ({ url: '/api/admin/issues/1068', payload: { name: 'Edited by the matrix' } }),
    expect: adminOnly(200),
  },
  'POST /api/user/signup': {
    request: (f) => {
      const email = `${f.unique()}@example.com`;
      return {
        url: '/api/user/signup',
        payload: { username: 'M', email, password: 'matrix-pass-9', repeatpassword: 'matrix-pass-9' },
      };
    },
    expect: open(201),
  },
  'POST /api/user/login': { request: (f) => ({ url: '/api/user/login', payload: f.login }), expect: open(200) },
  'POST /api/user/logout': { request: () => ({ url: '/api/user/logout' }), expect: open(204) },
  // The same answer whoever asks and whatever the address; a link nobody sent is refused alike.
  'POST /api/user/password/forgot': {
    request: (f) => ({ url: '/api/user/password/forgot', payload: { email: `${f.unique()}@example.com` } }),
    expect: open(202),
  },
  'POST /api/user/password/reset': {
    request: () => ({
      url: '/api/user/password/reset',
      payload: { token: 'x'.repeat(43), password: 'matrix-pass-9', repeatpassword: 'matrix-pass-9' },
    }),
    expect: open(400),
  },
  'GET /api/user/me': { request: () => ({ url: '/api/user/me' }), expect: signedIn(200) },
  // App passwords are the caller's own (no user is named); revoking one nobody has is 404 for everyone.
  'GET /api/user/app-passwords': { request: () => ({ url: '/api/user/app-passwords' }), expect: signedIn(200) },
  'POST /api/user/app-passwords': {
    request: () => ({ url: '/api/user/app-passwords', payload: { name: 'Matrix reader' } }),
    expect: signedIn(201),
  },
  'DELETE /api/user/app-passwords/:id': {
    request: () => ({ url: '/api/user/app-passwords/2000000000' }),
    expect: signedIn(404),
  },
  'GET /api/auth/config': { request: () => ({ url: '/api/auth/config' }), expect: open(200) },
  'GET /api/payments/config': { request: () => ({ url: '/api/payments/config' }), expect: open(200) },
  // This app runs the sandbox gateway: its card route is served, Stripe's webhook is not.
  'POST /api/payments/sandbox/payment-methods': {
    request: () => ({
      url: '/api/payments/sandbox/payment-methods',
      payload: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
    }),
    expect: signedIn(200),
  },
  // No identity provider in this app: the Google routes answer 404 google_not_configured.
  'GET /api/auth/google': { request: () => ({ url: '/api/auth/google' }), expect: open(404) },
  'GET /api/auth/google/callback': {
    request: () => ({ url: '/api/auth/google/callback?code=x&state=y' }),
    expect: open(404),
  },
  'POST /api/login/auth/google': {
    request: () => ({ url: '/api/login/auth/google', payload: { google: 'x' } }),
    expect: open(404),
  },
  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
  'PUT /api/admin/users/rol': {
    request: (f) => ({ url: '/api/admin/users/rol', payload: { id_user: f.targetId, rol: 'USER' } }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/users/active': {
    request: (f) => ({ url: '/api/admin/users/active', payload: { id_user: f.targetId, active: true } }),
    expect: adminOnly(200),
  },
  'GET /api/admin/stats': { request: () => ({ url: '/api/admin/stats' }), expect: adminOnly(200) },
  'GET /api/admin/orders': { request: () => ({ url: '/api/admin/orders?status=paid' }), expect: adminOnly(200) },
  // Nobody in this app has ordered: the administrator's answer is the unknown order's 404.
  'GET /api/admin/orders/:id': { request: () => ({ url: '/api/admin/orders/999999' }), expect: adminOnly(404) },
  'POST /api/admin/orders/:id/take-back': {
    request: () => ({ url: '/api/admin/orders/999999/take-back' }),
    expect: adminOnly(404),
  },
  'GET /api/admin/audit': { request: () => ({ url: '/api/admin/audit' }), expect: adminOnly(200) },
  // Issue 1068 is volume 773's first issue in the seeded template. The subject owns nothing, so
  // acknowledging it as paid (PUT) answers 409 to the subject.
  'GET /api/shop/cart/:userId/carrito': {
    request: (f) => ({ url: `/api/shop/cart/${f.subjectId}/carrito` }),
    expect: ownData(200),
  },
  'POST /api/shop/cart': {
    request: (f) => ({ url: '/api/shop/cart', payload: { comic: 1068, userId: f.subjectId } }),
    expect: ownData(200),
  },
  'DELETE /api/shop/cart': {
    request: (f) => ({ url: '/api/shop/cart', payload: { comic: 1068, userId: f.subjectId } }),
    expect: ownData(200),
  },
  'POST /api/shop/cart/bulk': {
    request: (f) => ({ url: '/api/shop/cart/bulk', payload: { comics: [1068, 1069], userId: f.subjectId } }),
    expect: ownData(200),
  },
  'DELETE /api/shop/cart/:userId/carrito': {
    request: (f) => ({ url: `/api/shop/cart/${f.subjectId}/carrito` }),
    expect: ownData(200),
  },
  'GET /api/shop/cart/:userId/comprado': {
    request: (f) => ({ url: `/api/shop/cart/${f.subjectId}/comprado` }),
    expect: ownData(200),
  },
  'PUT /api/shop/cart': {
    request: (f) => ({ url: '/api/shop/cart', payload: { comic: 1068, userId: f.subjectId, status: 'Completo' } }),
    expect: ownData(409),
  },
  'GET /api/fav/:userId': { request: (f) => ({ url: `/api/fav/${f.subjectId}` }), expect: ownData(200) },
  'POST /api/fav': {
    request: (f) => ({ url: '/api/fav', payload: { issuesId: 1068, userId: f.subjectId } }),
    expect: ownData(200),
  },
  'DELETE /api/fav': {
    request: (f) => ({ url: '/api/fav', payload: { issuesId: 1068, userId: f.subjectId } }),
    expect: ownData(200),
  },
  // Series follows are the caller's own (no user is named); the e-mailed unsubscribe link needs no
  // sign-in, and a token the shop did not sign is refused alike.
  'GET /api/user/follows': { request: () => ({ url: '/api/user/follows' }), expect: signedIn(200) },
  'GET /api/user/follows/new': { request: () => ({ url: '/api/user/follows/new' }), expect: signedIn(200) },
  'PUT /api/user/follows/:volumeId': { request: () => ({ url: '/api/user/follows/773' }), expect: signedIn(200) },
  'DELETE /api/user/follows/:volumeId': { request: () => ({ url: '/api/user/follows/773' }), expect: signedIn(204) },
  'POST /api/follows/unsubscribe': {
    request: () => ({ url: '/api/follows/unsubscribe', payload: { token: `1.773.${'x'.repeat(43)}` } }),
    expect: open(400),
  },
  // Checkout names no user (the buyer is the caller): a wrong total is refused before any charge.
  'POST /api/shop/checkout': {
    request: () => ({ url: '/api/shop/checkout', payload: { carrito: [1068], id: 'pm_none', price: 1 } }),
    expect: signedIn(409),
  },
  'GET /api/shop/orders': { request: () => ({ url: '/api/shop/orders' }), expect: signedIn(200) },
  'GET /api/shop/orders/:orderId': { request: () => ({ url: '/api/shop/orders/999999' }), expect: signedIn(404) },
  // Reviews: posting names the reviewer (`UserId`, the subject); anyone reads an issue's reviews.
  'POST /api/ratings': {
    request: (f) => ({
      url: '/api/ratings',
      payload: { rating: 4, description: 'Matrix', ComicId: 773, UserId: f.subjectId, IssueId: 1068 },
    }),
    expect: ownData(200),
  },
  'POST /api/ratings/byIssue': {
    request: () => ({ url: '/api/ratings/byIssue', payload: { volumeId: 773, IssueId: 1068 } }),
    expect: open(200),
  },
  'GET /api/issues/:id/reviews': { request: () => ({ url: '/api/issues/1068/reviews' }), expect: open(200) },
  // Image upload: sent without a multipart form, the administrator's answer is 415 (uploads are tested in media).
  'POST /api/image/upload': { request: () => ({ url: '/api/image/upload' }), expect: adminOnly(415) },
  'GET /api/admin/reviews': { request: () => ({ url: '/api/admin/reviews' }), expect: adminOnly(200) },
  'DELETE /api/admin/reviews': {
    request: () => ({ url: '/api/admin/reviews', payload: { id_review: 2_000_000_000 } }),
    expect: adminOnly(404),
  },
  // The reader: anybody lists an issue's pages; the signed-in read their access and shelf; only
  // owners save progress (nobody owns issue 1068 here; administrators count as owners).
  'GET /api/issues/:id/pages': { request: () => ({ url: '/api/issues/1068/pages' }), expect: open(200) },
  'GET /api/user/reading': { request: () => ({ url: '/api/user/reading' }), expect: signedIn(200) },
  'GET /api/user/reading/:issueId': { request: () => ({ url: '/api/user/reading/1068' }), expect: signedIn(200) },
  'PUT /api/user/reading/:issueId': {
    request: () => ({ url: '/api/user/reading/1068', payload: { page: 2 } }),
    expect: { guest: 401, user: 403, otherUser: 403, admin: 200, deactivated: 401 },
  },
  // Page uploads: without a multipart form the administrator's answer is 415; removing pages an
  // issue never had is 404 (uploads are tested in reader/upload.test.ts).
  'POST /api/admin/issues/:id/pages': {
    request: () => ({ url: '/api/admin/issues/1068/pages' }),
    expect: adminOnly(415),
  },
  'DELETE /api/admin/issues/:id/pages': {
    request: () => ({ url: '/api/admin/issues/1068/pages' }),
    expect: adminOnly(404),
  },
  // Imports (tested in imports/uploads.test.ts): a declaration is made, an unknown import is 404, a
  // tus creation without its metadata is 400, an address that is no upload's is 404.
  'GET /api/admin/imports': { request: () => ({ url: '/api/admin/imports' }), expect: adminOnly(200) },
  'POST /api/admin/imports': {
    request: () => ({ url: '/api/admin/imports', payload: { files: [{ name: 'Matrix 001.cbz', size: 10 }] } }),
    expect: adminOnly(201),
  },
  'GET /api/admin/imports/:id': { request: () => ({ url: '/api/admin/imports/999999' }), expect: adminOnly(404) },
  'POST /api/admin/imports/:id/cancel': {
    request: () => ({ url: '/api/admin/imports/999999/cancel' }),
    expect: adminOnly(404),
  },
  'POST /api/admin/imports/uploads': { request: () => ({ url: '/api/admin/imports/uploads' }), expect: adminOnly(400) },
  'HEAD /api/admin/imports/uploads/:uploadId': {
    request: () => ({ url: '/api/admin/imports/uploads/not-an-upload' }),
    expect: adminOnly(404),
  },
  'PATCH /api/admin/imports/uploads/:uploadId': {
    request: () => ({ url: '/api/admin/imports/uploads/not-an-upload' }),
    expect: adminOnly(404),
  },
  'DELETE /api/admin/imports/uploads/:uploadId': {
    request: () => ({ url: '/api/admin/imports/uploads/not-an-upload' }),
    expect: adminOnly(404),
  },
  // A USER may acknowledge their own confirmation (the spec's client does after paying, tested in
  // checkout); anybody else's address stays an administrator's call.
  'POST /api/admin/sendEmail': {
    request: () => ({ url: '/api/admin/sendEmail', payload: { email: ['nobody@example.com'] } }),
    expect: adminOnly(404),
  },
};

let t: TestApp;
let fixture: Fixture;
const accountIds = {} as Record<Exclude<Caller, 'guest'>, number>;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  for (const caller of ['user', 'otherUser', 'admin', 'deactivated'] as const) {
    accountIds[caller] = (await createAccount(t.database, { role: caller === 'admin' ? 'ADMIN' : 'USER' })).id;
  }
  const loginAccount = await createAccount(t.database);
  let counter = 0;
  fixture = {
    subjectId: accountIds.user,
    targetId: (await createAccount(t.database)).id,
    login: { email: loginAccount.email, password: loginAccount.password },
    unique: () => `matrix-${++counter}-${Date.now()}`,
  };
});

/** A fresh session per call, so a logout in one row cannot spoil the next. */
async function credentialsOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'guest') return {};
  const { token } = await createSessionStore({ db: t.database.db }).create(
    accountIds[caller],
    caller === 'admin' ? 'ADMIN' : 'USER',
  );
  if (caller === 'deactivated') {
    // Deactivated behind the sessions' back: the session row survives, the account does not.
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, accountIds.deactivated));
  }
  return bearer(token);
}

describe('authorisation matrix', () => {
  it('lists every API route the app serves', () => {
    const served = t.app.routeTable.filter((route) => / \/api(\/|$)/.test(route) && !route.includes('/api/docs'));
    // The route table leaves HEAD out (Fastify adds one to every GET); tus's own is called below all the same.
    const listed = Object.keys(MATRIX).filter((route) => !route.startsWith('HEAD '));
    expect([...new Set(served)].sort()).toEqual(listed.sort());
  });

  it('answers each caller as listed', async () => {
    const expected: Record<string, Record<Caller, number>> = {};
    const actual: Record<string, Record<Caller, number>> = {};
    for (const [route, row] of Object.entries(MATRIX)) {
      const method = route.split(' ')[0] as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      expected[route] = {} as Record<Caller, number>;
      actual[route] = {} as Record<Caller, number>;
      for (const caller of CALLERS) {
        const { url, payload } = row.request(fixture);
        const res = await t.app.inject({
          method,
          url,
          headers: await credentialsOf(caller),
          ...(payload ? { payload } : {}),
        });
        expected[route][caller] = row.expect[caller] ?? row.expect.all!;
        actual[route][caller] = res.statusCode;
      }
    }
    expect(actual).toEqual(expected);
  }, 90_000); // every route for every caller: some 700 requests, 10 s on PGlite, 30 s on a busy PostgreSQL
});
