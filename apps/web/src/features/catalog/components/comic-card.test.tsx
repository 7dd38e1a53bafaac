import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/testing/render-route';

import type { ComicSummary } from '../types';
import { ComicCard } from './comic-card';

const comic: ComicSummary = {
  id: 7,
  name: 'Night Watch',
  deck: null,
  start_year: 2019,
  image: '/media/covers/volumes/7.svg',
  publisher: 'Aurora Comics',
  price_min: 1.99,
  price_max: 3.99,
  rating_average: 4.17,
  rating_count: 12,
};

const renderCard = (overrides: Partial<ComicSummary> = {}) =>
  renderRoute(<ComicCard comic={{ ...comic, ...overrides }} area="user" />);

describe('ComicCard', () => {
  it("shows the comic with its issues' price range and their average as stars with the count", () => {
    renderCard();
    const card = screen.getByRole('article');
    expect(screen.getByRole('link', { name: 'Night Watch' })).toHaveAttribute('href', '/user/cardDetail/7');
    expect(card).toHaveTextContent('2019 · Aurora Comics');
    expect(card).toHaveTextContent('$1.99 – $3.99');
    expect(screen.getByRole('img', { name: 'Rated 4.2 out of 5 from 12 reviews' })).toBeInTheDocument();
    // The figures beside the stars are for the eye; the stars' label says them once to a screen reader.
    expect(card).toHaveTextContent('4.2 (12)');
  });

  it('shows one price when every issue costs the same, and one review as one', () => {
    renderCard({ price_min: 1.99, price_max: 1.99, rating_average: 5, rating_count: 1 });
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('$1.99');
    expect(card).not.toHaveTextContent('–');
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeInTheDocument();
  });

  it('shows no rating for a comic nobody has reviewed, and no price for one without issues', () => {
    renderCard({ rating_average: null, rating_count: 0 });
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('$1.99 – $3.99');

    renderCard({ id: 8, price_min: null, price_max: null, rating_average: null, rating_count: 0 });
    const [, bare] = screen.getAllByRole('article');
    expect(bare).not.toHaveTextContent('$');
  });

  it('counts thousands of reviews the way the catalogue counts comics', () => {
    renderCard({ rating_average: 3.456, rating_count: 12345 });
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5 from 12,345 reviews' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('3.5 (12,345)');
  });
});
