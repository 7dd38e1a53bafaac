// The dashboard's figures and the orders pages against a known shop: paid, failed and pending
// orders on different UTC days (one paid just outside the 30 days, one on its first instant),
// accounts seen at known moments. Every figure and every day of the series is checked, then the
// orders list (status filter, pages, total header), an order's detail and an unknown order.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STATS_DAYS,
  TOTAL_COUNT_HEADER,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminStats,
} from '@comics/shared/schemas/admin';
import { ERROR_CODES } from '@comics/shared/error-codes';
import { centsToDollars } from '@comics/shared/money';
import { buildTestApp, createAccount, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';
import { type issues } from '../../db/schema/catalog';
import { emailOutbox } from '../../db/schema/outbox';
import { orderItems, orders } from '../../db/schema/shop';
import { users } from '../../db/schema/users';
import { statsPeriodStart } from './service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let pool: Array<typeof issues.$inferSelect>;
/** The fixture's orders by name, as inserted. */
const placed: Record<string, { id: number; createdAt: Date; status: string }> = {};
const now = new Date();
const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const periodStart = statsPeriodStart(now);
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

interface OrderFixture {
  buyerId: number;
  status: 'paid' | 'failed' | 'pending';
  createdAt: Date;
  paidAt?: Date;
  /** Prices charged, in cents, one per line (issues taken from the pool in turn). */
  lines: number[];
  card?: { brand: string; last4: string; funding: string | null };
  failureMessage?: string;
}

let nextIssue = 0;
async function placeOrder(name: string, fixture: OrderFixture) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId: fixture.buyerId,
      status: fixture.status,
      totalCents: fixture.lines.reduce((sum, cents) => sum + cents, 0),
      createdAt: fixture.createdAt,
      paidAt: fixture.paidAt ?? null,
      cardBrand: fixture.card?.brand ?? null,
      cardLast4: fixture.card?.last4 ?? null,
      cardFunding: fixture.card?.funding ?? null,
      failureMessage: fixture.failureMessage ?? null,
    })
    .returning({ id: orders.id });
  await t.database.db
    .insert(orderItems)
    .values(fixture.lines.map((priceCents) => ({ orderId: order!.id, issueId: pool[nextIssue++]!.id, priceCents })));
  placed[name] = { id: order!.id, createdAt: fixture.createdAt, status: fixture.status };
  return order!.id;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

beforeAll(async () => {
  t = await buildTestApp();
  pool = await seededIssues(t.database, 20);
  // The clone of the template holds the catalogue and no account: every account is ours.
  admin = await signedInUser(t, 'ADMIN');
  const [first, second, third, old] = await Promise.all([1, 2, 3, 4].map(() => createAccount(t.database)));
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(now.getTime() - 40 * DAY) })
    .where(eq(users.id, old!.id));
  // Seen 1 h and 23 h ago count as daily users; 25 h ago and never do not.
  for (const [account, hoursAgo] of [
    [first!, 1],
    [second!, 23],
    [third!, 25],
  ] as const) {
    await t.database.db
      .update(users)
      .set({ lastSeenAt: new Date(now.getTime() - hoursAgo * HOUR) })
      .where(eq(users.id, account.id));
  }

  const visa = { brand: 'visa', last4: '4242', funding: 'credit' };
  await placeOrder('outside', {
    buyerId: second!.id,
    status: 'paid',
    createdAt: new Date(periodStart.getTime() - 10 * 60_000),
    paidAt: new Date(periodStart.getTime() - 1),
    lines: [999],
    card: visa,
  });
  await placeOrder('firstDay', {
    buyerId: first!.id,
    status: 'paid',
    createdAt: new Date(periodStart.getTime() - 60_000),
    paidAt: periodStart,
    lines: [100, 200, 300],
    card: visa,
  });
  await placeOrder('threeDaysAgoMorning', {
    buyerId: second!.id,
    status: 'paid',
    createdAt: new Date(todayStart.getTime() - 3 * DAY + 5 * HOUR),
    paidAt: new Date(todayStart.getTime() - 3 * DAY + 5 * HOUR + 1000),
    lines: [350],
    card: { brand: 'mastercard', last4: '4444', funding: 'debit' },
  });
  await placeOrder('threeDaysAgoEvening', {
    buyerId: third!.id,
    status: 'paid',
    createdAt: new Date(todayStart.getTime() - 3 * DAY + 9 * HOUR),
    paidAt: new Date(todayStart.getTime() - 3 * DAY + 9 * HOUR + 1000),
    lines: [150, 150],
    card: { brand: 'visa', last4: '1881', funding: null },
  });
  await placeOrder('today', {
    buyerId: first!.id,
    status: 'paid',
    createdAt: new Date(todayStart.getTime() - 2 * 60_000),
    paidAt: todayStart,
    lines: [199, 299],
    card: visa,
  });
  await placeOrder('failed', {
    buyerId: third!.id,
    status: 'failed',
    createdAt: new Date(now.getTime() - 2 * 60_000),
    lines: [500],
    card: { brand: 'visa', last4: '0002', funding: 'credit' },
    failureMessage: 'Your card was declined.',
  });
  await placeOrder('pending', {
    buyerId: first!.id,
    status: 'pending',
    createdAt: new Date(now.getTime() - 60_000),
    lines: [700],
  });
  await t.database.db.insert(emailOutbox).values([
    {
      recipient: first!.email,
      subject: 'Your order',
      textBody: 'Thanks',
      orderId: placed.today!.id,
      status: 'sent',
      attempts: 1,
      createdAt: new Date(todayStart.getTime() + 1000),
      sentAt: new Date(todayStart.getTime() + 2000),
    },
    {
      recipient: first!.email,
      subject: 'Your order',
      textBody: 'Thanks',
      orderId: placed.today!.id,
      // Not 'pending': the app's mail worker would send it while the test runs.
      status: 'failed',
      attempts: 8,
      lastError: 'mailbox unavailable',
      createdAt: new Date(todayStart.getTime() + 5000),
    },
  ]);
});

/** The fixture's orders, newest first, as the dashboard lists them. */
const newestFirst = () => Object.values(placed).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

describe('GET /api/admin/stats', () => {
  it('counts accounts, sales and revenue of the period from real data', async () => {
    const res = await get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json<AdminStats>();
    // The admin (seen when its session opened), and the accounts seen 1 h and 23 h ago.
    expect(stats.dailyUsers).toBe(3);
    expect(stats.usersRegistered).toBe(5);
    expect(stats.newUsers).toBe(4);
    // Paid orders of the period: 3 + 1 + 2 + 2 issues; the one paid a millisecond early is out.
    expect(stats.comicsSelling).toBe(8);
    expect(stats.earning).toBe(17.48);
  });

  it('answers every day of the period, oldest first, zeros included', async () => {
    const { days } = (await get('/api/admin/stats')).json<AdminStats>();
    expect(days).toHaveLength(STATS_DAYS);
    expect(days[0]!.date).toBe(dateOf(periodStart));
    expect(days.at(-1)!.date).toBe(dateOf(now));
    const expected = new Map([
      [dateOf(periodStart), { revenue: 6, orders: 1 }],
      [dateOf(new Date(todayStart.getTime() - 3 * DAY)), { revenue: 6.5, orders: 2 }],
      [dateOf(todayStart), { revenue: 4.98, orders: 1 }],
    ]);
    for (const [index, day] of days.entries()) {
      expect(day.date).toBe(dateOf(new Date(periodStart.getTime() + index * DAY)));
      expect({ revenue: day.revenue, orders: day.orders }).toEqual(expected.get(day.date) ?? { revenue: 0, orders: 0 });
    }
  });

  it('lists the newest orders, whatever their status', async () => {
    const { recentOrders } = (await get('/api/admin/stats')).json<AdminStats>();
    expect(recentOrders.map((order) => order.id)).toEqual(newestFirst().map((order) => order.id));
    expect(recentOrders[0]).toMatchObject({ status: 'pending', issues: 1, total: 7, card: null, paidAt: null });
  });

  it('answers zeros for an empty shop', async () => {
    const empty = await buildTestApp();
    const emptyAdmin = await signedInUser(empty, 'ADMIN');
    const res = await emptyAdmin.call('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json<AdminStats>();
    expect(stats).toMatchObject({
      dailyUsers: 1,
      usersRegistered: 1,
      newUsers: 1,
      comicsSelling: 0,
      earning: 0,
      recentOrders: [],
    });
    expect(stats.days).toHaveLength(STATS_DAYS);
    expect(stats.days.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
  });
});

describe('GET /api/admin/orders', () => {
  it('lists orders newest first with buyer, issues, total in dollars and card, the total in the header', async () => {
    const res = await get('/api/admin/orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('7');
    const list = res.json<AdminOrder[]>();
    expect(list.map((order) => order.id)).toEqual(newestFirst().map((order) => order.id));
    const failed = list.find((order) => order.id === placed.failed!.id);
    expect(failed).toMatchObject({
      status: 'failed',
      paidAt: null,
      issues: 1,
      total: 5,
      card: { brand: 'visa', last4: '0002', funding: 'credit' },
      failureMessage: 'Your card was declined.',
    });
    expect(failed!.buyer).toEqual({ id: expect.any(Number), email: expect.any(String), username: expect.any(String) });
    const evening = list.find((order) => order.id === placed.threeDaysAgoEvening!.id);
    expect(evening).toMatchObject({ status: 'paid', issues: 2, total: 3, card: { funding: 'unknown' } });
    expect(evening!.paidAt).toBe(new Date(todayStart.getTime() - 3 * DAY + 9 * HOUR + 1000).toISOString());
  });

  it('keeps one status when asked', async () => {
    for (const [status, count] of [
      ['paid', 5],
      ['failed', 1],
      ['pending', 1],
    ] as const) {
      const res = await get(`/api/admin/orders?status=${status}`);
      expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(count));
      const list = res.json<AdminOrder[]>();
      expect(list).toHaveLength(count);
      expect(list.every((order) => order.status === status)).toBe(true);
    }
  });

  it('pages through the orders', async () => {
    const ids = newestFirst().map((order) => order.id);
    const second = await get('/api/admin/orders?page=2&limit=3');
    expect(second.headers[TOTAL_COUNT_HEADER]).toBe('7');
    expect(second.json<AdminOrder[]>().map((order) => order.id)).toEqual(ids.slice(3, 6));
    const paidPage = await get('/api/admin/orders?status=paid&page=2&limit=2');
    expect(paidPage.headers[TOTAL_COUNT_HEADER]).toBe('5');
    expect(paidPage.json<AdminOrder[]>()).toHaveLength(2);
    const beyond = await get('/api/admin/orders?page=9&limit=3');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers[TOTAL_COUNT_HEADER]).toBe('7');
  });

  it('refuses a bad status or page with the fields named', async () => {
    const res = await get('/api/admin/orders?status=refunded&page=0&limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      status: 'Must be pending, paid or failed',
      page: 'Must be a page number',
      limit: 'Must be 1 to 100',
    });
  });
});

describe('GET /api/admin/orders/:id', () => {
  it("answers the order's lines at the prices charged and its e-mails", async () => {
    const res = await get(`/api/admin/orders/${placed.today!.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminOrderDetail>();
    expect(detail).toMatchObject({ id: placed.today!.id, status: 'paid', issues: 2, total: 4.98 });
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.today!.id));
    expect(detail.lines).toHaveLength(2);
    for (const line of detail.lines) {
      const issue = pool.find((candidate) => candidate.id === line.id)!;
      expect(line).toMatchObject({ image: issue.image, issue_number: issue.issueNumber });
      expect(line).toMatchObject({ name: issue.name, volume_name: expect.stringMatching(/\S/) });
      // The price charged, not today's catalogue price.
      expect(line.price).toBe(centsToDollars(sold.find((row) => row.issueId === line.id)!.priceCents));
    }
    expect(detail.lines.map((line) => line.price).sort()).toEqual([1.99, 2.99]);
    expect(detail.emails).toEqual([
      {
        status: 'sent',
        createdAt: new Date(todayStart.getTime() + 1000).toISOString(),
        sentAt: new Date(todayStart.getTime() + 2000).toISOString(),
        attempts: 1,
      },
      { status: 'failed', createdAt: new Date(todayStart.getTime() + 5000).toISOString(), sentAt: null, attempts: 8 },
    ]);
  });

  it('answers 404 in the error shape for an unknown order, 400 for a malformed id', async () => {
    const unknown = await get('/api/admin/orders/2000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ERROR_CODES.notFound, error: 'Order not found' });
    const malformed = await get('/api/admin/orders/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ERROR_CODES.validationFailed);
  });
});
