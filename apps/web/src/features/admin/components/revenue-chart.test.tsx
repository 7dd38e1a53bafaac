import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { statsDays } from './admin-test-data';
import { RevenueChart } from './revenue-chart';

function bars(container: HTMLElement) {
  return [...container.querySelectorAll('.recharts-bar-rectangle path')];
}

describe('RevenueChart', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: give the chart's container the size a browser would.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const sized = this.classList.contains('recharts-responsive-container');
      return DOMRect.fromRect({ x: 0, y: 0, width: sized ? 640 : 0, height: sized ? 300 : 0 });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws the days series: a revenue bar for each day that earned, the orders and declines lines, the days and both scales', async () => {
    const { container } = render(<RevenueChart days={statsDays()} />);
    expect(await screen.findByText('30 May')).toBeInTheDocument();
    expect(screen.getByText('2 May')).toBeInTheDocument();
    // Two days earned (3 May: $12.50, 17 May: $5,439.60); the tallest bar is 17 May's.
    const drawn = bars(container);
    expect(drawn).toHaveLength(2);
    const heights = drawn.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBeGreaterThan(heights[0]! * 100);
    // Revenue on the left in dollars, orders on the right.
    expect(screen.getByText('$1.5k')).toBeInTheDocument();
    expect(screen.getByText('45')).toBeInTheDocument();
    const [orders, declined] = container.querySelectorAll('.recharts-line-curve');
    expect(orders).toHaveAttribute('stroke', '#1f5fbf');
    // Declines dashed, in a colour of their own.
    expect(declined).toHaveAttribute('stroke', '#8a5a00');
    expect(declined).toHaveAttribute('stroke-dasharray', '5 4');
    expect(screen.getByText('Revenue ($)')).toBeInTheDocument();
    expect(screen.getByText('Orders')).toBeInTheDocument();
    expect(screen.getByText('Declined payments')).toBeInTheDocument();
  });

  it("draws in the dark theme's colours", async () => {
    localStorage.setItem('theme', 'dark');
    const { container } = render(<RevenueChart days={statsDays()} />);
    await screen.findByText('30 May');
    expect(bars(container)[0]).toHaveAttribute('fill', '#ff6b6b');
    const [orders, declined] = container.querySelectorAll('.recharts-line-curve');
    expect(orders).toHaveAttribute('stroke', '#8fb8ff');
    expect(declined).toHaveAttribute('stroke', '#ffc266');
  });
});
