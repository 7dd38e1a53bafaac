import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RatingHistogram } from './rating-histogram';

describe('RatingHistogram', () => {
  it('lists 5 stars down to 1 star, each with how many reviews gave it, as text', () => {
    render(<RatingHistogram histogram={{ 5: 2, 4: 1, 3: 0, 2: 1, 1: 0 }} />);
    const list = screen.getByRole('list', { name: 'Ratings by stars' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 stars,2 reviews',
      '4 stars,1 review',
      '3 stars,0 reviews',
      '2 stars,1 review',
      '1 star,0 reviews',
    ]);
  });

  it("draws each bar as that row's share of all reviews, hidden from assistive technology", () => {
    render(<RatingHistogram histogram={{ 5: 2, 4: 1, 3: 0, 2: 1, 1: 0 }} />);
    const rows = screen.getAllByRole('listitem');
    const bar = (row: HTMLElement) => row.querySelector<HTMLElement>('[aria-hidden="true"] > span');
    expect(rows.map((row) => bar(row)?.style.width)).toEqual(['50%', '25%', '0%', '25%', '0%']);
  });

  it('draws empty bars when there is no review', () => {
    render(<RatingHistogram histogram={{ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 }} />);
    for (const row of screen.getAllByRole('listitem')) {
      expect(row.querySelector<HTMLElement>('[aria-hidden="true"] > span')?.style.width).toBe('0%');
    }
  });
});
