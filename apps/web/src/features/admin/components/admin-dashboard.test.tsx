import { ERROR_CODES } from '@comics/shared/error-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { AdminDashboard } from './admin-dashboard';
import { adminStats, auditEntry } from './admin-test-data';
import { describeAuditEntry } from './audit-log';

const auditPage = (entries: ReturnType<typeof auditEntry>[], total = entries.length): MockAnswer => ({
  body: entries,
  headers: { 'X-Total-Count': String(total) },
});

function setup(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /api/admin/audit': auditPage([]), ...handlers });
  const view = renderRoute(<AdminDashboard />, { path: '/dashboard/admin' });
  return { ...api, ...view, user: userEvent.setup() };
}

/** The card of a figure, found by its label. */
function card(label: string): HTMLElement {
  const figures = screen.getByRole('list', { name: 'Shop figures' });
  const item = within(figures)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByText(label, { exact: true }));
  if (!item) throw new Error(`No card labelled ${label}`);
  return item;
}

describe('AdminDashboard', () => {
  it("shows the API's figures on the spec's four cards, each saying what it counts and over which period", async () => {
    setup({ 'GET /api/admin/stats': { body: adminStats() } });
    const figures = await screen.findByRole('list', { name: 'Shop figures' });
    expect(within(figures).getAllByRole('listitem')).toHaveLength(4);

    const expected = [
      ['Daily Users', '1,500', 'Last 24 hours', /signed in or used the shop in the last 24 hours/],
      [
        'Users Register',
        '12,345',
        'All time · 80 new in 30 days',
        /Every registered account.*80 were created in the last 30 days/,
      ],
      ['Comics Selling', '203', 'Last 30 days', /Issues sold in paid orders over the last 30 days/],
      ['Earning', '$5,452.10', 'Last 30 days', /Dollars taken in paid orders over the last 30 days/],
    ] as const;
    for (const [label, value, period, definition] of expected) {
      const item = card(label);
      expect(item).toHaveTextContent(value);
      expect(item).toHaveTextContent(period);
      const info = within(item).getByRole('button', { name: `About ${label}` });
      expect(info).toHaveAccessibleDescription(definition);
    }
  });

  it('shows an explanation when its info button gets keyboard focus, and hides it on Escape', async () => {
    const { user } = setup({ 'GET /api/admin/stats': { body: adminStats() } });
    const info = await screen.findByRole('button', { name: 'About Daily Users' });
    const bubble = document.getElementById(info.getAttribute('aria-describedby')!)!;
    expect(bubble).toHaveAttribute('role', 'tooltip');
    expect(bubble).not.toHaveClass('show');

    await user.tab();
    expect(info).toHaveFocus();
    expect(bubble).toHaveClass('show');
    await user.keyboard('{Escape}');
    expect(bubble).not.toHaveClass('show');
    await user.tab();
    expect(bubble).not.toHaveClass('show');
  });

  it('sums up the 30 days in words, declined payments included, and shows them as a table on request', async () => {
    const { user } = setup({ 'GET /api/admin/stats': { body: adminStats() } });
    const panel = await screen.findByRole('region', { name: 'Revenue and orders per day' });
    expect(panel).toHaveTextContent(
      'Over the last 30 days: $5,452.10 from 44 orders. Best day: Sat, 17 May 2025 ($5,439.60). 10 card payments were declined.',
    );
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();

    const toggle = within(panel).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the table');

    const table = within(panel).getByRole('table', { name: 'Revenue and orders per day' });
    const rows = within(table).getAllByRole('row');
    // Header, 30 days, total.
    expect(rows).toHaveLength(32);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Orders', 'Revenue', 'Declined']);
    expect(rows[1]).toHaveTextContent('Thu, 1 May 2025');
    expect(rows[17]!.textContent).toBe('Sat, 17 May 2025' + '41' + '$5,439.60' + '7');
    expect(rows[20]!.textContent).toBe('Tue, 20 May 2025' + '0' + '$0.00' + '3');
    expect(rows[30]).toHaveTextContent('Fri, 30 May 2025');
    expect(rows[31]!.textContent).toBe('Total' + '44' + '$5,452.10' + '10');
  });

  it("says so when the period's days hold no paid order, nor a declined payment", async () => {
    const days = adminStats().days.map((day) => ({ ...day, revenue: 0, orders: 0, declined: 0 }));
    setup({ 'GET /api/admin/stats': { body: adminStats({ days }) } });
    expect(await screen.findByText('Over the last 30 days: no paid orders.', { selector: 'p' })).toBeInTheDocument();
  });

  it('counts a single declined payment in the words of a period without paid orders', async () => {
    const days = adminStats().days.map((day, index) => ({
      ...day,
      revenue: 0,
      orders: 0,
      declined: index === 4 ? 1 : 0,
    }));
    setup({ 'GET /api/admin/stats': { body: adminStats({ days }) } });
    expect(
      await screen.findByText('Over the last 30 days: no paid orders. 1 card payment was declined.', { selector: 'p' }),
    ).toBeInTheDocument();
  });

  it("lists the recent orders under 'Recent Orders', each opening on the orders page", async () => {
    setup({ 'GET /api/admin/stats': { body: adminStats() } });
    const section = await screen.findByRole('region', { name: 'Recent Orders' });
    const table = within(section).getByRole('table', { name: 'Recent Orders' });
    const [, paid, pending] = within(table).getAllByRole('row');
    expect(paid).toHaveTextContent(/12 May 2025/);
    expect(paid).toHaveTextContent('buyer7@example.com');
    expect(paid).toHaveTextContent('2 issues');
    expect(paid).toHaveTextContent('$7.98');
    // The status and the way to the detail show twice in the markup: in the first column under
    // the md breakpoint, in their own columns from md up and on a phone's card (CSS shows one;
    // happy-dom has no CSS).
    for (const badge of within(paid!).getAllByText('Paid')) expect(badge).toHaveClass('badge');
    expect(pending).toHaveTextContent('$1,234.50');
    for (const badge of within(pending!).getAllByText('Pending')) expect(badge).toHaveClass('badge');
    const details = within(paid!).getAllByRole('link', { name: 'Details of order #7' });
    expect(details.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/orders?order=7',
      '/dashboard/orders?order=7',
    ]);
    expect(details[0]!.closest('.order-inline-open')).not.toBeNull();
    expect(details[1]!.closest('td.order-cell-open')).not.toBeNull();
    expect(within(section).getByRole('link', { name: 'See all orders' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('says when there is no order yet', async () => {
    setup({ 'GET /api/admin/stats': { body: adminStats({ recentOrders: [] }) } });
    const section = await screen.findByRole('region', { name: 'Recent Orders' });
    expect(within(section).getByText('No orders yet')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the admin activity in words, a page at a time', async () => {
    const { user, calls } = setup({
      'GET /api/admin/stats': { body: adminStats() },
      'GET /api/admin/audit': (_body, url) =>
        url.searchParams.get('page') === '2'
          ? auditPage([auditEntry(3, { action: 'review.deleted', target: 'review 9', details: {}, actor: null })], 11)
          : auditPage(
              [
                auditEntry(2),
                auditEntry(1, { action: 'user.activation_changed', target: 'user 5', details: { active: false } }),
              ],
              11,
            ),
    });
    const section = await screen.findByRole('region', { name: 'Recent admin activity' });
    const entries = await within(section).findAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('admin@example.com changed the role of user 12 to ADMIN.');
    expect(entries[0]).toHaveTextContent(/12 May 2025/);
    expect(entries[1]).toHaveTextContent('admin@example.com deactivated user 5.');

    const pager = within(section).getByRole('navigation', { name: 'Admin activity pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await within(section).findByText(/deleted review 9/)).toHaveTextContent(
      'A deleted account deleted review 9.',
    );
    expect(calls.filter((call) => call.path === '/api/admin/audit').map((call) => call.query)).toEqual([
      { page: '1', limit: '10' },
      { page: '2', limit: '10' },
    ]);
  });

  it('words every kind of admin action', () => {
    expect(
      describeAuditEntry(
        auditEntry(1, {
          action: 'issue.updated',
          target: 'issue 345',
          details: { fields: ['name', 'price'], oldPriceCents: 199, newPriceCents: 299 },
        }),
      ),
    ).toBe('edited the name and price of issue 345 (price $1.99 → $2.99)');
    expect(
      describeAuditEntry(
        auditEntry(1, { action: 'comic.created', target: 'volume 8', details: { name: 'Moon Girl', episodes: 3 } }),
      ),
    ).toBe('created the comic “Moon Girl” with 3 issues (volume 8)');
    expect(
      describeAuditEntry(auditEntry(1, { action: 'comic.updated', target: 'volume 8', details: { fields: ['deck'] } })),
    ).toBe('edited the deck of volume 8');
    expect(describeAuditEntry(auditEntry(1, { action: 'user.activation_changed', details: { active: true } }))).toBe(
      'activated user 12',
    );
    expect(
      describeAuditEntry(auditEntry(1, { action: 'order.confirmation_resent', target: 'order 4', details: {} })),
    ).toBe('resent the order confirmation of order 4');
    expect(
      describeAuditEntry(
        auditEntry(1, { action: 'import.started', target: 'import 3', details: { files: 120, dryRun: false } }),
      ),
    ).toBe('started importing 120 archives (import 3)');
    expect(
      describeAuditEntry(
        auditEntry(1, {
          action: 'import.finished',
          target: 'import 3',
          details: { created: 117, updated: 0, unchanged: 1, failed: 2 },
        }),
      ),
    ).toBe('finished import 3: 117 created, 1 unchanged, 2 failed');
    expect(
      describeAuditEntry(
        auditEntry(1, { action: 'order.taken_back', target: 'order 4', details: { buyerId: 9, issues: [41, 42] } }),
      ),
    ).toBe('took back the 2 issues of order 4 from its buyer');
    expect(describeAuditEntry(auditEntry(1, { action: 'media.uploaded', target: null, details: {} }))).toBe(
      'uploaded an image',
    );
  });

  it('says when there is no admin activity yet', async () => {
    setup({ 'GET /api/admin/stats': { body: adminStats() } });
    const section = await screen.findByRole('region', { name: 'Recent admin activity' });
    expect(await within(section).findByText('No admin activity yet')).toBeInTheDocument();
  });

  it('says why the figures could not be loaded, keeps the admin activity, and tries again', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/admin/stats': () =>
        fail ? apiError(500, ERROR_CODES.internalError, 'The server could not answer.') : { body: adminStats() },
      'GET /api/admin/audit': auditPage([auditEntry(1)]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The shop's figures could not be loaded");
    expect(alert).toHaveTextContent('The server could not answer.');
    expect(await screen.findByText(/changed the role of user 12/)).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Shop figures' })).toBeInTheDocument());
  });
});
