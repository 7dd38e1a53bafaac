// 'My comics' as a library: the spec's table stays the list view (the default on a wide screen),
// the grid (the default on a phone) shelves the issues by series with their reading status and
// way into the reader, the choice of view is remembered, and the search and the order apply to
// both views and live in the address.
import type { PurchaseItem } from '@comics/shared/schemas/shop';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { ReadingStop } from '@/components/reader-link';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import { LIBRARY_VIEW_STORAGE_KEY } from '../hooks/use-library-view';
import { PurchasesView } from './purchases-view';

const USER_ID = 5;

const bought = (
  id: number,
  volume: [number, string],
  issueNumber: number,
  name: string | null,
  purchasedAt: string,
  orderId = id,
): PurchaseItem => ({
  id,
  volume_id: volume[0],
  volume_name: volume[1],
  issue_number: issueNumber,
  name,
  image: `/media/${id}.webp`,
  price: 2.99,
  orderId,
  purchasedAt,
});

const LEGION: [number, string] = [796, 'Légion Étrange'];
const NIGHT: [number, string] = [12, 'Night Watch'];
// Newest first, as the server answers.
const purchases = [
  bought(3, NIGHT, 2, 'Bells', '2025-03-03T00:00:00Z'),
  // Bought together.
  bought(1, LEGION, 1, 'Les Gargouilles', '2025-03-02T00:00:00Z', 2),
  bought(2, LEGION, 2, null, '2025-03-02T00:00:00Z', 2),
  bought(4, NIGHT, 1, 'Alarm', '2025-03-01T00:00:00Z'),
];
const stops: Record<number, ReadingStop> = {
  1: { page: 24, pageCount: 24, updatedAt: '2025-03-05T00:00:00Z' },
  3: { page: 6, pageCount: 24, updatedAt: '2025-03-04T00:00:00Z' },
};

/** A screen `width` px wide, as matchMedia answers for Bootstrap's md query. */
function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /min-width: 768px/.test(query) ? width >= 768 : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function setup({ url = '/user/purchases', known = true }: { url?: string; known?: boolean } = {}) {
  mockApi({ [`GET /api/shop/cart/${USER_ID}/comprado`]: { body: purchases } });
  const view = renderRoute(
    <PurchasesView userId={USER_ID} readingProgress={(id) => stops[id]} progressKnown={known} />,
    { path: '/user/purchases', url },
  );
  return { ...view, user: userEvent.setup() };
}

const cardNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe('My comics', () => {
  it("shows the spec's table on a wide screen by default, in the order bought", async () => {
    screenWidth(1280);
    setup();
    const table = await screen.findByRole('table', { name: 'My comics' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Purchase Detail', '#Issue number', 'Format', 'Price']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/ #\d+$/).textContent)).toEqual([
      'Night Watch #2',
      'Légion Étrange #1',
      'Légion Étrange #2',
      'Night Watch #1',
    ]);
    expect(rows[0]).toHaveTextContent(/^Night Watch #2BellsContinue \(page 6 of 24\)Download CBZ#2Digital\$2\.99$/);
    // Finished: read again from the first page.
    expect(within(rows[1]!).getByRole('link', { name: 'Read again' })).toHaveAttribute('href', '/user/read/1?page=1');
    expect(within(rows[2]!).getByRole('link', { name: 'Read' })).toHaveAttribute('href', '/user/read/2');
    // Each issue downloads DRM-free (issue 27).
    const download = within(rows[2]!).getByRole('link', { name: 'Download CBZ' });
    expect(download).toHaveAttribute('href', '/downloads/issues/2.cbz');
    expect(download).toHaveAttribute('download');
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
  });

  it('shelves the issues by series on a phone by default, each with its status, bar and way into the reader', async () => {
    screenWidth(390);
    setup();
    const legion = await screen.findByRole('region', { name: 'Légion Étrange' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    // The series with the latest purchase first; issue-number order within each.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Night Watch',
      'Légion Étrange',
    ]);
    expect(cardNames(screen.getByRole('region', { name: 'Night Watch' }))).toEqual([
      'Night Watch #1',
      'Night Watch #2',
    ]);
    expect(within(legion).getByText('2 issues · 1 finished')).toBeInTheDocument();

    const finished = within(legion).getByRole('article', { name: 'Légion Étrange #1' });
    expect(finished).toHaveTextContent('Les Gargouilles');
    expect(within(finished).getByText('Finished')).toBeInTheDocument();
    const finishedBar = within(finished).getByRole('progressbar', { name: 'Reading progress of Légion Étrange #1' });
    expect(finishedBar).toHaveAttribute('aria-valuenow', '100');
    expect(finishedBar).toHaveAttribute('aria-valuetext', 'Finished');
    expect(within(finished).getByRole('link', { name: 'Read again: Légion Étrange #1' })).toHaveAttribute(
      'href',
      '/user/read/1?page=1',
    );

    const reading = screen.getByRole('article', { name: 'Night Watch #2' });
    expect(within(reading).getByText('Reading (page 6 of 24)')).toBeInTheDocument();
    expect(within(reading).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(reading).getByRole('link', { name: 'Continue: Night Watch #2' })).toHaveAttribute(
      'href',
      '/user/read/3',
    );

    const unread = screen.getByRole('article', { name: 'Légion Étrange #2' });
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(within(unread).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(unread).getByRole('link', { name: 'Read: Légion Étrange #2' })).toHaveAttribute(
      'href',
      '/user/read/2',
    );
    expect(within(unread).getByRole('link', { name: 'Download CBZ: Légion Étrange #2' })).toHaveAttribute(
      'href',
      '/downloads/issues/2.cbz',
    );
  });

  it('shows no status before the reading shelf has loaded, rather than a wrong Unread', async () => {
    screenWidth(390);
    setup({ known: false });
    const card = await screen.findByRole('article', { name: 'Légion Étrange #1' });
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Unread|Finished/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Read: Légion Étrange #1' })).toBeInTheDocument();
  });

  it('remembers the view the user chose, over the screen’s default', async () => {
    screenWidth(1280);
    const first = setup();
    await screen.findByRole('table', { name: 'My comics' });
    await first.user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(await screen.findByRole('region', { name: 'Night Watch' })).toBeInTheDocument();
    expect(localStorage.getItem(LIBRARY_VIEW_STORAGE_KEY)).toBe('grid');
    first.unmount();

    const second = setup();
    expect(await screen.findByRole('region', { name: 'Night Watch' })).toBeInTheDocument();
    await second.user.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByRole('table', { name: 'My comics' })).toBeInTheDocument();
    expect(localStorage.getItem(LIBRARY_VIEW_STORAGE_KEY)).toBe('list');
  });

  it('orders the series and the list by the chosen sort, kept in the address', async () => {
    screenWidth(390);
    const { user, router } = setup();
    await screen.findByRole('region', { name: 'Night Watch' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('bought');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Recently bought', 'Recently read', 'Series', 'Title']);

    await user.selectOptions(sort, 'read');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Légion Étrange',
      'Night Watch',
    ]);
    expect(router.state.location.search).toBe('?sort=read');

    // Title: one list across the series, without headings.
    await user.selectOptions(sort, 'title');
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(cardNames(screen.getByRole('list', { name: 'My comics by title' }))).toEqual([
      'Night Watch #1',
      'Night Watch #2',
      'Légion Étrange #1',
      'Légion Étrange #2',
    ]);

    // The list view follows the same order.
    await user.click(screen.getByRole('radio', { name: 'List' }));
    const rows = within(await screen.findByRole('table', { name: 'My comics' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getByText(/ #\d+$/).textContent)).toEqual([
      'Night Watch #1',
      'Night Watch #2',
      'Légion Étrange #1',
      'Légion Étrange #2',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'bought');
    expect(router.state.location.search).toBe('');
  });

  it('searches by series, title or number, accents and case aside, and says when nothing matches', async () => {
    screenWidth(390);
    const { user, router } = setup({ url: '/user/purchases?q=legion' });
    const search = await screen.findByRole('searchbox', { name: 'Search my comics' });
    // The address's search is in the box on arrival.
    expect(search).toHaveValue('legion');
    expect(await screen.findByRole('region', { name: 'Légion Étrange' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Night Watch' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 4 issues');

    await user.clear(search);
    await user.type(search, 'BELLS');
    expect(cardNames(screen.getByRole('region', { name: 'Night Watch' }))).toEqual(['Night Watch #2']);
    expect(router.state.location.search).toBe('?q=BELLS');

    await user.clear(search);
    await user.type(search, '#1');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Légion Étrange #1',
      'Night Watch #1',
    ]);

    await user.clear(search);
    await user.type(search, 'gargoyle');
    expect(screen.getByText('No comics match “gargoyle”')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 of 4 issues');

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('keeps the empty library’s way to the catalogue', async () => {
    screenWidth(390);
    mockApi({ [`GET /api/shop/cart/${USER_ID}/comprado`]: { body: [] } });
    renderRoute(<PurchasesView userId={USER_ID} />, { path: '/user/purchases' });
    expect(await screen.findByText('You have not bought any comics yet')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
