// The admin's catalogue tools through the app's own route table, on a mocked API: 'Edit comic'
// and 'Edit issue' show on /admin/cardDetail/{id} only, a save sends only what changed and the
// page shows the new values at once, and what the server refuses is said at its field.
import type { ComicDetail, Issue, RatedIssue } from '@comics/shared/schemas/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { installFakeXhr } from '@/features/admin-catalog/testing/fake-xhr';
import { storeIdentity } from '@/features/auth/hooks/use-session';
import { apiError, mockApi } from '@/testing/mock-api';

import { routes } from './router';

const comic: ComicDetail = {
  id: 7,
  name: 'Night Watch',
  deck: 'A city that never sleeps.',
  start_year: 2019,
  image: '/media/covers/volumes/7.svg',
  publisher: 'Nocturne',
  description: '<p>Guards of the night.</p>',
};
const issues: RatedIssue[] = [1, 2].map((n) => ({
  id: 70 + n,
  volume_id: 7,
  issue_number: n,
  name: `Night ${n}`,
  description: null,
  image: `/media/covers/issues/${70 + n}.svg`,
  price: 3.99,
  avgRating: null,
}));

type Role = 'ADMIN' | 'USER';

/** The page at `url` for someone signed in with `role`, the catalogue served from `state`. */
function open(url: string, role: Role, handlers: Parameters<typeof mockApi>[0] = {}) {
  const id = role === 'ADMIN' ? 1 : 3;
  storeIdentity({ name: 'Ada', Rol: role, id, email: 'ada@example.com' });
  const state = { comic: { ...comic }, issues: issues.map((issue) => ({ ...issue })) };
  const api = mockApi({
    'GET /api/user/me': { body: { id, name: 'Ada', email: 'ada@example.com', Rol: role, picture: null } },
    'GET /api/comics/7': () => ({ body: state.comic }),
    'GET /api/comics/issues/rating/7': () => ({ body: state.issues }),
    'GET /api/publishers': { body: ['Nocturne', 'Marvel'] },
    [`GET /api/shop/cart/${id}/carrito`]: { body: [] },
    [`GET /api/shop/cart/${id}/comprado`]: { body: [] },
    [`GET /api/fav/${id}`]: { body: [{ issues: [] }] },
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, state, router, user: userEvent.setup() };
}

/** The message tied to an input through aria-describedby. */
function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.role === 'alert');
  return error?.textContent ?? null;
}

const writes = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body]);

describe("the admin's catalogue tools", () => {
  it("edits an issue's price in dollars; the issue modal shows the new price at once", async () => {
    const { user, calls, state } = open('/admin/cardDetail/7?issue=72', 'ADMIN', {
      'PATCH /api/admin/issues/72': (body) => {
        const saved: Issue = { ...state.issues[1]!, ...(body as Partial<Issue>) };
        state.issues[1] = { ...saved, avgRating: null };
        return { body: saved };
      },
    });
    const issueModal = await screen.findByRole('dialog', { name: /Night Watch #2/ });
    expect(within(issueModal).getByText('$3.99')).toBeInTheDocument();

    await user.click(await within(issueModal).findByRole('button', { name: 'Edit issue' }));
    const editor = await screen.findByRole('dialog', { name: /Edit issue/ });
    const price = within(editor).getByLabelText('Price');
    expect(price).toHaveValue(3.99);
    await user.clear(price);
    await user.type(price, '4.5');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit issue/ })).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([['/api/admin/issues/72', { price: 4.5 }]]);
    expect(within(issueModal).getByText('$4.50')).toBeInTheDocument();
    expect(within(issueModal).getByRole('status')).toHaveTextContent('The issue was saved.');
  });

  it('refuses a price the shared rules refuse, before sending it', async () => {
    const { user, calls } = open('/admin/cardDetail/7?issue=71', 'ADMIN');
    const issueModal = await screen.findByRole('dialog', { name: /Night Watch #1/ });
    await user.click(await within(issueModal).findByRole('button', { name: 'Edit issue' }));
    const editor = await screen.findByRole('dialog', { name: /Edit issue/ });
    const price = within(editor).getByLabelText('Price');

    await user.clear(price);
    await user.type(price, '4.999');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(price)).toBe('At most 2 decimals'));
    await user.clear(price);
    await user.type(price, '0.2');
    await waitFor(() => expect(errorOf(price)).toBe('At least 0.50'));
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's field errors at their inputs and keeps the dialog open", async () => {
    const { user, calls } = open('/admin/cardDetail/7?issue=71', 'ADMIN', {
      'PATCH /api/admin/issues/71': apiError(400, 'validation_failed', 'Some fields are not valid.', {
        name: 'At most 200 characters',
      }),
    });
    const issueModal = await screen.findByRole('dialog', { name: /Night Watch #1/ });
    await user.click(await within(issueModal).findByRole('button', { name: 'Edit issue' }));
    const editor = await screen.findByRole('dialog', { name: /Edit issue/ });
    const name = within(editor).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'The long night');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(errorOf(name)).toBe('At most 200 characters'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(writes(calls)).toEqual([['/api/admin/issues/71', { name: 'The long night' }]]);
    expect(screen.getByRole('dialog', { name: /Edit issue/ })).toBeInTheDocument();
  });

  it('edits the comic: only what changed is sent, with a newly uploaded image, and the page shows it', async () => {
    const uploads = installFakeXhr();
    const { user, calls, state } = open('/admin/cardDetail/7', 'ADMIN', {
      'PATCH /api/admin/comics/7': (body) => {
        state.comic = { ...state.comic, ...(body as Partial<ComicDetail>) };
        return { body: state.comic };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit comic' }));
    const editor = await screen.findByRole('dialog', { name: /Edit comic/ });
    expect(within(editor).getByLabelText('Name')).toHaveValue('Night Watch');
    expect(within(editor).getByRole('img', { name: 'Cover of Night Watch' })).toHaveAttribute('src', comic.image);

    await user.clear(within(editor).getByLabelText('Name'));
    await user.type(within(editor).getByLabelText('Name'), 'Day Watch');
    await user.clear(within(editor).getByLabelText(/^Deck/));
    await user.upload(within(editor).getByLabelText('Image'), new File(['png'], 'day.png', { type: 'image/png' }));
    expect(within(editor).getByText('Loading image...')).toBeInTheDocument();
    uploads[0]!.respond(200, { secure_url: '/media/uploads/day.webp', width: 600, height: 900 });
    expect(await within(editor).findByRole('img', { name: 'Cover of Night Watch' })).toHaveAttribute(
      'src',
      '/media/uploads/day.webp',
    );
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Day Watch/ })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      ['/api/admin/comics/7', { name: 'Day Watch', deck: null, image: '/media/uploads/day.webp' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('The comic was saved.')).toBeInTheDocument();
  });

  it('sends nothing when nothing changed', async () => {
    const { user, calls } = open('/admin/cardDetail/7', 'ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Edit comic' }));
    const editor = await screen.findByRole('dialog', { name: /Edit comic/ });
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });

  it("shows no editing tools on a customer's pages", async () => {
    open('/user/cardDetail/7?issue=71', 'USER');
    const issueModal = await screen.findByRole('dialog', { name: /Night Watch #1/ });
    await within(issueModal).findByRole('button', { name: 'Add to cart' });
    expect(screen.queryByRole('button', { name: 'Edit comic' })).not.toBeInTheDocument();
    expect(within(issueModal).queryByRole('button', { name: 'Edit issue' })).not.toBeInTheDocument();
  });
});
