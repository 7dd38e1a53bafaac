// /dashboard/orders (the spec does not show its contents): every order, newest first, a page at
// a time, with its date, buyer, issues, total, status and card; a status filter (All, Paid,
// Pending, Failed); and an order's detail in a dialog, where its confirmation e-mail can be sent
// again. The filter, the page and the open order live in the address (?status=paid&page=2&order=12),
// so a reload or a link from the dashboard opens the same view.
import Button from 'react-bootstrap/Button';
import { BsReceipt } from 'react-icons/bs';
import { useSearchParams } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { formatCount } from '@/lib/format';

import { ORDER_STATUS_CHOICES, ORDERS_PAGE_SIZE, useAdminOrders, type AdminOrderStatus } from '../api/get-admin-orders';
import { orderStatusLabels } from './admin-format';
import { OrderDetailModal } from './order-detail-modal';
import { OrdersTable } from './orders-table';

function parseStatus(value: string | null): AdminOrderStatus | null {
  return ORDER_STATUS_CHOICES.find((status) => status === value) ?? null;
}

function parseOrderId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function AdminOrders() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  const openOrderId = parseOrderId(searchParams.get('order'));
  const orders = useAdminOrders({ status, page });

  /** Changes some of the address's parameters, keeping the others. */
  function update(changes: Record<string, string | null>, options?: { replace?: boolean }) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, options);
  }

  const data = orders.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE)) : 1;
  const filters: { value: AdminOrderStatus | null; label: string }[] = [
    { value: null, label: 'All' },
    ...ORDER_STATUS_CHOICES.map((value) => ({ value, label: orderStatusLabels[value] })),
  ];

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-4">
        <h1 className="section-title mb-0">Orders</h1>
        {data && data.total > 0 ? (
          <span className="badge rounded-pill text-bg-secondary fs-6">
            {formatCount(data.total)}
            <span className="visually-hidden"> {data.total === 1 ? 'order' : 'orders'}</span>
          </span>
        ) : null}
      </div>

      <div className="d-flex flex-wrap align-items-center gap-2 mb-4" role="group" aria-label="Show orders by status">
        {filters.map((filter) => {
          const selected = filter.value === status;
          return (
            <Button
              key={filter.label}
              size="sm"
              variant={selected ? 'primary' : 'outline-secondary'}
              className="rounded-pill px-3"
              aria-pressed={selected}
              onClick={() => update({ status: filter.value, page: null })}
            >
              {filter.label}
            </Button>
          );
        })}
      </div>

      {!data ? (
        orders.isError ? (
          <ErrorState title="The orders could not be loaded" error={orders.error} onRetry={() => orders.refetch()} />
        ) : (
          <PageSpinner label="Loading the orders" />
        )
      ) : data.items.length === 0 ? (
        <div className="empty-state text-center py-5" role="status">
          <BsReceipt aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">
            {status ? `No ${orderStatusLabels[status].toLowerCase()} orders` : 'No orders yet'}
          </p>
          <p className="text-body-secondary mb-0">
            {status ? 'Orders with this status show here.' : 'Orders show here as soon as customers check out.'}
          </p>
        </div>
      ) : (
        <>
          {orders.isError && (
            <ErrorState
              title="The orders could not be reloaded"
              error={orders.error}
              onRetry={() => orders.refetch()}
            />
          )}
          <div className="mb-4">
            <OrdersTable
              orders={data.items}
              caption={status ? `${orderStatusLabels[status]} orders` : 'Orders'}
              showCard
              busy={orders.isFetching}
              open={{ onOpen: (order) => update({ order: String(order.id) }) }}
            />
          </div>
          <Pagination
            page={page}
            totalPages={totalPages}
            onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
            label="Order pages"
          />
        </>
      )}

      <OrderDetailModal orderId={openOrderId} onClose={() => update({ order: null }, { replace: true })} />
    </>
  );
}
