// The dashboard's chart of revenue (bars, dollars on the left axis), orders and declined card
// payments (lines, counts on the right axis) per day, drawn with Recharts. This module is the only one that imports
// Recharts, and the dashboard loads it lazily: the library stays out of every other page. SVG
// attributes cannot read the theme's CSS variables, so the colours come from the theme in use.
import type { ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';

import { formatCount } from '@/lib/format';
import { useTheme } from '@/lib/theme';

import type { StatsDay } from '../api/get-admin-stats';
import { formatDay, formatLongDay, formatMoney, plural } from './admin-format';

/** The chart's height in pixels; the panel's placeholder keeps the same so nothing jumps. */
export const REVENUE_CHART_HEIGHT = 300;

// Contrast of at least 3:1 against the card in each theme (WCAG 1.4.11 for graphics).
const palettes = {
  light: { revenue: '#d63333', orders: '#1f5fbf', declined: '#8a5a00', grid: '#dee2e6', text: '#595c5f' },
  dark: { revenue: '#ff6b6b', orders: '#8fb8ff', declined: '#ffc266', grid: '#2c313a', text: '#adb5bd' },
} as const;

/** '$1.2k' for an axis tick; whole dollars below a thousand. */
function formatAxisMoney(dollars: number): string {
  if (dollars >= 1000) return `$${(dollars / 1000).toFixed(dollars >= 10_000 ? 0 : 1)}k`;
  return `$${Math.round(dollars)}`;
}

type Palette = (typeof palettes)[keyof typeof palettes];

function DayTooltip({ active, payload, colours }: TooltipContentProps & { colours: Palette }) {
  const day = payload[0]?.payload as StatsDay | undefined;
  if (!active || !day) return null;
  return (
    <div className="chart-tooltip">
      <p className="fw-semibold mb-1">{formatLongDay(day.date)}</p>
      <p className="mb-0">
        <span className="chart-key" style={{ backgroundColor: colours.revenue }} aria-hidden="true" /> Revenue{' '}
        {formatMoney(day.revenue)}
      </p>
      <p className="mb-0">
        <span className="chart-key" style={{ backgroundColor: colours.orders }} aria-hidden="true" />{' '}
        {plural(day.orders, 'order', 'orders')}
      </p>
      <p className="mb-0">
        <span className="chart-key" style={{ backgroundColor: colours.declined }} aria-hidden="true" />{' '}
        {plural(day.declined, 'declined payment', 'declined payments')}
      </p>
    </div>
  );
}

export function RevenueChart({ days }: { days: readonly StatsDay[] }): ReactNode {
  const { theme } = useTheme();
  const colours = palettes[theme];
  const axisTick = { fill: colours.text, fontSize: 12 };

  return (
    <ResponsiveContainer
      width="100%"
      height={REVENUE_CHART_HEIGHT}
      // Before the first measurement (and where nothing can be measured): a sensible size.
      initialDimension={{ width: 640, height: REVENUE_CHART_HEIGHT }}
    >
      <ComposedChart
        data={[...days]}
        margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
        className="revenue-chart"
        // The panel hides the chart from assistive technology and offers the same figures as
        // text and a table: no focus stop that leads nowhere.
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={colours.grid} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(date: string) => formatDay(date)}
          tick={axisTick}
          stroke={colours.grid}
          minTickGap={24}
          tickMargin={6}
        />
        <YAxis
          yAxisId="revenue"
          tickFormatter={(value: number) => formatAxisMoney(value)}
          tick={axisTick}
          stroke={colours.grid}
          width={48}
          allowDecimals={false}
        />
        <YAxis
          yAxisId="orders"
          orientation="right"
          // Headroom above the busiest day, so the line's curve stays inside the plot; a multiple
          // of 4 so the five ticks fall on whole numbers.
          domain={[0, (busiest: number) => Math.max(4, Math.ceil((busiest * 1.25) / 4) * 4)]}
          tickFormatter={(value: number) => formatCount(value)}
          tick={axisTick}
          stroke={colours.grid}
          width={32}
          allowDecimals={false}
        />
        <Tooltip
          content={(props) => <DayTooltip {...props} colours={colours} />}
          cursor={{ fill: colours.grid, fillOpacity: 0.5 }}
        />
        <Legend wrapperStyle={{ color: colours.text, fontSize: 13, paddingTop: 4 }} />
        <Bar
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue ($)"
          fill={colours.revenue}
          radius={[3, 3, 0, 0]}
          maxBarSize={24}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          type="monotone"
          stroke={colours.orders}
          strokeWidth={2}
          dot={false}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
        <Line
          yAxisId="orders"
          dataKey="declined"
          name="Declined payments"
          type="monotone"
          stroke={colours.declined}
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={false}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
