import { ERROR_CODES } from '@comics/shared/error-codes';
import type { AdminReview } from '@comics/shared/schemas/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { AdminReviews } from './admin-reviews';

function adminReview(id: number, username: string, rating: number, description: string): AdminReview {
  const at = `2024-05-0${id}T10:00:00.000Z`;
  return {
    id,
    rating,
    description,
    createdAt: at,
    updatedAt: at,
    User: { id: 100 + id, email: `${username.toLowerCase()}@example.com`, username },
    verifiedPurchase: false,
    Issue: { id: 40 + id, issue_number: id, name: null },
    Comic: { id: 7, name: 'Night Watch' },
  };
}

const ada = adminReview(2, 'Ada', 4, 'Loved the <b>art</b>.');
const grace = adminReview(3, 'Grace', 1, '');

function setup(handlers: Parameters<typeof mockApi>[0], url = '/dashboard/reviews') {
  const api = mockApi(handlers);
  const onDeleted = vi.fn();
  const view = renderRoute(<AdminReviews onDeleted={onDeleted} />, { path: '/dashboard/reviews', url });
  return { ...api, ...view, onDeleted, user: userEvent.setup() };
}

/** A page of the list as the server answers it: the bare list, the total in X-Total-Count. */
const page = (reviews: AdminReview[], total = reviews.length): MockAnswer => ({
  body: reviews,
  headers: { 'X-Total-Count': String(total) },
});

const cards = () => screen.getAllByRole('article');

describe('AdminReviews', () => {
  it('shows one card per review: Email, Username, Description (as text) and Rating', async () => {
    setup({ 'GET /api/admin/reviews': page([grace, ada]) });
    await screen.findByText('ada@example.com');
    expect(cards()).toHaveLength(2);
    const card = cards()[1]!;
    expect(card).toHaveAccessibleName('Night Watch #2');
    for (const [term, value] of [
      ['Email', 'ada@example.com'],
      ['Username', 'Ada'],
      ['Description', 'Loved the <b>art</b>.'],
    ]) {
      expect(within(card).getByText(term!, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value!);
    }
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();
    expect(within(cards()[0]!).getByText('No description')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Night Watch #2' })).toHaveAttribute(
      'href',
      '/admin/cardDetail/7?issue=42',
    );
  });

  it('asks before removing; the deletion reloads the list', async () => {
    let deleted = false;
    const { user, calls, onDeleted } = setup({
      'GET /api/admin/reviews': () => (deleted ? page([grace]) : page([grace, ada])),
      'DELETE /api/admin/reviews': () => {
        deleted = true;
        return { body: ada };
      },
    });
    const remove = await screen.findByRole('button', { name: 'Remove the review by Ada of Night Watch #2' });

    // Cancel leaves it.
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove the review by Ada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove the review by Ada?' });
    expect(dialog).toHaveAccessibleDescription(/Night Watch #2 will be deleted/);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));

    await waitFor(() => expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(cards()).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ id_review: 2 }]);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(onDeleted).toHaveBeenCalledWith(ada);
  });

  it('says in the dialog why a deletion failed, and keeps the review', async () => {
    const { user } = setup({
      'GET /api/admin/reviews': page([ada]),
      'DELETE /api/admin/reviews': apiError(404, ERROR_CODES.reviewNotFound, 'This review does not exist.'),
    });
    await user.click(await screen.findByRole('button', { name: /^Remove the review by Ada/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This review does not exist.');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('pages through many reviews with Previous and Next', async () => {
    const { user, calls, router } = setup({
      'GET /api/admin/reviews': (_body, url) => {
        const n = Number(url.searchParams.get('page'));
        return page(n === 2 ? [grace] : [ada], 21);
      },
    });
    await screen.findByText('ada@example.com');
    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.map((call) => call.query.page)).toEqual(['1', '2']);
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    const { router } = setup(
      {
        'GET /api/admin/reviews': (_body, url) => (url.searchParams.get('page') === '1' ? page([ada]) : page([], 1)),
      },
      '/dashboard/reviews?page=3',
    );
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("says 'No reviews yet' when there is none", async () => {
    setup({ 'GET /api/admin/reviews': page([]) });
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, and tries again', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/admin/reviews': () =>
        fail ? apiError(403, ERROR_CODES.forbidden, 'Administrators only.') : page([ada]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The reviews could not be loaded');
    expect(alert).toHaveTextContent('Administrators only.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });
});
