import { ERROR_CODES } from '@comics/shared/error-codes';
import type { AdminOrder } from '@comics/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { AdminOrders } from './admin-orders';
import { adminOrder, adminOrderDetail } from './admin-test-data';

const paid = adminOrder(12, { buyer: { id: 5, email: 'ada@example.com', username: 'ada' }, total: 1234.5, issues: 3 });
const failed = adminOrder(11, {
  status: 'failed',
  paidAt: null,
  card: { brand: 'mastercard', last4: '0341', funding: 'debit' },
  failureMessage: 'Your card was declined.',
});

const ordersPage = (orders: AdminOrder[], total = orders.length): MockAnswer => ({
  body: orders,
  headers: { 'X-Total-Count': String(total) },
});

function setup(handlers: Parameters<typeof mockApi>[0], url = '/dashboard/orders') {
  const api = mockApi({
    'GET /api/admin/orders': (_body, requested) =>
      requested.searchParams.get('status') === 'failed' ? ordersPage([failed]) : ordersPage([paid, failed]),
    'GET /api/admin/orders/12': { body: adminOrderDetail(12, paid) },
    ...handlers,
  });
  const view = renderRoute(<AdminOrders />, { path: '/dashboard/orders', url });
  return { ...api, ...view, user: userEvent.setup() };
}

const orderListCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.path === '/api/admin/orders').map((call) => call.query);

describe('AdminOrders', () => {
  it('shows a row per order: date, buyer e-mail, issues, total, status, card brand and funding', async () => {
    setup({});
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(header).toHaveTextContent(/Date\s*Buyer\s*Issues\s*Total\s*Status\s*Card/);
    expect(first).toHaveTextContent(/12 May 2025/);
    expect(first).toHaveTextContent('Order #12');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('3 issues');
    expect(first).toHaveTextContent('$1,234.50');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent(/visa\s*···· 4242\s*credit/);
    expect(second).toHaveTextContent('Failed');
    expect(second).toHaveTextContent(/mastercard\s*···· 0341\s*debit/);
  });

  it('filters by status: the request asks for it, the page starts again at 1, All takes it off', async () => {
    const { user, calls, router } = setup({}, '/dashboard/orders?page=2');
    await screen.findByText('ada@example.com');
    const filter = screen.getByRole('group', { name: 'Show orders by status' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Paid', 'Pending', 'Failed']);
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(within(filter).getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?status=failed');
    expect(screen.getByRole('table', { name: 'Failed orders' })).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'All' }));
    await screen.findByText('ada@example.com');
    expect(orderListCalls(calls)).toEqual([
      { page: '2', limit: '25' },
      { status: 'failed', page: '1', limit: '25' },
      { page: '1', limit: '25' },
    ]);
  });

  it('says when no order has the chosen status', async () => {
    setup({ 'GET /api/admin/orders': ordersPage([]) }, '/dashboard/orders?status=pending');
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
  });

  it("opens an order's detail: its lines, its e-mails; resending posts the buyer's e-mail and says it is queued", async () => {
    const { user, calls, router } = setup({ 'POST /api/admin/sendEmail': { body: { queued: 1 } } });
    // The wide screens' button (a phone shows the order's number as a link-style button instead).
    await user.click((await screen.findAllByRole('button', { name: 'Details of order #12' })).at(-1)!);

    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    expect(router.state.location.search).toBe('?order=12');
    await within(dialog).findByText('ada@example.com');
    const lines = within(dialog).getByRole('table', { name: 'The issues of order #12' });
    const rows = within(lines).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Night Watch #1The Long Dark#1\$3\.99$/);
    expect(rows[2]).toHaveTextContent(/^Night Watch #2#2\$3\.99$/);
    expect(rows[3]).toHaveTextContent(/Total\s*\$1,234\.50/);
    expect(rows[1]!.querySelector('img')).toHaveAttribute('src', '/media/covers/41.svg');
    expect(within(dialog).getByText('Sent')).toBeInTheDocument();
    expect(within(dialog).getByText('1 failed attempt', { exact: false })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The confirmation e-mail to ada@example.com is queued',
    );
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { path: '/api/admin/sendEmail', body: { email: ['ada@example.com'] } },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('says why a resend failed', async () => {
    const { user } = setup(
      {
        'POST /api/admin/sendEmail': apiError(
          404,
          'no_paid_order',
          'No paid order was found for these e-mail addresses.',
        ),
      },
      '/dashboard/orders?order=12',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    await user.click(await within(dialog).findByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The confirmation e-mail was not sent again: No paid order was found for these e-mail addresses.',
    );
  });

  it("shows a failed order's reason and offers no resend for it", async () => {
    setup(
      { 'GET /api/admin/orders/11': { body: adminOrderDetail(11, { ...failed, emails: [] }) } },
      '/dashboard/orders?order=11',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #11' });
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(within(dialog).getByText('No confirmation e-mail has been queued for this order.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Resend confirmation e-mail' })).toBeDisabled();
    expect(within(dialog).getByText('Only a paid order has a confirmation e-mail.')).toBeInTheDocument();
  });

  it('shows how many issues a declined attempt was for, though it keeps no lines', async () => {
    const declined = { ...failed, issues: 3, total: 11.97 };
    setup(
      { 'GET /api/admin/orders/11': { body: adminOrderDetail(11, { ...declined, lines: [], emails: [] }) } },
      '/dashboard/orders?order=11',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #11' });
    expect(await within(dialog).findByRole('heading', { name: '3 issues' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'The issues of order #11' });
    expect(table).toHaveTextContent(
      'A failed payment keeps how many issues it was for and its total, not which issues they were.',
    );
    expect(table).toHaveTextContent('$11.97');
  });

  it('pages through the orders, the total coming from X-Total-Count', async () => {
    const { user, calls } = setup({
      'GET /api/admin/orders': (_body, url) =>
        url.searchParams.get('page') === '2' ? ordersPage([failed], 26) : ordersPage([paid], 26),
    });
    await screen.findByText('ada@example.com');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Order pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText('buyer11@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(orderListCalls(calls).at(-1)).toEqual({ page: '2', limit: '25' });
  });

  it("takes a paid order's comics back after confirming: posts, says so, and shows the order as taken back", async () => {
    const takenBackAt = '2025-05-20T09:30:00.000Z';
    let takenBack = false;
    const detail = () => adminOrderDetail(12, { ...paid, ...(takenBack ? { takenBackAt } : {}) });
    const { user, calls } = setup(
      {
        'GET /api/admin/orders': () => ordersPage([takenBack ? { ...paid, takenBackAt } : paid, failed]),
        'GET /api/admin/orders/12': () => ({ body: detail() }),
        'POST /api/admin/orders/12/take-back': () => {
          takenBack = true;
          return { body: detail() };
        },
      },
      '/dashboard/orders?order=12',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    await user.click(await within(dialog).findByRole('button', { name: 'Take back' }));

    const confirm = await screen.findByRole('dialog', { name: 'Take back the comics of order #12?' });
    expect(confirm).toHaveTextContent(
      'ada@example.com will no longer own the 3 issues of this order: they leave My comics and stop opening in the reader at once.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, take them back' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The comics of order #12 were taken back from ada@example.com.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { path: '/api/admin/orders/12/take-back', body: undefined },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Take back the comics of order #12?' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).queryByRole('button', { name: 'Take back' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Taken back')).toBeInTheDocument();
    expect(within(dialog).getByText(/Comics taken back/)).toBeInTheDocument();
    // The list behind the dialog says so too.
    const table = screen.getByRole('table', { name: 'Orders', hidden: true });
    await waitFor(() => expect(within(table).getAllByText('Taken back', { exact: true }).length).toBeGreaterThan(0));
  });

  it('takes nothing back when the confirmation is cancelled, and says why a take-back failed', async () => {
    const { user, calls } = setup(
      {
        'POST /api/admin/orders/12/take-back': apiError(
          409,
          'already_taken_back',
          "This order's comics were already taken back.",
        ),
      },
      '/dashboard/orders?order=12',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    await user.click(await within(dialog).findByRole('button', { name: 'Take back' }));
    let confirm = await screen.findByRole('dialog', { name: 'Take back the comics of order #12?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Take back the comics of order #12?' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Take back' }));
    confirm = await screen.findByRole('dialog', { name: 'Take back the comics of order #12?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, take them back' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent("This order's comics were already taken back.");
  });

  it('shows a taken-back order as such, and offers no take-back for it or for an order that is not paid', async () => {
    const takenBack = { ...paid, takenBackAt: '2025-05-20T09:30:00.000Z' };
    const { user } = setup({
      'GET /api/admin/orders': ordersPage([takenBack, failed]),
      'GET /api/admin/orders/12': { body: adminOrderDetail(12, takenBack) },
      'GET /api/admin/orders/11': { body: adminOrderDetail(11, failed) },
    });
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Taken back');
    expect(first).not.toHaveTextContent('Paid');
    expect(second).toHaveTextContent('Failed');

    await user.click(within(first!).getAllByRole('button', { name: 'Details of order #12' }).at(-1)!);
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    expect(await within(dialog).findByText(/Comics taken back/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Take back' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(second!).getAllByRole('button', { name: 'Details of order #11' }).at(-1)!);
    const failedDialog = await screen.findByRole('dialog', { name: 'Order #11' });
    await within(failedDialog).findByText('Your card was declined.');
    expect(within(failedDialog).queryByRole('button', { name: 'Take back' })).not.toBeInTheDocument();
  });

  it('says why the orders could not be loaded', async () => {
    setup({ 'GET /api/admin/orders': apiError(500, ERROR_CODES.internalError, 'The server could not answer.') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The orders could not be loaded');
    expect(alert).toHaveTextContent('The server could not answer.');
  });
});
