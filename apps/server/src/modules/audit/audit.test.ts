// The audit log on a real database: each administrator action (role change, activation change,
// a review's deletion, a confirmation's resend) leaves one entry naming who did what to what,
// a refused action leaves none, and GET /api/admin/audit lists them newest first, a page at a
// time. Also: every new admin route refuses guests (401) and USERs (403).
import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type AuditEntry } from '@comics/shared/schemas/admin';
import { buildTestApp, createAccount, seededIssues, signedInUser, type TestApp } from '../../../test/helpers';
import { orderItems, orders } from '../../db/schema/shop';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, 'ADMIN');
});

const auditPage = (query = '') => admin.call('GET', `/api/admin/audit${query}`);

describe('the audit log', () => {
  it('records each administrator action and lists the entries newest first', async () => {
    const target = await createAccount(t.database);
    expect((await admin.call('PUT', '/api/admin/users/rol', { id_user: target.id, rol: 'ADMIN' })).statusCode).toBe(
      200,
    );
    expect((await admin.call('PUT', '/api/admin/users/active', { id_user: target.id, active: false })).statusCode).toBe(
      200,
    );

    const [issue] = await seededIssues(t.database, 1);
    const reviewer = await signedInUser(t);
    const posted = await reviewer.call('POST', '/api/ratings', {
      rating: 2,
      description: 'Not for me',
      ComicId: issue!.volumeId,
      UserId: reviewer.id,
      IssueId: issue!.id,
    });
    expect(posted.statusCode).toBe(200);
    const reviewId = posted.json<{ id: number }>().id;
    expect((await admin.call('DELETE', '/api/admin/reviews', { id_review: reviewId })).statusCode).toBe(200);

    const buyer = await createAccount(t.database);
    const [order] = await t.database.db
      .insert(orders)
      .values({ userId: buyer.id, status: 'paid', totalCents: issue!.priceCents, paidAt: new Date() })
      .returning({ id: orders.id });
    await t.database.db
      .insert(orderItems)
      .values({ orderId: order!.id, issueId: issue!.id, priceCents: issue!.priceCents });
    const resent = await admin.call('POST', '/api/admin/sendEmail', { email: [buyer.email] });
    expect(resent.json()).toEqual({ queued: 1 });

    const res = await auditPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('4');
    const entries = res.json<AuditEntry[]>();
    const actor = { id: admin.id, email: admin.email };
    expect(entries.map(({ actor, action, target, details }) => ({ actor, action, target, details }))).toEqual([
      {
        actor,
        action: 'order.confirmation_resent',
        target: `latest paid orders of ${buyer.email}`,
        details: { emails: [buyer.email], queued: 1 },
      },
      {
        actor,
        action: 'review.deleted',
        target: `review ${reviewId}`,
        details: { issueId: issue!.id, authorId: reviewer.id, rating: 2 },
      },
      { actor, action: 'user.activation_changed', target: `user ${target.id}`, details: { active: false } },
      { actor, action: 'user.role_changed', target: `user ${target.id}`, details: { role: 'ADMIN' } },
    ]);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((at) => Math.abs(Date.now() - at) < 60_000)).toBe(true);

    const oldest = await auditPage('?page=2&limit=3');
    expect(oldest.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(oldest.json<AuditEntry[]>().map((entry) => entry.action)).toEqual(['user.role_changed']);
  });

  it('records nothing for a refused action', async () => {
    const before = (await auditPage()).headers[TOTAL_COUNT_HEADER];
    expect((await admin.call('PUT', '/api/admin/users/rol', { id_user: admin.id, rol: 'USER' })).statusCode).toBe(409);
    expect(
      (await admin.call('PUT', '/api/admin/users/active', { id_user: 2_000_000_000, active: false })).statusCode,
    ).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/reviews', { id_review: 2_000_000_000 })).statusCode).toBe(404);
    expect((await admin.call('POST', '/api/admin/sendEmail', { email: ['nobody@example.com'] })).statusCode).toBe(404);
    expect((await auditPage()).headers[TOTAL_COUNT_HEADER]).toBe(before);
  });

  it('refuses bad paging with the fields named', async () => {
    const res = await auditPage('?page=x&limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ page: 'Must be a page number', limit: 'Must be 1 to 100' });
  });
});

describe('who may call the admin routes', () => {
  const routes = [
    '/api/admin/users',
    '/api/admin/stats',
    '/api/admin/orders',
    '/api/admin/orders/1',
    '/api/admin/audit',
  ];

  it('answers 401 to guests and 403 to users, in the error shape', async () => {
    const user = await signedInUser(t);
    for (const url of routes) {
      const guest = await t.app.inject({ method: 'GET', url });
      expect(guest.statusCode, url).toBe(401);
      expect(guest.json().code).toBe('unauthorized');
      const asUser = await user.call('GET', url);
      expect(asUser.statusCode, url).toBe(403);
      expect(asUser.json().code).toBe('forbidden');
    }
  });
});
