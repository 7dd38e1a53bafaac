// 'Follow series' on a comic's page: a USER toggles it ('Follow series' / 'Following ✓') through
// PUT and DELETE /api/user/follows/{id}, told what it means; a failure is said; a guest's goes
// to log in, remembering the series and the page to come back to.
import type { FollowedSeries } from '@comics/shared/schemas/follows';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { pendingFollow, pendingReason } from '@/lib/pending-purchase';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { FollowButton } from './follow-button';

const follow = (volumeId: number, name = 'Night Watch'): FollowedSeries => ({
  volume_id: volumeId,
  name,
  image: `/media/covers/volumes/${volumeId}.svg`,
  publisher: 'Nocturne',
  followed_at: '2024-05-01T10:00:00.000Z',
  notify_by_email: true,
});

function show(handlers: Parameters<typeof mockApi>[0], userId: number | null = 3) {
  const api = mockApi(handlers);
  const view = renderRoute(<FollowButton volumeId={7} name="Night Watch" userId={userId} />, {
    path: '/user/cardDetail/:id',
    url: '/user/cardDetail/7?sort=price_asc',
  });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('the Follow series button', () => {
  it('follows the series, says what that means, then unfollows it', async () => {
    const { user, calls } = show({
      'GET /api/user/follows': { body: [follow(12, 'Other')] },
      'PUT /api/user/follows/7': { body: follow(7) },
      'DELETE /api/user/follows/7': { status: 204 },
      'GET /api/user/follows/new': { body: [] },
    });
    const button = await screen.findByRole('button', { name: 'Follow series' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    const following = await screen.findByRole('button', { name: 'Following ✓' });
    expect(screen.getByRole('status')).toHaveTextContent(
      "New issues of Night Watch will show under 'New for you' on your shelf, and come by e-mail.",
    );
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/user/follows/7', body: undefined }),
    ]);

    await user.click(following);
    expect(await screen.findByRole('button', { name: 'Follow series' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('You no longer follow Night Watch.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/user/follows/7']);
  });

  it('reads Following ✓ for a series already followed', async () => {
    show({ 'GET /api/user/follows': { body: [follow(7)] } });
    expect(await screen.findByRole('button', { name: 'Following ✓' })).toBeEnabled();
  });

  it("says why a follow was refused and stays 'Follow series'", async () => {
    const { user } = show({
      'GET /api/user/follows': { body: [] },
      'PUT /api/user/follows/7': apiError(
        409,
        'too_many_follows',
        'You follow 500 series, the most one account may. Unfollow one to follow another.',
      ),
    });
    const button = await screen.findByRole('button', { name: 'Follow series' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(/You follow 500 series/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow series' })).toBeEnabled();
  });

  it('sends a guest to log in, remembering the series and this page', async () => {
    const { user, calls } = show({}, null);
    const link = screen.getByRole('link', { name: 'Follow series' });
    expect(link).toHaveAttribute('href', '/login');
    await user.click(link);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(pendingFollow()).toEqual({
      volumeId: 7,
      name: 'Night Watch',
      returnTo: '/user/cardDetail/7?sort=price_asc',
    });
    expect(pendingReason('Log in')).toBe('Log in to follow Night Watch');
    expect(calls).toEqual([]);
  });
});
