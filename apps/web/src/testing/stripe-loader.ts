// The stand-in for Stripe.js's loader every web test gets (setup.ts mocks
// '@stripe/stripe-js/pure' with it): one function per worker, so the checkout module a worker
// loaded once and the test programming it share it.
import { vi } from 'vitest';

export const loadStripe = vi.fn();
