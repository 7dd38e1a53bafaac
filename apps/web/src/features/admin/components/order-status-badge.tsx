// An order's status as a badge: Paid, Pending or Failed, or Taken back for a paid order whose
// comics an administrator took back, in colours readable in both themes.
import type { AdminOrderStatus } from '@comics/shared/schemas/admin';

import { orderStatusLabels, orderStatusTones, TAKEN_BACK_LABEL } from './admin-format';

type OrderStatusBadgeProps = {
  status: AdminOrderStatus;
  /** The order's comics were taken back (it stays paid): said instead of 'Paid'. */
  takenBack?: boolean;
};

export function OrderStatusBadge({ status, takenBack = false }: OrderStatusBadgeProps) {
  const tone = takenBack ? 'secondary' : orderStatusTones[status];
  return (
    <span
      className={`badge rounded-pill border bg-${tone}-subtle text-${tone}-emphasis border-${tone}-subtle order-status`}
    >
      {takenBack ? TAKEN_BACK_LABEL : orderStatusLabels[status]}
    </span>
  );
}
