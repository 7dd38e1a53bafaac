import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { getPageWindow } from '@/lib/pagination';

import { Pagination } from './pagination';

function pageNumbers() {
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  // Gap markers are hidden from assistive technology, so read the list items directly.
  return Array.from(nav.querySelectorAll('li'), (item) => item.textContent);
}

describe('getPageWindow', () => {
  it('lists every page of a short range', () => {
    expect(getPageWindow(1, 1)).toEqual([1]);
    expect(getPageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shortens a long range around the current page, keeping the first and last', () => {
    expect(getPageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 'gap-end', 50]);
    expect(getPageWindow(4, 50)).toEqual([1, 2, 3, 4, 5, 'gap-end', 50]);
    expect(getPageWindow(5, 50)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 50]);
    expect(getPageWindow(25, 50)).toEqual([1, 'gap-start', 24, 25, 26, 'gap-end', 50]);
    expect(getPageWindow(47, 50)).toEqual([1, 'gap-start', 46, 47, 48, 49, 50]);
    expect(getPageWindow(50, 50)).toEqual([1, 'gap-start', 46, 47, 48, 49, 50]);
  });

  it('keeps the same number of slots while paging through a long range', () => {
    for (let page = 1; page <= 40; page++) expect(getPageWindow(page, 40)).toHaveLength(7);
  });

  it('always includes the current page and its neighbours', () => {
    for (let page = 1; page <= 30; page++) {
      const window = getPageWindow(page, 30);
      expect(window).toContain(page);
      if (page > 1) expect(window).toContain(page - 1);
      if (page < 30) expect(window).toContain(page + 1);
    }
  });

  it('clamps an out-of-range page and is empty without pages', () => {
    expect(getPageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(getPageWindow(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('renders Prev, every page of a short range, and Next', () => {
    render(<Pagination page={2} totalPages={4} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual(['Prev', '1', '2', '3', '4', 'Next']);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).not.toHaveAttribute('aria-current');
  });

  it('disables Prev on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pagination page={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shortens a long range with gaps', () => {
    render(<Pagination page={10} totalPages={20} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual(['Prev', '1', '…', '9', '10', '11', '…', '20', 'Next']);
    expect(screen.queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
  });

  it('reports the page chosen with Prev, Next or a number', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={5} totalPages={20} onPageChange={onPageChange} />);

    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    await user.click(screen.getByRole('button', { name: 'Page 5' }));

    expect(onPageChange.mock.calls).toEqual([[4], [6], [20]]);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
