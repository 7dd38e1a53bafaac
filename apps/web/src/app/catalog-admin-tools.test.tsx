// The admin's catalogue tools through the app's own route table, on a mocked API: 'Edit comic'
// and 'Edit issue' show on /admin/cardDetail/{id} only, a save sends only what changed and the
// page shows the new values at once, and what the server refuses is said at its field; the issue
// modal's pages tool uploads a CBZ or CBR, says what came of it, and removes uploaded pages after asking.
import { ERROR_CODES } from '@comics/shared/error-codes';
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
      'PATCH /api/admin/issues/71': apiError(400, ERROR_CODES.validationFailed, 'Some fields are not valid.', {
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

describe("the admin's pages tool (issue 13)", () => {
  /** GET /api/issues/72/pages as the server answers it: `pageCount` pages of `source`. */
  const pagesOf = (pageCount: number, source: 'uploaded' | 'generated') => ({
    issue: issues[1]!,
    volumeName: comic.name,
    pageCount,
    direction: 'ltr',
    previewPages: 3,
    source,
    pagesBase: '/media/pages/72/v1',
    pages: [],
  });

  /** The issue modal of #2 with the server's pages in `pages` (changed by the test's handlers). */
  async function openTool(initial: ReturnType<typeof pagesOf>, handlers: Parameters<typeof mockApi>[0] = {}) {
    const pages = { current: initial };
    const opened = open('/admin/cardDetail/7?issue=72', 'ADMIN', {
      'GET /api/issues/72/pages': () => ({ body: pages.current }),
      ...handlers,
    });
    const issueModal = await screen.findByRole('dialog', { name: /Night Watch #2/ });
    const tool = await within(issueModal).findByRole('region', { name: 'Pages' });
    return { ...opened, pages, issueModal, tool, input: within(tool).getByLabelText('Upload pages (CBZ)') };
  }

  const cbz = (name = 'night-2.cbz', size = 4) => new File([new Uint8Array(size)], name, { type: 'application/zip' });

  it('uploads a CBZ with progress, then says how many pages it made and what it skipped', async () => {
    const uploads = installFakeXhr();
    const { user, pages, tool, input } = await openTool(pagesOf(24, 'generated'));
    expect(await within(tool).findByText('24 generated demo pages')).toBeInTheDocument();
    expect(input).toHaveAttribute(
      'accept',
      '.cbz,.zip,.cbr,.rar,.pdf,application/zip,application/vnd.comicbook+zip,application/vnd.rar,application/vnd.comicbook-rar,application/pdf',
    );
    expect(within(tool).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/user/read/72');
    expect(within(tool).queryByRole('button', { name: 'Remove uploaded pages' })).not.toBeInTheDocument();

    await user.upload(input, cbz());
    const sent = uploads[0]!;
    expect([sent.method, sent.url]).toEqual(['POST', '/api/admin/issues/72/pages']);
    expect((sent.body!.get('file') as File).name).toBe('night-2.cbz');
    expect(input).toBeDisabled();
    sent.progress(1, 4);
    expect(within(tool).getByRole('progressbar', { name: 'Uploading night-2.cbz' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    sent.progress(4, 4);
    expect(within(tool).getByText('Uploading and converting pages...')).toBeInTheDocument();

    pages.current = pagesOf(3, 'uploaded');
    sent.respond(200, { issueId: 72, pageCount: 3, direction: 'ltr', skipped: ['ComicInfo.xml', 'notes.txt'] });
    expect(await within(tool).findByText('3 pages uploaded.')).toBeInTheDocument();
    expect(within(tool).getByText('Skipped (not pages): ComicInfo.xml, notes.txt')).toBeInTheDocument();
    // The pages query reloaded: the summary and the removal follow the new set.
    expect(await within(tool).findByText('3 pages, uploaded')).toBeInTheDocument();
    expect(within(tool).getByRole('button', { name: 'Remove uploaded pages' })).toBeEnabled();
    expect(input).toBeEnabled();
  });

  it("says the server's refusal at the file input, readable", async () => {
    const uploads = installFakeXhr();
    const { user, input } = await openTool(pagesOf(24, 'generated'));
    await user.upload(input, cbz('escape.cbz'));
    uploads[0]!.respond(400, {
      code: ERROR_CODES.validationFailed,
      error: 'Some fields are not valid.',
      fields: { file: 'The archive has an entry outside its folder: ../../etc/passwd' },
    });
    await waitFor(() => expect(errorOf(input)).toBe('The archive has an entry outside its folder: ../../etc/passwd'));
    expect(input).toHaveAttribute('aria-invalid', 'true');

    // Without a field, the answer's message.
    await user.upload(input, cbz('again.cbz'));
    uploads[1]!.respond(413, { code: ERROR_CODES.fileTooLarge, error: 'The archive is larger than 200 MB.' });
    await waitFor(() => expect(errorOf(input)).toBe('The archive is larger than 200 MB.'));
  });

  it('refuses a file that is not a CBZ or CBR (ZIP or RAR) before sending it', async () => {
    const uploads = installFakeXhr();
    const { input } = await openTool(pagesOf(24, 'generated'));
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'page.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(errorOf(input)).toBe('Choose a CBZ or CBR archive (a ZIP or RAR) of the pages, or a PDF.'),
    );
    expect(uploads).toEqual([]);
  });

  it('sends a CBR or a RAR as it sends a CBZ', async () => {
    const uploads = installFakeXhr();
    const { user, tool, input } = await openTool(pagesOf(24, 'generated'));
    expect(within(tool).getByText(/A CBZ or CBR \(a ZIP or RAR\) of images/)).toBeInTheDocument();
    await user.upload(input, cbz('night-2.cbr'));
    expect((uploads[0]!.body!.get('file') as File).name).toBe('night-2.cbr');
    uploads[0]!.respond(200, { issueId: 72, pageCount: 3, direction: 'ltr', skipped: [] });
    expect(await within(tool).findByText('3 pages uploaded.')).toBeInTheDocument();

    await user.upload(input, cbz('night-2.RAR'));
    expect((uploads[1]!.body!.get('file') as File).name).toBe('night-2.RAR');
  });

  it('removes the uploaded pages after asking, and the summary goes back to the demo pages', async () => {
    const { user, calls, pages, tool } = await openTool(pagesOf(3, 'uploaded'), {
      'DELETE /api/admin/issues/72/pages': () => {
        pages.current = pagesOf(24, 'generated');
        return { status: 204 };
      },
    });
    const remove = await within(tool).findByRole('button', { name: 'Remove uploaded pages' });

    await user.click(remove);
    const question = await screen.findByRole('dialog', { name: 'Remove the uploaded pages?' });
    expect(question).toHaveTextContent('Night Watch #2 then reads with generated demo pages');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Remove the uploaded/ })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the uploaded pages?' })).getByRole('button', {
        name: 'Remove pages',
      }),
    );
    expect(await within(tool).findByText('24 generated demo pages')).toBeInTheDocument();
    expect(within(tool).getByText(/The uploaded pages were removed/)).toBeInTheDocument();
    expect(within(tool).queryByRole('button', { name: 'Remove uploaded pages' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/issues/72/pages',
    ]);
  });

  it('keeps the question open and says why when the removal fails', async () => {
    const { user, tool } = await openTool(pagesOf(3, 'uploaded'), {
      'DELETE /api/admin/issues/72/pages': apiError(404, ERROR_CODES.notFound, 'This issue has no uploaded pages.'),
    });
    await user.click(await within(tool).findByRole('button', { name: 'Remove uploaded pages' }));
    const question = await screen.findByRole('dialog', { name: 'Remove the uploaded pages?' });
    await user.click(within(question).getByRole('button', { name: 'Remove pages' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent('This issue has no uploaded pages.');
  });
});
