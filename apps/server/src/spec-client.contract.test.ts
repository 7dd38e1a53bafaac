// The contract of docs/product.md §7, as the spec's 2022 client calls it: one test per call, each
// sending the payload that client sends (ids as the numeric strings it keeps in localStorage, a
// review's `UserId` as '', its rating as text, cart lines and favourites as whole issue objects,
// the upload form nested under `values`) with the session cookie its same-origin axios carries, and
// reading the answer the way that client reads it (the answer itself as a list, `error` as the
// text of its popup). A change that breaks that client fails here, on both databases.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, seededIssues, TEST_ORIGIN, type TestApp } from '../test/helpers';
import { GOOD_CARD, sandboxPaymentMethod } from '../test/shop';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the client keeps in localStorage after logging in, and its axios bound to that session. */
interface SpecClient {
  token: string;
  name: string;
  Rol: string;
  id: number;
  email: string;
  /** `localStorage.getItem('id')`: the id as the string the client sends in cart bodies. */
  storedId: string;
  call: (method: Method, url: string, data?: unknown) => Promise<LightMyRequestResponse>;
}

let t: TestApp;
let buyer: SpecClient;
let admin: SpecClient;
let issues: Awaited<ReturnType<typeof seededIssues>>;

/** An issue as the client holds it: the catalogue's answer for it, a price in dollars included. */
async function issueObject(volumeId: number, issueId: number): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/comics/issues/${volumeId}` });
  const found = res.json<Array<Record<string, unknown>>>().find((issue) => issue.id === issueId);
  if (!found) throw new Error(`issue ${issueId} is not in volume ${volumeId}`);
  return found;
}

/** Logs in as the client's login form does and keeps what it keeps, and the session cookie. */
async function logIn(email: string, password: string): Promise<SpecClient> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  const stored = res.json<Omit<SpecClient, 'storedId' | 'call'>>();
  const cookie = String(res.headers['set-cookie'])
    .split(/,(?=\s*\w+=)/)
    .map((line) => line.split(';')[0]!.trim())
    .join('; ');
  const call: SpecClient['call'] = (method, url, data) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      // A browser sends Origin with every same-origin request but a GET.
      headers: { cookie, ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }) },
      ...(data === undefined ? {} : { payload: data as object }),
    });
  return { ...stored, storedId: JSON.stringify(stored.id), call };
}

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  issues = await seededIssues(t.database, 6);
  const adminAccount = await createAccount(t.database, { role: 'ADMIN' });
  admin = await logIn(adminAccount.email, adminAccount.password);
});

describe("docs/product.md §7, as the spec's client calls it", () => {
  it('POST /user/signup, then POST /user/login: token, name, Rol, id, email', async () => {
    const email = `spec-client-${Date.now()}@example.com`;
    const password = 'Quasar-knights-7';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers: { origin: TEST_ORIGIN },
      payload: { username: 'Spec Client', email, password, repeatpassword: password },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    buyer = await logIn(email, password);
    expect(buyer).toMatchObject({ token: expect.any(String), name: 'Spec Client', Rol: 'USER', email });
    expect(buyer.id).toEqual(expect.any(Number));

    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual(expect.any(String));
  });

  it('GET /comics, /comics/search, /comics/{id}, /comics/issues/{id} and /comics/issues/rating/{id}, /publishers', async () => {
    const list = await buyer.call('GET', '/comics');
    expect(list.statusCode).toBe(200);
    const comics = list.json<Array<{ id: number; name: string; image: string }>>();
    expect(comics.length).toBeGreaterThan(0);
    expect(comics[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), image: expect.any(String) });

    const word = comics[0]!.name.split(' ')[0]!;
    const search = await buyer.call('GET', `/comics/search?name=${encodeURIComponent(word)}`);
    expect(search.json<Array<{ id: number }>>().map((comic) => comic.id)).toContain(comics[0]!.id);

    const volumeId = issues[0]!.volumeId;
    expect((await buyer.call('GET', `/comics/${volumeId}`)).json()).toMatchObject({ id: volumeId });
    const volumeIssues = (await buyer.call('GET', `/comics/issues/${volumeId}`)).json<Array<{ id: number }>>();
    expect(volumeIssues.map((issue) => issue.id)).toContain(issues[0]!.id);
    const rated = (await buyer.call('GET', `/comics/issues/rating/${volumeId}`)).json<unknown[]>();
    // No review yet reads as null: the client shows 'Not reviews for this comic'.
    expect(rated[0]).toHaveProperty('avgRating');
    expect(rated[0]).toMatchObject({ id: expect.any(Number) });
    const publishers = (await buyer.call('GET', '/publishers')).json<unknown[]>();
    expect(publishers.every((name) => typeof name === 'string')).toBe(true);
  });

  it('POST, DELETE /shop/cart with the issue object and the id as text; GET /shop/cart/{id}/carrito', async () => {
    const [first, second] = [issues[0]!, issues[1]!];
    for (const issue of [first, second]) {
      const added = await buyer.call('POST', '/shop/cart', {
        comic: await issueObject(issue.volumeId, issue.id),
        userId: buyer.storedId,
      });
      expect(added.statusCode, added.body).toBeLessThan(300);
    }
    const removed = await buyer.call('DELETE', '/shop/cart', {
      comic: await issueObject(second.volumeId, second.id),
      userId: buyer.storedId,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const cart = await buyer.call('GET', `/shop/cart/${buyer.storedId}/carrito`);
    expect(cart.json<Array<{ id: number; price: number }>>().map((line) => line.id)).toEqual([first.id]);
  });

  it("refuses another user's id (403) and an id that is no number (400 naming userId)", async () => {
    const comic = await issueObject(issues[0]!.volumeId, issues[0]!.id);
    const other = await buyer.call('POST', '/shop/cart', { comic, userId: admin.storedId });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toEqual(expect.any(String));
    const garbage = await buyer.call('POST', '/shop/cart', { comic, userId: '4abc' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ error: expect.any(String), fields: { userId: expect.any(String) } });
  });

  it('POST /shop/checkout with the cart lines and the floored total; then PUT /shop/cart and POST /admin/sendEmail', async () => {
    const carrito = (await buyer.call('GET', `/shop/cart/${buyer.storedId}/carrito`)).json<
      Array<{ id: number; price: number }>
    >();
    let total = 0;
    carrito.forEach((line) => (total = line.price + total));
    const declined = await buyer.call('POST', '/shop/checkout', {
      carrito,
      id: await sandboxPaymentMethod(t.app, bearerOf(buyer), '4000000000000002'),
      price: Math.floor(total * 100),
    });
    expect(declined.statusCode).toBe(402);
    // The payment popup's text.
    expect(declined.json().error).toMatch(/declined/i);

    const paid = await buyer.call('POST', '/shop/checkout', {
      carrito,
      id: await sandboxPaymentMethod(t.app, bearerOf(buyer), GOOD_CARD),
      price: Math.floor(total * 100),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const sent = await buyer.call('POST', '/admin/sendEmail', { email: [buyer.email] });
    expect(sent.statusCode, sent.body).toBe(202);
    for (const line of carrito) {
      const completed = await buyer.call('PUT', '/shop/cart', {
        userId: buyer.storedId,
        comic: line,
        card: 'credit',
        status: 'Completo',
      });
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toEqual({ comic: line.id, status: 'Completo' });
    }
    const purchases = await buyer.call('GET', `/shop/cart/${buyer.storedId}/comprado`);
    expect(purchases.json<Array<{ id: number }>>().map((item) => item.id)).toEqual(carrito.map((line) => line.id));
  });

  it('POST /fav and DELETE /fav with the issue id and the parsed user id; GET /fav/{id} answers [{ issues }]', async () => {
    const issue = issues[2]!;
    const added = await buyer.call('POST', '/fav', { issuesId: issue.id, userId: buyer.id });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const favourites = (await buyer.call('GET', `/fav/${buyer.id}`)).json<Array<{ issues: Array<{ id: number }> }>>();
    expect(favourites[0]!.issues.map((favourite) => favourite.id)).toEqual([issue.id]);
    // The 'remuve' handler of the issue bar sends the issue object, and sometimes no user at all.
    const removed = await buyer.call('DELETE', '/fav', { issuesId: await issueObject(issue.volumeId, issue.id) });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await buyer.call('GET', `/fav/${buyer.id}`)).json()).toEqual([{ issues: [] }]);
  });

  it('POST /ratings with the rating as text and an empty UserId; POST /ratings/byIssue answers the list itself', async () => {
    const issue = issues[0]!;
    const posted = await buyer.call('POST', '/ratings', {
      rating: '4',
      description: 'Starship knights at their best',
      ComicId: issue.volumeId,
      UserId: '',
      IssueId: issue.id,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const byIssue = await buyer.call('POST', '/ratings/byIssue', { volumeId: issue.volumeId, IssueId: issue.id });
    expect(byIssue.statusCode).toBe(200);
    const reviews = byIssue.json<Array<{ rating: number; description: string; User: { username: string } }>>();
    expect(Array.isArray(reviews)).toBe(true);
    expect(reviews).toContainEqual(
      expect.objectContaining({
        rating: 4,
        description: 'Starship knights at their best',
        User: { username: 'Spec Client' },
      }),
    );
    const notANumber = await buyer.call('POST', '/ratings', {
      rating: 'four',
      description: 'x',
      ComicId: issue.volumeId,
      UserId: '',
      IssueId: issue.id,
    });
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().fields).toHaveProperty('rating');
  });

  it('GET /admin/reviews answers every review as a list; DELETE /admin/reviews takes id_review', async () => {
    const list = await admin.call('GET', '/admin/reviews');
    expect(list.statusCode).toBe(200);
    const reviews = list.json<Array<{ id: number; description: string; rating: number; User: object }>>();
    const mine = reviews.find((review) => review.description === 'Starship knights at their best');
    expect(mine).toMatchObject({
      id: expect.any(Number),
      rating: 4,
      User: { email: buyer.email, username: 'Spec Client' },
    });
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(reviews.length);
    const deleted = await admin.call('DELETE', '/admin/reviews', { id_review: mine!.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('POST /comics with the upload form nested under values, episodes as text and no image', async () => {
    const name = `Spec Client Saga ${Date.now()}`;
    const res = await admin.call('POST', '/comics', {
      values: {
        name,
        description: 'Uploaded by the 2022 client',
        episodes: '3',
        release: '2022-09-22',
        publisher: 'Marvel',
      },
      imagen: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const comic = res.json<{ id: number; name: string; image: string }>();
    expect(comic).toMatchObject({ name, image: expect.stringMatching(/\/media\/covers\/volumes\/\d+\.svg$/) });
    expect((await admin.call('GET', `/comics/issues/${comic.id}`)).json()).toHaveLength(3);
  });

  it('GET /admin/users, PUT /admin/users/rol and /admin/users/active with id_user', async () => {
    const users = (await admin.call('GET', '/admin/users')).json<Array<{ id: number; email: string }>>();
    const target = users.find((user) => user.email === buyer.email)!;
    expect(target).toMatchObject({ id: buyer.id });
    const rol = await admin.call('PUT', '/admin/users/rol', { id_user: target.id, rol: 'ADMIN' });
    expect(rol.statusCode, rol.body).toBe(200);
    const back = await admin.call('PUT', '/admin/users/rol', { id_user: String(target.id), rol: 'USER' });
    expect(back.statusCode, back.body).toBe(200);
    const inactive = await admin.call('PUT', '/admin/users/active', { id_user: target.id, active: false });
    expect(inactive.statusCode, inactive.body).toBe(200);
    const active = await admin.call('PUT', '/admin/users/active', { id_user: target.id, active: true });
    expect(active.statusCode, active.body).toBe(200);
  });
});

/** The sandbox's card route, which the client's Stripe.js stands in for, called as the same user. */
function bearerOf(client: SpecClient) {
  return { authorization: `Bearer ${client.token}` };
}
