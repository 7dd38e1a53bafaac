// An administrator takes back the comics of a paid order, on a real database: the buyer owns
// them no more (My comics, the reading shelf, the reader and the page addresses it gave all stop
// at once), the order stays with the moment it was taken back, an audit entry says who did it,
// and the buyer may buy the issues again. Refusals: 404 unknown order, 409 not paid or taken back.
import { eq } from 'drizzle-orm';
import { pageAddress } from '@comics/shared/page-address';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { PREVIEW_PAGES, type IssuePagesAnswer, type ReadingAccess } from '@comics/shared/schemas/reader';
import type { AdminOrderDetail, AuditEntry } from '@comics/shared/schemas/admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, loginToken, signedInUser, type TestApp } from '../../../test/helpers';
import { chargeableIssues, sandboxPaymentMethod, totalCentsOf } from '../../../test/shop';
import { orders, purchases } from '../../db/schema/shop';

let t: TestApp;
let pool: Awaited<ReturnType<typeof chargeableIssues>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
  pool = await chargeableIssues(t.database, 40);
  admin = await signedInUser(t, 'ADMIN');
});

/** Issues no other test in this file uses. */
const fresh = (count: number) => pool.take(count);

async function buyer() {
  const account = await createAccount(t.database);
  const headers = bearer(await loginToken(t.app, account.email, account.password));
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { ...account, headers, call };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

/** Pays for the issues with the sandbox's good card, through the checkout: answers the order's id. */
async function buy(who: Buyer, items: Array<{ id: number; priceCents: number }>): Promise<number> {
  const paid = await who.call('POST', '/api/shop/checkout', {
    carrito: items.map((item) => item.id),
    id: await sandboxPaymentMethod(t.app, who.headers),
    price: totalCentsOf(items),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json()).toMatchObject({ status: 'paid' });
  return paid.json<{ orderId: number }>().orderId;
}

const takeBack = (orderId: number, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/take-back`, headers });

const myComics = async (who: Buyer) => {
  const res = await who.call('GET', `/api/shop/cart/${who.id}/comprado`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Array<{ id: number }>>().map((item) => item.id);
};

const shelf = async (who: Buyer) =>
  (await who.call('GET', '/api/user/reading')).json<Array<{ issueId: number }>>().map((item) => item.issueId);

/** Page 4 of the issue through the address the buyer's access gives: it opens now. */
async function pageFor(who: Buyer, issueId: number) {
  const access = (await who.call('GET', `/api/user/reading/${issueId}`)).json<ReadingAccess>();
  expect(access.owned).toBe(true);
  const pages = (await t.app.inject({ method: 'GET', url: `/api/issues/${issueId}/pages` })).json<IssuePagesAnswer>();
  const url = `${pageAddress(pages.pagesBase, PREVIEW_PAGES + 1, 320)}?t=${encodeURIComponent(access.token!)}`;
  const page = () => t.app.inject({ method: 'GET', url });
  expect((await page()).statusCode).toBe(200);
  return page;
}

describe('POST /api/admin/orders/:id/take-back', () => {
  it("takes a paid order's comics back: they leave My comics, the shelf and the reader, and their page addresses stop at once", async () => {
    const who = await buyer();
    const [first, second] = fresh(2);
    const [kept] = fresh(1);
    const orderId = await buy(who, [first!, second!]);
    await buy(who, [kept!]);
    // Read, so every cache knows: My comics, the saved page on the shelf, the page address.
    expect((await myComics(who)).sort()).toEqual([first!.id, second!.id, kept!.id].sort());
    expect((await who.call('PUT', `/api/user/reading/${first!.id}`, { page: 2 })).statusCode).toBe(200);
    expect(await shelf(who)).toEqual([first!.id]);
    const page = await pageFor(who, first!.id);

    const res = await takeBack(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<AdminOrderDetail>();
    expect(order).toMatchObject({
      id: orderId,
      status: 'paid',
      buyer: { id: who.id },
      takenBackAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(order.takenBackAt!) - Date.now())).toBeLessThan(60_000);
    // The order keeps its lines: what was sold stays on record.
    expect(order.lines.map((line) => line.id).sort()).toEqual([first!.id, second!.id].sort());

    expect(await myComics(who)).toEqual([kept!.id]);
    expect(await shelf(who)).toEqual([]);
    const page4 = await page();
    expect(page4.statusCode).toBe(403);
    expect(page4.json().code).toBe(ERROR_CODES.notOwner);
    expect((await who.call('GET', `/api/user/reading/${first!.id}`)).json()).toMatchObject({
      owned: false,
      token: null,
    });
    expect((await who.call('PUT', `/api/user/reading/${first!.id}`, { page: 3 })).statusCode).toBe(403);
    // The other order's issue is still theirs.
    await pageFor(who, kept!.id);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'paid', takenBackAt: expect.any(Date) });
    expect(
      (await t.database.db.select().from(purchases).where(eq(purchases.userId, who.id))).map((p) => p.issueId),
    ).toEqual([kept!.id]);
    // The orders list says so too.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/orders?limit=100', headers: admin.headers });
    expect(
      listed.json<Array<{ id: number; takenBackAt: string | null }>>().find((o) => o.id === orderId),
    ).toMatchObject({ takenBackAt: order.takenBackAt });
  });

  it('records who took back what in the audit log', async () => {
    const who = await buyer();
    const items = fresh(2);
    const orderId = await buy(who, items);
    expect((await takeBack(orderId)).statusCode).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers });
    const entry = audit.json<AuditEntry[]>().find((e) => e.target === `order ${orderId}`);
    expect(entry).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      action: 'order.taken_back',
      details: { buyerId: who.id, issues: items.map((item) => item.id).sort((a, b) => a - b) },
    });
  });

  it('lets the buyer buy the issues again afterwards', async () => {
    const who = await buyer();
    const [item] = fresh(1);
    const orderId = await buy(who, [item!]);
    expect((await takeBack(orderId)).statusCode).toBe(200);
    expect(await myComics(who)).toEqual([]);
    const again = await buy(who, [item!]);
    expect(again).not.toBe(orderId);
    expect(await myComics(who)).toEqual([item!.id]);
    await pageFor(who, item!.id);
    // The new order is a paid order of its own; the old one stays taken back.
    expect((await takeBack(orderId)).json().code).toBe(ERROR_CODES.alreadyTakenBack);
  });

  it('answers 404 for an unknown order, and 409 for a second take-back or an order that is not paid', async () => {
    const unknown = await takeBack(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ERROR_CODES.notFound);

    const who = await buyer();
    const orderId = await buy(who, fresh(1));
    expect((await takeBack(orderId)).statusCode).toBe(200);
    const twice = await takeBack(orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      code: ERROR_CODES.alreadyTakenBack,
      error: "This order's comics were already taken back.",
    });

    const [item] = fresh(1);
    for (const status of ['failed', 'pending'] as const) {
      const [failed] = await t.database.db
        .insert(orders)
        .values({ userId: who.id, status, totalCents: item!.priceCents })
        .returning({ id: orders.id });
      const refused = await takeBack(failed!.id);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({
        code: ERROR_CODES.notPaid,
        error: "Only a paid order's comics can be taken back.",
      });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, failed!.id));
      expect(row!.takenBackAt).toBeNull();
    }
  });

  it('is for administrators only: a USER gets 403 and nothing changes', async () => {
    const who = await buyer();
    const [item] = fresh(1);
    const orderId = await buy(who, [item!]);
    const refused = await takeBack(orderId, who.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.forbidden);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/take-back` })).statusCode).toBe(
      401,
    );
    expect(await myComics(who)).toEqual([item!.id]);
  });
});
