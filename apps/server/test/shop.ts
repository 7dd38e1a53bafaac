// What tests that buy need: issues the sandbox can charge, handed out so that no two tests of a
// file share one, and sandbox payment methods for Stripe's test cards.
import { asc, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { issues } from '../src/db/schema/catalog';

export const GOOD_CARD = '4242424242424242';

export interface PricedIssue {
  id: number;
  priceCents: number;
}

/** Up to `limit` seeded issues the sandbox can charge (like Stripe, at least $0.50), by id; `take` hands out unused ones. */
export async function chargeableIssues(database: DatabaseHandle, limit: number) {
  const pool: PricedIssue[] = await database.db
    .select({ id: issues.id, priceCents: issues.priceCents })
    .from(issues)
    .where(gt(issues.priceCents, 99))
    .orderBy(asc(issues.id))
    .limit(limit);
  let next = 0;
  return {
    /** `count` issues no earlier call handed out. */
    take: (count: number) => pool.slice(next, (next += count)),
  };
}

export { totalCentsOf } from '../src/modules/checkout/repository';

/** A sandbox payment method for the card `number` (the good card by default), made by the signed-in caller. */
export async function sandboxPaymentMethod(
  app: FastifyInstance,
  headers: Record<string, string>,
  number = GOOD_CARD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/payment-methods',
    headers,
    payload: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}
