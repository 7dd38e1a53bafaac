// Answers of the admin API for the admin screens' component tests, in the shapes of
// @comics/shared/schemas/admin.
import type { AdminOrder, AdminOrderDetail, AdminStats, AdminUser, AuditEntry } from '@comics/shared/schemas/admin';

export function adminOrder(id: number, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    createdAt: '2025-05-12T14:02:00.000Z',
    paidAt: '2025-05-12T14:02:05.000Z',
    status: 'paid',
    buyer: { id: 100 + id, email: `buyer${id}@example.com`, username: `buyer${id}` },
    issues: 2,
    total: 7.98,
    card: { brand: 'visa', last4: '4242', funding: 'credit' },
    failureMessage: null,
    takenBackAt: null,
    ...overrides,
  };
}

export function adminOrderDetail(id: number, overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    ...adminOrder(id),
    lines: [
      {
        id: 41,
        image: '/media/covers/41.svg',
        volume_name: 'Night Watch',
        name: 'The Long Dark',
        issue_number: 1,
        price: 3.99,
      },
      { id: 42, image: '/media/covers/42.svg', volume_name: 'Night Watch', name: null, issue_number: 2, price: 3.99 },
    ],
    emails: [
      { status: 'sent', createdAt: '2025-05-12T14:02:06.000Z', sentAt: '2025-05-12T14:02:09.000Z', attempts: 1 },
    ],
    ...overrides,
  };
}

/** Thirty days ending 2025-05-30, zeros but for four (one with declined payments only). */
export function statsDays(): AdminStats['days'] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 4, 1 + index)).toISOString().slice(0, 10);
    const figures: Record<string, { revenue: number; orders: number; declined: number }> = {
      '2025-05-03': { revenue: 12.5, orders: 2, declined: 0 },
      '2025-05-17': { revenue: 5439.6, orders: 41, declined: 7 },
      '2025-05-20': { revenue: 0, orders: 0, declined: 3 },
      '2025-05-30': { revenue: 0, orders: 1, declined: 0 },
    };
    return { date, ...(figures[date] ?? { revenue: 0, orders: 0, declined: 0 }) };
  });
}

export function adminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    dailyUsers: 1500,
    usersRegistered: 12345,
    newUsers: 80,
    comicsSelling: 203,
    earning: 5452.1,
    days: statsDays(),
    recentOrders: [adminOrder(7), adminOrder(6, { status: 'pending', paidAt: null, card: null, total: 1234.5 })],
    ...overrides,
  };
}

export function adminUser(id: number, email: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return { id, email, username: email.split('@')[0]!, rol: 'USER', active: true, ...overrides };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2025-05-12T15:00:00.000Z',
    actor: { id: 1, email: 'admin@example.com' },
    action: 'user.role_changed',
    target: 'user 12',
    details: { role: 'ADMIN' },
    ...overrides,
  };
}
