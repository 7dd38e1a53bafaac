// Runs before every server test file: an unexpected console.error is a failure, not noise.
import { afterAll, afterEach, vi } from 'vitest';
import { runFileCleanups } from './file-cleanups';

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    consoleError.mockClear();
    throw new Error(`console.error was called:\n${first}`);
  }
});

// Each file's apps, databases and folders close after it (see file-cleanups.ts).
afterAll(runFileCleanups);
