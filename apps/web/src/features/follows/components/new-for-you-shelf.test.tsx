// 'New for you' on /user: new issues of followed series with their price and owned ones not yet
// opened, newest first as the server answers, one row shown and the rest a click away; each card
// opens the issue's window; nothing at all when there is nothing new; a failure says so.
import { ERROR_CODES } from '@comics/shared/error-codes';
import type { NewForYouItem } from '@comics/shared/schemas/follows';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { NEW_FOR_YOU_ROW, NewForYouShelf } from './new-for-you-shelf';

const item = (n: number, kind: NewForYouItem['kind'] = 'new', name: string | null = null): NewForYouItem => ({
  kind,
  issue: {
    id: 100 + n,
    volume_id: 7,
    issue_number: n,
    name,
    description: null,
    image: `/media/covers/issues/${100 + n}.svg`,
    price: 4.5,
  },
  volume_name: 'Night Watch',
  added_at: `2024-05-${String(10 + n).padStart(2, '0')}T00:00:00.000Z`,
});

function show(answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ 'GET /api/user/follows/new': answer });
  const onOpen = vi.fn();
  const view = renderRoute(
    <>
      <NewForYouShelf userId={3} onOpen={onOpen} />
      <p>Below the shelf</p>
    </>,
  );
  return { ...api, ...view, onOpen, user: userEvent.setup() };
}

describe("the 'New for you' shelf", () => {
  it('shows new issues with their price and unread ones as owned, each opening its window', async () => {
    const { user, onOpen } = show({ body: [item(6, 'new', 'The Long Night'), item(2, 'unread')] });
    const shelf = await screen.findByRole('region', { name: 'New for you' });
    const cards = within(shelf).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    expect(within(cards[0]!).getByText('New')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('$4.50')).toBeInTheDocument();
    const open = within(cards[0]!).getByRole('button', { name: /^New: Night Watch #6 The Long Night/ });
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/media/covers/issues/106.svg');

    expect(within(cards[1]!).getByText('Unread')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Owned')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('$4.50')).toBeNull();

    await user.click(open);
    expect(onOpen).toHaveBeenCalledWith(item(6, 'new', 'The Long Night'));
    expect(within(shelf).getByRole('link', { name: 'Series you follow' })).toHaveAttribute('href', '/user/fav');
  });

  it(`shows one row of ${NEW_FOR_YOU_ROW}, and all of them on request`, async () => {
    const { user } = show({ body: Array.from({ length: 9 }, (_, i) => item(20 - i)) });
    const shelf = await screen.findByRole('region', { name: 'New for you' });
    expect(within(shelf).getAllByRole('listitem')).toHaveLength(NEW_FOR_YOU_ROW);
    const more = within(shelf).getByRole('button', { name: 'Show all 9' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(shelf).getAllByRole('listitem')).toHaveLength(9);
    expect(within(shelf).getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows nothing when nothing is new', async () => {
    show({ body: [] });
    expect(await screen.findByText('Below the shelf')).toBeInTheDocument();
    await screen.findByText('Below the shelf');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('region', { name: 'New for you' })).toBeNull();
  });

  it('says so when it could not be loaded', async () => {
    show(apiError(500, ERROR_CODES.internalError, 'Something went wrong on our side. Please try again.'));
    const shelf = await screen.findByRole('region', { name: 'New for you' });
    expect(await within(shelf).findByText('What is new for you could not be loaded')).toBeInTheDocument();
  });
});
