// POST /api/payments/sandbox/payment-methods: the sandbox gateway's stand-in for Stripe.js's
// createPaymentMethod. The card's details go to our own server, which checks them and answers a
// payment method id (and the card's brand and last 4 digits); a refused card is a 400 whose
// `fields` (number, exp_month, exp_year, cvc) carry Stripe's messages.
import type { SandboxCardBody, SandboxPaymentMethod } from '@comics/shared/schemas/shop';

import { apiPost } from '@/lib/api-client';

export function createSandboxPaymentMethod(card: SandboxCardBody): Promise<SandboxPaymentMethod> {
  return apiPost<SandboxPaymentMethod>('/payments/sandbox/payment-methods', card);
}
