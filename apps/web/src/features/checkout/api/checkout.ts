// POST /api/shop/checkout (docs/product.md §7): the cart's issues, the payment method and the total in
// cents, with an Idempotency-Key naming this attempt: a retry of the same attempt (after a lost
// answer) can never charge twice. The server charges its own prices; `price` only lets it refuse
// a total the visitor did not see (409 price_mismatch).
import type { CheckoutAnswer, CheckoutBody } from '@comics/shared/schemas/shop';

import { apiPost } from '@/lib/api-client';

export type { CheckoutAnswer };

export function checkout(body: CheckoutBody, idempotencyKey: string): Promise<CheckoutAnswer> {
  return apiPost<CheckoutAnswer>('/shop/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
