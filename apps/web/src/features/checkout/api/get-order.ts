// GET /api/shop/orders/{orderId}: where an order stands. After Stripe's 3-D Secure step the payment
// is confirmed between Stripe and the server, so the screen asks until the order leaves
// `pending`.
import type { OrderStatus } from '@comics/shared/schemas/shop';

import { apiGet } from '@/lib/api-client';

export type { OrderStatus };

export function getOrder(orderId: number, signal?: AbortSignal): Promise<OrderStatus> {
  return apiGet<OrderStatus>(`/shop/orders/${orderId}`, { signal });
}

const POLL_EVERY_MS = 1500;
const POLL_FOR_MS = 90_000;

/** Asks until the order is paid or failed; after 90 s, answers the last (still pending) status. */
export async function waitForOrder(
  orderId: number,
  { everyMs = POLL_EVERY_MS, forMs = POLL_FOR_MS }: { everyMs?: number; forMs?: number } = {},
): Promise<OrderStatus> {
  const deadline = Date.now() + forMs;
  for (;;) {
    const order = await getOrder(orderId);
    if (order.status !== 'pending' || Date.now() >= deadline) return order;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
