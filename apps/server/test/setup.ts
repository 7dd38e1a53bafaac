// Runs before every server test file: an unexpected console.error is a failure, not noise.
import { afterEach, vi } from 'vitest';

const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const first = calls.map((args) => args.map(String).join(' ')).join('\n');
    consoleError.mockClear();
    throw new Error(`console.error was called:\n${first}`);
  }
});
