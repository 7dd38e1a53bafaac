import { ERROR_CODES } from '@comics/shared/error-codes';
import type { ReadingShelfItem } from '@comics/shared/schemas/reader';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { ContinueReadingShelf, SHELF_SIZE } from './continue-reading-shelf';

const stopped = (n: number, page: number, pageCount: number): ReadingShelfItem => ({
  issueId: 100 + n,
  page,
  pageCount,
  updatedAt: `2024-01-${String(10 - (n % 10)).padStart(2, '0')}T00:00:00Z`,
  issue: {
    id: 100 + n,
    volume_id: 7,
    issue_number: n,
    name: `Night ${n}`,
    description: null,
    image: `/media/covers/issues/${100 + n}.webp`,
    price: 3.99,
  },
  volumeName: 'Night Watch',
});

function show(answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ 'GET /api/user/reading': answer });
  const view = renderRoute(
    <>
      <ContinueReadingShelf userId={3} />
      <p>Below the shelf</p>
    </>,
  );
  return { ...api, ...view };
}

describe('the Continue reading shelf', () => {
  it('shows the most recent issues with the page, each leading to the reader at that page', async () => {
    show({ body: [stopped(3, 5, 24), stopped(1, 1, 20)] });
    const shelf = await screen.findByRole('region', { name: 'Continue reading' });
    const cards = within(shelf).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!).getByRole('link', { name: 'Night Watch #3' });
    expect(first).toHaveAttribute('href', '/user/read/103?page=5');
    expect(first).toHaveAccessibleDescription('Page 5 of 24');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/media/covers/issues/103.webp');
    expect(cards[0]!.querySelector<HTMLElement>('.reading-progress-bar')!.style.width).toBe('21%');
    expect(within(cards[1]!).getByRole('link', { name: 'Night Watch #1' })).toHaveAttribute(
      'href',
      '/user/read/101?page=1',
    );
  });

  it(`shows at most ${SHELF_SIZE}, the first the server answers (the most recent)`, async () => {
    show({ body: Array.from({ length: 9 }, (_, i) => stopped(i + 1, 2, 10)) });
    const shelf = await screen.findByRole('region', { name: 'Continue reading' });
    const links = within(shelf).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Night Watch #${n}`));
  });

  it('shows nothing when there is nothing to continue', async () => {
    const { calls } = show({ body: [] });
    await screen.findByText('Below the shelf');
    // The spinner goes once the (empty) answer is in; no heading was ever there to take away.
    await expect.poll(() => screen.queryByRole('status')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/user/reading']);
    expect(screen.queryByRole('heading', { name: 'Continue reading' })).not.toBeInTheDocument();
  });

  it('says when the shelf could not be loaded, and tries again', async () => {
    const { calls } = show(apiError(500, ERROR_CODES.internalError, 'The shop is having a moment.'));
    const shelf = await screen.findByRole('region', { name: 'Continue reading' });
    expect(within(shelf).getByRole('alert')).toHaveTextContent('The shop is having a moment.');
    await userEvent.setup().click(within(shelf).getByRole('button', { name: 'Try again' }));
    expect(calls.filter((call) => call.path === '/api/user/reading')).toHaveLength(2);
  });
});
