// Runs before every web test file: jest-dom matchers, and a clean DOM, storage and globals
// (a stubbed fetch) per test. Files share one module cache per worker (isolate: false).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Stripe.js comes from Stripe's servers, which no test reaches: every file gets the stand-in
// loader of stripe-loader.ts (the Stripe tests program it).
vi.mock('@stripe/stripe-js/pure', async () => ({ loadStripe: (await import('./stripe-loader')).loadStripe }));

// findBy/waitFor give up after 3 s instead of 1: a file's first render of a lazy route loads and
// transforms its modules, which on a loaded two-core machine (CI) takes more than a second. A
// wait ends as soon as what it waits for is there, so passing tests are no slower.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
