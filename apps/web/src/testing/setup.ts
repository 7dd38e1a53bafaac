// Runs before every web test file: jest-dom matchers, and a clean DOM, storage and globals
// (a stubbed fetch) per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
