import { ERROR_CODES } from '@comics/shared/error-codes';
import type { AdminUser } from '@comics/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { AdminUsers } from './admin-users';
import { adminUser } from './admin-test-data';

const me = adminUser(1, 'admin@example.com', { rol: 'ADMIN' });
const ada = adminUser(2, 'ada@example.com');
const grace = adminUser(3, 'grace@example.com', { rol: 'ADMIN' });

const usersPage = (users: AdminUser[], total = users.length): MockAnswer => ({
  body: users,
  headers: { 'X-Total-Count': String(total) },
});

function setup(handlers: Parameters<typeof mockApi>[0], url = '/dashboard/users') {
  const api = mockApi({ 'GET /api/admin/users': usersPage([me, ada, grace]), ...handlers });
  const view = renderRoute(<AdminUsers currentUserId={me.id} />, { path: '/dashboard/users', url });
  return { ...api, ...view, user: userEvent.setup() };
}

/** The users as a server keeps them: the list answers what the PUTs saved. */
function usersServer(users: AdminUser[]) {
  const stored = new Map(users.map((user) => [user.id, { ...user }]));
  const save = (id: number, change: Partial<AdminUser>): MockAnswer => {
    const user = stored.get(id);
    if (!user) return apiError(404, ERROR_CODES.notFound, 'No such user.');
    Object.assign(user, change);
    return { body: { ...user } };
  };
  return {
    'GET /api/admin/users': () => usersPage([...stored.values()].map((user) => ({ ...user }))),
    'PUT /api/admin/users/rol': (body: unknown) => {
      const { id_user, rol } = body as { id_user: number; rol: AdminUser['rol'] };
      return save(id_user, { rol });
    },
    'PUT /api/admin/users/active': (body: unknown) => {
      const { id_user, active } = body as { id_user: number; active: boolean };
      return save(id_user, { active });
    },
  };
}

/** A promise the test settles: holds an answer back while the screen shows it is saving. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const roleSelect = (email: string) => screen.getByRole('combobox', { name: `Role of ${email}` });
const activeSwitch = (email: string) => screen.getByRole('switch', { name: `${email} is active` });

describe('AdminUsers', () => {
  it('shows a row per user: email, username, a USER/ADMIN role select and an active switch', async () => {
    setup({ 'GET /api/admin/users': usersPage([me, ada, adminUser(4, 'off@example.com', { active: false })]) });
    await screen.findByText('ada@example.com');
    const rows = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('ada@example.com');
    expect(rows[2]).toHaveTextContent('ada');
    expect(roleSelect('ada@example.com')).toHaveValue('USER');
    expect(
      within(roleSelect('ada@example.com'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USER', 'ADMIN']);
    expect(roleSelect('admin@example.com')).toHaveValue('ADMIN');
    expect(activeSwitch('ada@example.com')).toBeChecked();
    expect(activeSwitch('off@example.com')).not.toBeChecked();
  });

  it('saves a role at once through PUT /api/admin/users/rol, showing the new role while it saves', async () => {
    const server = usersServer([me, ada, grace]);
    const answer = deferred<void>();
    const { user, calls } = setup({
      ...server,
      'PUT /api/admin/users/rol': async (body) => {
        await answer.promise;
        return server['PUT /api/admin/users/rol'](body);
      },
    });
    await screen.findByText('ada@example.com');

    await user.selectOptions(roleSelect('ada@example.com'), 'ADMIN');
    expect(roleSelect('ada@example.com')).toHaveValue('ADMIN');
    expect(roleSelect('ada@example.com')).toBeDisabled();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Saving');

    answer.resolve();
    expect(await screen.findByText('ada@example.com is now ADMIN.')).toBeInTheDocument();
    expect(roleSelect('ada@example.com')).toHaveValue('ADMIN');
    expect(roleSelect('ada@example.com')).toBeEnabled();
    expect(calls.filter((call) => call.method === 'PUT')).toMatchObject([
      { path: '/api/admin/users/rol', body: { id_user: 2, rol: 'ADMIN' } },
    ]);
  });

  it('activates and deactivates through PUT /api/admin/users/active', async () => {
    const { user, calls } = setup(usersServer([me, ada, grace]));
    await screen.findByText('grace@example.com');

    await user.click(activeSwitch('grace@example.com'));
    expect(await screen.findByText('grace@example.com is now inactive.')).toBeInTheDocument();
    expect(activeSwitch('grace@example.com')).not.toBeChecked();
    await user.click(activeSwitch('grace@example.com'));
    expect(await screen.findByText('grace@example.com is now active.')).toBeInTheDocument();
    expect(activeSwitch('grace@example.com')).toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT')).toMatchObject([
      { path: '/api/admin/users/active', body: { id_user: 3, active: false } },
      { path: '/api/admin/users/active', body: { id_user: 3, active: true } },
    ]);
  });

  it("shows the server's 409 message and puts the control back", async () => {
    const { user } = setup({
      'PUT /api/admin/users/rol': apiError(
        409,
        ERROR_CODES.lastAdmin,
        'The last active administrator cannot be demoted.',
      ),
      'PUT /api/admin/users/active': apiError(
        409,
        'last_admin',
        'The last active administrator cannot be deactivated.',
      ),
    });
    await screen.findByText('grace@example.com');

    await user.selectOptions(roleSelect('grace@example.com'), 'USER');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The role of grace@example.com was not changed: The last active administrator cannot be demoted.',
    );
    expect(roleSelect('grace@example.com')).toHaveValue('ADMIN');
    expect(roleSelect('grace@example.com')).toBeEnabled();

    await user.click(activeSwitch('grace@example.com'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'grace@example.com was not deactivated: The last active administrator cannot be deactivated.',
      ),
    );
    expect(activeSwitch('grace@example.com')).toBeChecked();

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("disables the signed-in admin's own row and says why", async () => {
    setup({});
    await screen.findByText('ada@example.com');
    for (const control of [roleSelect('admin@example.com'), activeSwitch('admin@example.com')]) {
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription('Your account: another admin must change it.');
    }
    expect(roleSelect('ada@example.com')).toBeEnabled();
    expect(activeSwitch('ada@example.com')).toBeEnabled();
  });

  it('searches by e-mail or name once typing pauses, and keeps the search in the address', async () => {
    const { user, calls, router } = setup({
      'GET /api/admin/users': (_body, url) =>
        url.searchParams.get('q') === 'ada' ? usersPage([ada]) : usersPage([me, ada, grace]),
    });
    await screen.findByText('grace@example.com');

    await user.type(screen.getByRole('searchbox', { name: 'Search by e-mail or name' }), 'ada');
    await waitFor(() => expect(screen.queryByText('grace@example.com')).not.toBeInTheDocument());
    const searches = calls.filter((call) => call.path === '/api/admin/users').map((call) => call.query);
    // One request for the whole word, not one per key.
    expect(searches).toEqual([
      { page: '1', limit: '25' },
      { q: 'ada', page: '1', limit: '25' },
    ]);
    expect(router.state.location.search).toBe('?q=ada');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('says when no user matches the search', async () => {
    setup({ 'GET /api/admin/users': usersPage([]) }, '/dashboard/users?q=zzz');
    expect(await screen.findByText('No users match “zzz”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by e-mail or name' })).toHaveValue('zzz');
  });

  it('pages through the users, the total coming from X-Total-Count', async () => {
    const { user, calls, router } = setup(
      {
        'GET /api/admin/users': (_body, url) =>
          url.searchParams.get('page') === '2' ? usersPage([grace], 26) : usersPage([me, ada], 26),
      },
      '/dashboard/users?q=example',
    );
    await screen.findByText('ada@example.com');
    expect(screen.getByText('26', { exact: false, selector: '.badge' })).toHaveTextContent('26 accounts found');
    const pager = screen.getByRole('navigation', { name: 'User pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=example&page=2');
    expect(calls.at(-1)?.query).toEqual({ q: 'example', page: '2', limit: '25' });
  });

  it('says why the users could not be loaded', async () => {
    setup({ 'GET /api/admin/users': apiError(403, ERROR_CODES.forbidden, 'Administrators only.') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The users could not be loaded');
    expect(alert).toHaveTextContent('Administrators only.');
  });
});
