// 'Revenue and orders' on the dashboard: a summary of the period in words, the chart (Recharts,
// loaded lazily, so its download starts only on this page and the figures above never wait for
// it) and the same figures as a table behind 'Show as table', for anyone who cannot read a chart.
// Beside them, each day's declined card payments: a sudden crowd of them is card testing.
import { sumDollars } from '@comics/shared/money';
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

import { formatCount } from '@/lib/format';

import type { StatsDay } from '../api/get-admin-stats';
import { formatLongDay, formatMoney, plural } from './admin-format';
// A type only, erased from the build: the module itself loads lazily below.
import type { RevenueChart as RevenueChartComponent } from './revenue-chart';

let revenueChartModule: Promise<{ RevenueChart: typeof RevenueChartComponent }> | undefined;

/**
 * Starts downloading the chart (Recharts) without drawing it: the dashboard calls this as it
 * mounts, so the library arrives while the figures are still being fetched, not after.
 */
export function preloadRevenueChart() {
  revenueChartModule ??= import('./revenue-chart');
  return revenueChartModule;
}

const RevenueChart = lazy(() => preloadRevenueChart().then((module) => ({ default: module.RevenueChart })));

/** Keep in step with REVENUE_CHART_HEIGHT (revenue-chart.tsx), which cannot be imported here without loading the chart. */
const CHART_HEIGHT = 300;

/** The period in words: totals, the best day, and the declined payments if there were any. */
export function summariseDays(days: readonly StatsDay[]): string {
  const revenue = sumDollars(days.map((day) => day.revenue));
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const declined = days.reduce((sum, day) => sum + day.declined, 0);
  const period = `Over the last ${days.length} days`;
  const declines = declined > 0 ? ` ${plural(declined, 'card payment was', 'card payments were')} declined.` : '';
  if (orders === 0 && revenue === 0) return `${period}: no paid orders.${declines}`;
  const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top));
  return `${period}: ${formatMoney(revenue)} from ${plural(orders, 'order', 'orders')}. Best day: ${formatLongDay(best.date)} (${formatMoney(best.revenue)}).${declines}`;
}

export function RevenueChartPanel({ days }: { days: readonly StatsDay[] }) {
  const [showTable, setShowTable] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const tableShown = showTable || chartFailed;

  return (
    <section className="card admin-panel" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
          <div>
            <h2 id={headingId} className="h5 fw-bold mb-1">
              Revenue and orders per day
            </h2>
            <p className="small text-body-secondary mb-0">{summariseDays(days)}</p>
          </div>
          {!chartFailed && (
            <Button
              variant="outline-secondary"
              size="sm"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? 'Hide the table' : 'Show as table'}
            </Button>
          )}
        </div>

        {chartFailed ? (
          <p className="small text-body-secondary" role="status">
            The chart could not be loaded; the table below has the same figures.
          </p>
        ) : (
          // The chart is for the eye; the summary above and the table say the same in text.
          <div className="revenue-chart-frame" aria-hidden="true">
            <ChartBoundary onError={() => setChartFailed(true)}>
              <Suspense fallback={<ChartPlaceholder />}>
                <RevenueChart days={days} />
              </Suspense>
            </ChartBoundary>
          </div>
        )}

        <div id={tableId} hidden={!tableShown}>
          {tableShown && <DaysTable days={days} />}
        </div>
      </div>
    </section>
  );
}

function ChartPlaceholder() {
  return (
    <div className="d-flex align-items-center justify-content-center" style={{ height: CHART_HEIGHT }}>
      <Spinner animation="border" variant="secondary" aria-hidden="true" />
    </div>
  );
}

export function DaysTable({ days }: { days: readonly StatsDay[] }) {
  const revenue = sumDollars(days.map((day) => day.revenue));
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const declined = days.reduce((sum, day) => sum + day.declined, 0);
  return (
    // It scrolls (30 rows): focusable, so a keyboard can scroll it too.
    <div
      className="table-responsive admin-table-wrap days-table-wrap mt-3"
      tabIndex={0}
      role="region"
      aria-label="Revenue and orders per day, as a table"
    >
      {/* On a phone each day is a card: the day, then its three figures, labelled (styles/app.css). */}
      <table className="table table-sm admin-table days-table mb-0">
        <caption className="visually-hidden">Revenue and orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="text-end">
              Orders
            </th>
            <th scope="col" className="text-end">
              Revenue
            </th>
            <th scope="col" className="text-end">
              Declined
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="fw-normal text-nowrap">
                <time dateTime={day.date}>{formatLongDay(day.date)}</time>
              </th>
              <td className="text-end">{formatCount(day.orders)}</td>
              <td className="text-end">{formatMoney(day.revenue)}</td>
              <td className="text-end">{formatCount(day.declined)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-bold">
            <th scope="row">Total</th>
            <td className="text-end">{formatCount(orders)}</td>
            <td className="text-end">{formatMoney(revenue)}</td>
            <td className="text-end">{formatCount(declined)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Catches a chart that failed to download or draw: the table takes its place, the page stays. */
class ChartBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
