// An order's status as a badge: Paid, Pending or Failed, in colours readable in both themes.
import type { AdminOrderStatus } from '@comics/shared/schemas/admin';

import { orderStatusLabels, orderStatusTones } from './admin-format';

export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  const tone = orderStatusTones[status];
  return (
    <span
      className={`badge rounded-pill border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle order-status`}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
