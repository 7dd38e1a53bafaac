import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render-route';

import type { CatalogQuery, ComicSummary } from '../types';
import { Catalog } from './catalog';
import { CatalogToolbar } from './catalog-toolbar';

const defaultQuery: CatalogQuery = { page: 1, publisher: null, sort: null, q: null };

function renderToolbar(query: Partial<CatalogQuery> = {}) {
  mockApi({ 'GET /api/publishers': { body: ['Aurora Comics'] } });
  const onSortChange = vi.fn();
  renderRoute(
    <CatalogToolbar
      query={{ ...defaultQuery, ...query }}
      onPublisherChange={() => undefined}
      onSortChange={onSortChange}
      onReset={() => undefined}
    />,
  );
  return { onSortChange, sort: screen.getByRole('combobox', { name: 'Sort comics' }) };
}

describe('CatalogueToolbar', () => {
  it("offers the spec's name orders, then Newest and Top rated", () => {
    const { sort } = renderToolbar();
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sort by name...', 'A - Z', 'Z - A', 'Newest', 'Top rated']);
    expect(sort).toHaveValue('');
  });

  it('tells the chosen order, and none for the placeholder', async () => {
    const { sort, onSortChange } = renderToolbar({ sort: 'name_desc' });
    expect(sort).toHaveValue('name_desc');
    await userEvent.selectOptions(sort, 'Newest');
    expect(onSortChange).toHaveBeenLastCalledWith('newest');
    await userEvent.selectOptions(sort, 'Top rated');
    expect(onSortChange).toHaveBeenLastCalledWith('top_rated');
    await userEvent.selectOptions(sort, 'Sort by name...');
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the order of the address', () => {
    expect(renderToolbar({ sort: 'top_rated' }).sort).toHaveValue('top_rated');
  });
});

describe('Catalogue order', () => {
  const card = (id: number, name: string): ComicSummary => ({
    id,
    name,
    deck: null,
    start_year: 2020,
    image: `/media/covers/volumes/${id}.svg`,
    publisher: 'Aurora Comics',
    price_min: 1.99,
    price_max: 2.99,
    rating_average: id === 2 ? 4.5 : null,
    rating_count: id === 2 ? 2 : 0,
  });

  it('keeps the chosen order in the address, back on page 1, and asks the server for it', async () => {
    const { calls } = mockApi({
      'GET /api/publishers': { body: ['Aurora Comics'] },
      'GET /api/comics': (_body, url) => ({
        body: url.searchParams.get('sort') === 'top_rated' ? [card(2, 'Best'), card(1, 'Other')] : [card(1, 'Other')],
        headers: { 'X-Total-Count': '30' },
      }),
    });
    const { router } = renderRoute(<Catalog area="public" />, { path: '/home', url: '/home?page=2' });
    await screen.findByRole('link', { name: 'Other' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort comics' }), 'Top rated');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=top_rated'));
    await screen.findByRole('link', { name: 'Best' });
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/comics').at(-1)?.query).toMatchObject({
      page: '1',
      sort: 'top_rated',
    });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort comics' }), 'Newest');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=newest'));
  });
});
