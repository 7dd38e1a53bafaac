// Declined payments on the dashboard and in the orders pages: the count per day of failed orders
// the card provider declined (not those the shop gave up on itself, nor failures from before
// codes were kept, nor days outside the period), and a declined attempt's compact record (no
// lines) still showing how many issues it was for.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATS_DAYS, type AdminOrder, type AdminOrderDetail, type AdminStats } from '@comics/shared/schemas/admin';
import { buildTestApp, createAccount, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';
import { orderItems, orders } from '../../db/schema/shop';
import { statsPeriodStart } from './service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const now = new Date();
const todayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const periodStart = statsPeriodStart(now);
const dateOf = (at: Date) => at.toISOString().slice(0, 10);
let compactId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
  const buyer = await createAccount(t.database);
  const [issue] = await seededIssues(t.database, 1);
  const failed = (createdAt: Date, failureCode: string | null, itemCount: number | null = 3) => ({
    userId: buyer.id,
    status: 'failed' as const,
    totalCents: 1197,
    createdAt,
    failureCode,
    failureMessage: 'Your card was declined.',
    itemCount,
    itemsDigest: itemCount === null ? null : 'digest',
  });
  const rows = await t.database.db
    .insert(orders)
    .values([
      // Declined today (two) and three days ago (one): counted.
      failed(new Date(todayStart.getTime() + 60_000), 'card_declined'),
      failed(new Date(todayStart.getTime() + 2 * 60_000), 'insufficient_funds'),
      failed(new Date(todayStart.getTime() - 3 * DAY + 5 * HOUR), 'do_not_honor'),
      // The first instant of the period is in it; a millisecond before is not.
      failed(periodStart, 'card_declined'),
      failed(new Date(periodStart.getTime() - 1), 'card_declined'),
      // Given up by the shop itself, not declined.
      failed(new Date(todayStart.getTime() + 3 * 60_000), 'not_charged'),
      failed(new Date(todayStart.getTime() + 4 * 60_000), 'abandoned'),
      failed(new Date(todayStart.getTime() + 4 * 60_000 + 1), 'payment_intent_canceled'),
      // Failed before failure codes were kept: its lines are still there.
      failed(new Date(todayStart.getTime() + 5 * 60_000), null, null),
    ])
    .returning({ id: orders.id });
  compactId = rows[0]!.id;
  await t.database.db.insert(orderItems).values({ orderId: rows.at(-1)!.id, issueId: issue!.id, priceCents: 399 });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

describe('GET /api/admin/stats', () => {
  it('counts the declined payments of each day of the period beside its revenue and orders', async () => {
    const res = await get('/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    const { days } = res.json<AdminStats>();
    expect(days).toHaveLength(STATS_DAYS);
    const expected = new Map([
      [dateOf(periodStart), 1],
      [dateOf(new Date(todayStart.getTime() - 3 * DAY)), 1],
      [dateOf(todayStart), 2],
    ]);
    for (const day of days) {
      expect(day).toEqual({ date: day.date, revenue: 0, orders: 0, declined: expected.get(day.date) ?? 0 });
    }
  });
});

describe("a declined attempt's compact record", () => {
  it('shows in the orders list and the detail with the number of issues it was for, and no lines', async () => {
    const list = (await get('/api/admin/orders?status=failed')).json<AdminOrder[]>();
    expect(list.find((order) => order.id === compactId)).toMatchObject({ status: 'failed', issues: 3, total: 11.97 });
    // One from before counts its lines.
    expect(list.at(0)).toMatchObject({ issues: 1 });

    const res = await get(`/api/admin/orders/${compactId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrderDetail>()).toMatchObject({ id: compactId, issues: 3, lines: [] });
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, compactId))).toEqual([]);
  });
});
