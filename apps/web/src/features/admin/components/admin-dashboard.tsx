// /dashboard/admin (docs/product.md §2 Admin screens: Dashboard): the four figures, the chart of
// revenue and orders per day, the 'Recent Orders' table (each order opens on the orders page)
// and the audit log. The figures and the audit log load separately: one failing leaves the other.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { BsReceipt } from 'react-icons/bs';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';

import { useAdminStats } from '../api/get-admin-stats';
import { AuditLog } from './audit-log';
import { OrdersTable } from './orders-table';
import { preloadRevenueChart, RevenueChartPanel } from './revenue-chart-panel';
import { StatCards } from './stat-cards';

/** The orders page with one order's detail open. */
export function orderDetailHref(orderId: number): string {
  return `${paths.dashboard.orders.getHref()}?order=${orderId}`;
}

export function AdminDashboard() {
  const stats = useAdminStats();
  const data = stats.data;
  useEffect(() => {
    // A failed download shows when the chart renders (its boundary offers the table instead).
    preloadRevenueChart().catch(() => undefined);
  }, []);

  return (
    <>
      <h1 className="section-title mb-4">Dashboard</h1>
      {!data ? (
        stats.isError ? (
          <ErrorState
            title="The shop's figures could not be loaded"
            error={stats.error}
            onRetry={() => stats.refetch()}
          />
        ) : (
          <PageSpinner label="Loading the shop's figures" />
        )
      ) : (
        <div className="d-flex flex-column gap-4">
          <StatCards stats={data} />
          <RevenueChartPanel days={data.days} />
          <section aria-labelledby="recent-orders-heading">
            <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
              <h2 id="recent-orders-heading" className="section-title h4 mb-0">
                Recent Orders
              </h2>
              <Link to={paths.dashboard.orders.getHref()} className="fw-semibold">
                See all orders
              </Link>
            </div>
            {data.recentOrders.length === 0 ? (
              <div className="empty-state text-center py-4">
                <BsReceipt aria-hidden="true" className="empty-state-icon mb-2" />
                <p className="fw-bold mb-1">No orders yet</p>
                <p className="small text-body-secondary mb-0">Orders show here as soon as customers check out.</p>
              </div>
            ) : (
              <OrdersTable
                orders={data.recentOrders}
                caption="Recent Orders"
                open={{ href: (order) => orderDetailHref(order.id) }}
              />
            )}
          </section>
        </div>
      )}
      <div className="mt-4">
        <AuditLog />
      </div>
    </>
  );
}
