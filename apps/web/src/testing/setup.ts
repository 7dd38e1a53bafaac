// Runs before every web test file: jest-dom matchers, and a clean DOM, storage and globals
// (a stubbed fetch) per test. Files share one module cache per worker (isolate: false).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Stripe.js comes from Stripe's servers, which no test reaches: every file gets the stand-in
// loader of stripe-loader.ts (the Stripe tests program it).
vi.mock('@stripe/stripe-js/pure', async () => ({ loadStripe: (await import('./stripe-loader')).loadStripe }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
