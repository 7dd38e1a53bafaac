// The cart and 'My comics' API against a real database (PGlite, and PostgreSQL when configured):
// adding (once, by id or issue object, never what is owned), bulk adding, removing, emptying,
// the per-user cache seeing every write at once, the cart's maximum of lines, purchases at the
// price paid, the old client's 'Completo', and who may act on which user's cart.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '@comics/shared/money';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { cartFullMessage, MAX_CART_LINES } from '@comics/shared/constants';
import type { CartItem, PurchaseItem } from '@comics/shared/schemas/shop';
import { bearer, buildTestApp, seededIssues, signedInUser, volumeNames, type TestApp } from '../../../test/helpers';
import { issues } from '../../db/schema/catalog';
import { cartItems, orderItems, orders, purchases } from '../../db/schema/shop';
import { createSessionStore } from '../auth/sessions';
import { createCartService } from './service';

type Issue = typeof issues.$inferSelect;

let t: TestApp;
/** Seeded issues (volume 773's first ones onwards), read once. */
let pool: Issue[];
let seriesNames: Map<number, string>;
const UNKNOWN_ISSUE = 2_000_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  pool = await seededIssues(t.database, 12);
  seriesNames = await volumeNames(t.database);
});

const issue = (n: number) => pool[n]!;

/** What the cart should show for an issue: as the catalogue has it now. */
const itemOf = (row: Issue): CartItem => ({
  id: row.id,
  volume_id: row.volumeId,
  volume_name: seriesNames.get(row.volumeId)!,
  image: row.image,
  name: row.name,
  issue_number: row.issueNumber,
  price: centsToDollars(row.priceCents),
});

/** A fresh USER with a session, and requests made as them. */
async function signIn() {
  const { id, call } = await signedInUser(t);
  return {
    id,
    call,
    cart: () => call('GET', `/api/shop/cart/${id}/carrito`),
    add: (comic: unknown) => call('POST', '/api/shop/cart', { comic, userId: id }),
    remove: (comic: unknown) => call('DELETE', '/api/shop/cart', { comic, userId: id }),
    bulk: (comics: unknown[]) => call('POST', '/api/shop/cart/bulk', { comics, userId: id }),
    purchases: () => call('GET', `/api/shop/cart/${id}/comprado`),
  };
}

/** A paid order of these issues at these prices, granted as purchases, straight in the database. */
async function grant(userId: number, bought: Array<{ issueId: number; priceCents: number }>, at = new Date()) {
  const total = bought.reduce((sum, b) => sum + b.priceCents, 0);
  const [order] = await t.database.db
    .insert(orders)
    .values({ userId, status: 'paid', totalCents: total, paidAt: at, createdAt: at })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await t.database.db.insert(orderItems).values(bought.map((b) => ({ orderId, ...b })));
  await t.database.db
    .insert(purchases)
    .values(bought.map((b) => ({ userId, issueId: b.issueId, orderId, purchasedAt: at })));
  return orderId;
}

async function linesInDatabase(userId: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ issueId: cartItems.issueId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.issueId));
  return rows.map((r) => r.issueId);
}

describe('the cart', () => {
  it('starts empty, answered privately, and revalidates with its ETag', async () => {
    const user = await signIn();
    const res = await user.cart();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/shop/cart/${user.id}/carrito`,
      headers: { ...(await tokenHeaders(user.id)), 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('adds an issue once however often it is added, oldest line first, answering the whole cart', async () => {
    const user = await signIn();
    const first = await user.add(issue(0).id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual([itemOf(issue(0))]);
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await user.add(issue(1).id)).json()).toEqual([itemOf(issue(0)), itemOf(issue(1))]);
    const twice = await user.add(issue(0).id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual([itemOf(issue(0)), itemOf(issue(1))]);
    expect((await user.cart()).json()).toEqual([itemOf(issue(0)), itemOf(issue(1))]);
    expect(await linesInDatabase(user.id)).toEqual([issue(0).id, issue(1).id]);
  });

  it("takes the issue object the spec's client sends, and shows the server's price, not the client's", async () => {
    const user = await signIn();
    const res = await user.add({ id: issue(2).id, name: 'Whatever', price: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    expect(issue(2).priceCents).not.toBe(1);
    expect(res.json()).toEqual([itemOf(issue(2))]);
    expect((await user.remove({ id: issue(2).id, price: 0.01 })).json()).toEqual([]);
  });

  it('removes a line, and removing one that is not there changes nothing', async () => {
    const user = await signIn();
    await user.add(issue(0).id);
    await user.add(issue(1).id);
    const res = await user.remove(issue(0).id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([itemOf(issue(1))]);
    const missing = await user.remove(issue(5).id);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual([itemOf(issue(1))]);
    expect((await user.cart()).json()).toEqual([itemOf(issue(1))]);
  });

  it('empties the cart', async () => {
    const user = await signIn();
    await user.bulk([issue(0).id, issue(1).id, issue(2).id]);
    expect((await user.cart()).json()).toHaveLength(3);
    const res = await user.call('DELETE', `/api/shop/cart/${user.id}/carrito`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await user.cart()).json()).toEqual([]);
    expect(await linesInDatabase(user.id)).toEqual([]);
    expect((await user.call('DELETE', `/api/shop/cart/${user.id}/carrito`)).json()).toEqual([]);
  });

  it('refuses an unknown issue with 404, the cart unchanged', async () => {
    const user = await signIn();
    await user.add(issue(0).id);
    const res = await user.add(UNKNOWN_ISSUE);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.issueNotFound);
    expect((await user.cart()).json()).toEqual([itemOf(issue(0))]);
  });

  it('refuses an issue the user already owns with 409', async () => {
    const user = await signIn();
    await grant(user.id, [{ issueId: issue(3).id, priceCents: issue(3).priceCents }]);
    const res = await user.add(issue(3).id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: ERROR_CODES.alreadyOwned, error: 'You already own this comic.' });
    expect(await linesInDatabase(user.id)).toEqual([]);
  });

  it('adds many issues in one request, skipping owned, unknown, repeated and present ones', async () => {
    const user = await signIn();
    await user.add(issue(4).id);
    await grant(user.id, [{ issueId: issue(1).id, priceCents: 100 }]);
    const res = await user.bulk([issue(2).id, issue(1).id, UNKNOWN_ISSUE, issue(4).id, issue(0).id, issue(2).id]);
    expect(res.statusCode, res.body).toBe(200);
    // The line already there first; the ones added together by issue id.
    const expected = [itemOf(issue(4)), itemOf(issue(0)), itemOf(issue(2))];
    expect(res.json()).toEqual(expected);
    expect((await user.cart()).json()).toEqual(expected);
    expect(await linesInDatabase(user.id)).toEqual([issue(0).id, issue(2).id, issue(4).id]);

    const allOwnedOrPresent = await user.bulk([issue(1).id, issue(0).id]);
    expect(allOwnedOrPresent.statusCode).toBe(200);
    expect(allOwnedOrPresent.json()).toEqual(expected);

    const noneKnown = await user.bulk([UNKNOWN_ISSUE, UNKNOWN_ISSUE - 1]);
    expect(noneKnown.statusCode).toBe(404);
    expect(noneKnown.json().code).toBe(ERROR_CODES.issueNotFound);
  });

  it('takes as many issues as a request may hold', async () => {
    const user = await signIn();
    const ids = [...pool.map((p) => p.id), ...Array.from({ length: 500 - pool.length }, (_, i) => UNKNOWN_ISSUE - i)];
    const res = await user.bulk(ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(pool.map(itemOf));
  });

  it('shows each write at once, though reads are served from the cache', async () => {
    const user = await signIn();
    expect((await user.cart()).json()).toEqual([]);
    // Written behind the API's back: the cached answer does not see it...
    await t.database.db.insert(cartItems).values({ userId: user.id, issueId: issue(6).id });
    expect((await user.cart()).json()).toEqual([]);
    // ...until a write through the API, which answers (and caches) the cart as it stands.
    const added = await user.add(issue(7).id);
    expect(added.json()).toEqual([itemOf(issue(6)), itemOf(issue(7))]);
    expect((await user.cart()).json()).toEqual([itemOf(issue(6)), itemOf(issue(7))]);
    await user.remove(issue(6).id);
    expect((await user.cart()).json()).toEqual([itemOf(issue(7))]);
    await user.call('DELETE', `/api/shop/cart/${user.id}/carrito`);
    expect((await user.cart()).json()).toEqual([]);
    await user.bulk([issue(8).id]);
    expect((await user.cart()).json()).toEqual([itemOf(issue(8))]);
  });

  it("refuses another user's id with 403 naming the field, in the body and in the path", async () => {
    const owner = await signIn();
    const intruder = await signIn();
    await owner.add(issue(0).id);
    await grant(owner.id, [{ issueId: issue(1).id, priceCents: 100 }]);
    const requests: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['add', 'POST', '/api/shop/cart', { comic: issue(2).id, userId: owner.id }],
      ['remove', 'DELETE', '/api/shop/cart', { comic: issue(0).id, userId: owner.id }],
      ['bulk', 'POST', '/api/shop/cart/bulk', { comics: [issue(2).id], userId: owner.id }],
      ['complete', 'PUT', '/api/shop/cart', { comic: issue(1).id, userId: owner.id, status: 'Completo' }],
      ['read', 'GET', `/api/shop/cart/${owner.id}/carrito`],
      ['empty', 'DELETE', `/api/shop/cart/${owner.id}/carrito`],
      ['purchases', 'GET', `/api/shop/cart/${owner.id}/comprado`],
    ];
    for (const [what, method, url, payload] of requests) {
      const res = await intruder.call(method, url, payload);
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toMatchObject({
        code: ERROR_CODES.forbidden,
        fields: { userId: 'Not the signed-in user' },
      });
    }
    expect((await owner.cart()).json()).toEqual([itemOf(issue(0))]);
    expect(await linesInDatabase(intruder.id)).toEqual([]);
  });

  it.each([
    ['a comic that is not an id', 'POST', '/api/shop/cart', { comic: 'abc', userId: 0 }, 'comic'],
    ['a comic id of 0', 'POST', '/api/shop/cart', { comic: 0, userId: 0 }, 'comic'],
    ['an issue object without an id', 'DELETE', '/api/shop/cart', { comic: { name: 'x' }, userId: 0 }, 'comic'],
    ['a userId that is a fraction', 'POST', '/api/shop/cart', { comic: 1, userId: '1.5' }, 'userId'],
    ['a userId that is a word', 'DELETE', '/api/shop/cart', { comic: 1, userId: 'four' }, 'userId'],
    ['an empty list', 'POST', '/api/shop/cart/bulk', { comics: [], userId: 0 }, 'comics'],
    [
      '501 issues',
      'POST',
      '/api/shop/cart/bulk',
      { comics: Array.from({ length: 501 }, (_, i) => i + 1), userId: 0 },
      'comics',
    ],
    ['no list', 'POST', '/api/shop/cart/bulk', { userId: 0 }, 'comics'],
    ['another status', 'PUT', '/api/shop/cart', { comic: 1, userId: 0, status: 'Pagado' }, 'status'],
  ] as const)('refuses %s with 400 naming the field', async (_what, method, url, body, field) => {
    const user = await signIn();
    // userId 0 stands for the caller's own id (a valid one, so only the named field is wrong).
    const payload = (body as { userId?: unknown }).userId === 0 ? { ...body, userId: user.id } : body;
    const res = await user.call(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.validationFailed);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('refuses a path userId that is not an id with 400', async () => {
    const user = await signIn();
    for (const url of ['/api/shop/cart/abc/carrito', '/api/shop/cart/0/comprado']) {
      const res = await user.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields), url).toEqual(['userId']);
    }
  });

  it('asks a guest to log in', async () => {
    const user = await signIn();
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/cart/${user.id}/carrito` });
    expect(res.statusCode).toBe(401);
  });
});

describe("the cart's maximum of lines", () => {
  let many: Issue[];
  beforeAll(async () => {
    many = await seededIssues(t.database, MAX_CART_LINES + 10);
  });
  const idsOf = (rows: Issue[]) => rows.map((row) => row.id);

  it(`is ${MAX_CART_LINES}: one more is refused with 409 naming the field and saying so, the cart unchanged`, async () => {
    expect(MAX_CART_LINES).toBe(100);
    const user = await signIn();
    const full = await user.bulk(idsOf(many.slice(0, MAX_CART_LINES)));
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toHaveLength(MAX_CART_LINES);

    const res = await user.add(many[MAX_CART_LINES]!.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: ERROR_CODES.cartFull,
      error: 'Your cart holds at most 100 comics. Pay for these or remove some first.',
      fields: { comic: 'The cart holds at most 100 comics' },
    });
    expect(cartFullMessage).toBe(res.json().error);
    expect(await linesInDatabase(user.id)).toHaveLength(MAX_CART_LINES);
    // What is already in it may be added again (no change), and a removed line makes room.
    expect((await user.add(many[0]!.id)).statusCode).toBe(200);
    expect((await user.remove(many[0]!.id)).statusCode).toBe(200);
    expect((await user.add(many[MAX_CART_LINES]!.id)).statusCode).toBe(200);
  });

  it("refuses a 'BUY ALL COMICS!' that would take the cart past it, adding none; one that fits is taken", async () => {
    const user = await signIn();
    expect((await user.bulk(idsOf(many.slice(0, MAX_CART_LINES - 5)))).statusCode).toBe(200);

    // Six new ones (and one already there) do not fit in five places.
    const res = await user.bulk(idsOf(many.slice(MAX_CART_LINES - 6, MAX_CART_LINES + 1)));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: ERROR_CODES.cartFull,
      error: cartFullMessage,
      fields: { comics: 'The cart holds at most 100 comics' },
    });
    expect(await linesInDatabase(user.id)).toHaveLength(MAX_CART_LINES - 5);

    // Five new ones (the rest owned or already there) fill it exactly.
    await grant(user.id, [{ issueId: many[MAX_CART_LINES]!.id, priceCents: 100 }]);
    const fits = await user.bulk(idsOf(many.slice(MAX_CART_LINES - 6, MAX_CART_LINES + 1)));
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toHaveLength(MAX_CART_LINES);
  });

  it('holds against adds at the same moment: of five adds for the last two places, two are taken', async () => {
    const user = await signIn();
    expect((await user.bulk(idsOf(many.slice(0, MAX_CART_LINES - 2)))).statusCode).toBe(200);
    const answers = await Promise.all(
      many.slice(MAX_CART_LINES - 2, MAX_CART_LINES + 3).map((row) => user.add(row.id)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(await linesInDatabase(user.id)).toHaveLength(MAX_CART_LINES);
  });
});

describe("purchases ('My comics')", () => {
  it('lists purchased issues newest first, at the price paid, not the price now', async () => {
    const user = await signIn();
    const [a, b, c] = [issue(9), issue(10), issue(11)];
    const older = await grant(user.id, [{ issueId: a.id, priceCents: a.priceCents }], new Date('2024-01-02T03:04:05Z'));
    const newer = await grant(
      user.id,
      [
        { issueId: c.id, priceCents: 150 },
        { issueId: b.id, priceCents: 0 },
      ],
      new Date('2024-05-06T07:08:09Z'),
    );
    // The catalogue's price changes after the purchase: what was paid stays what is shown.
    await t.database.db
      .update(issues)
      .set({ priceCents: a.priceCents + 250 })
      .where(eq(issues.id, a.id));
    const res = await user.purchases();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const bought = (row: Issue, price: number, orderId: number, purchasedAt: string): PurchaseItem => ({
      ...itemOf(row),
      price,
      orderId,
      purchasedAt,
    });
    expect(res.json()).toEqual([
      bought(b, 0, newer, '2024-05-06T07:08:09.000Z'),
      bought(c, 1.5, newer, '2024-05-06T07:08:09.000Z'),
      bought(a, centsToDollars(a.priceCents), older, '2024-01-02T03:04:05.000Z'),
    ]);
    // And the cart, which is not owned yet, shows the new price.
    const [now] = await t.database.db.select().from(issues).where(eq(issues.id, a.id));
    const other = await signIn();
    expect((await other.add(a.id)).json()).toEqual([itemOf(now!)]);
    expect(itemOf(now!).price).not.toBe(centsToDollars(a.priceCents));
  });

  it('is empty for a user who bought nothing, and sees a purchase once told the user changed', async () => {
    const user = await signIn();
    expect((await user.purchases()).json()).toEqual([]);
    // What checkout does: grants, then invalidates the user (here on a service of its own).
    const service = createCartService({ db: t.database.db });
    expect(JSON.parse((await service.purchases(user.id)).body)).toEqual([]);
    await user.add(issue(0).id);
    expect(JSON.parse((await service.list(user.id)).body)).toEqual([itemOf(issue(0))]);
    await grant(user.id, [{ issueId: issue(0).id, priceCents: 99 }]);
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, user.id));
    expect(JSON.parse((await service.purchases(user.id)).body)).toEqual([]);
    expect(JSON.parse((await service.list(user.id)).body)).toEqual([itemOf(issue(0))]);
    service.invalidate(user.id);
    expect(JSON.parse((await service.purchases(user.id)).body)).toEqual([
      expect.objectContaining({ id: issue(0).id, price: 0.99 }),
    ]);
    expect(JSON.parse((await service.list(user.id)).body)).toEqual([]);
  });

  it("acknowledges a paid issue as 'Completo', refuses one not paid with 409, and grants nothing", async () => {
    const user = await signIn();
    await grant(user.id, [{ issueId: issue(0).id, priceCents: 99 }]);
    const paid = await user.call('PUT', '/api/shop/cart', {
      comic: { id: issue(0).id, price: 0.01 },
      userId: user.id,
      card: 'credit',
      status: 'Completo',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ comic: issue(0).id, status: 'Completo' });

    await user.add(issue(1).id);
    const unpaid = await user.call('PUT', '/api/shop/cart', {
      comic: issue(1).id,
      userId: user.id,
      status: 'Completo',
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ code: ERROR_CODES.notPaid, error: 'This comic has not been paid for.' });
    const owned = await t.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, user.id), eq(purchases.issueId, issue(1).id)));
    expect(owned).toEqual([]);
    expect((await user.purchases()).json().map((p: PurchaseItem) => p.id)).toEqual([issue(0).id]);
    expect((await user.cart()).json()).toEqual([itemOf(issue(1))]);
  });
});

/** Another session of the same user (the helper's `call` carries its own headers). */
async function tokenHeaders(userId: number): Promise<Record<string, string>> {
  const { token } = await createSessionStore({ db: t.database.db }).create(userId, 'USER');
  return bearer(token);
}
