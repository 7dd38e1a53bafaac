// What a test file opened (apps, databases, folders), closed once after the file, newest first
// (apps before their databases). setup.ts runs them after every file: the server projects share
// one module cache per worker (isolate: false), so a hook registered when this module loads
// would belong to the first file only.
type Cleanup = () => Promise<unknown> | unknown;

const cleanups: Cleanup[] = [];

/** Runs after the current file's tests; `last` runs it after everything else of the file. */
export function afterFile(cleanup: Cleanup, options: { last?: boolean } = {}): void {
  if (options.last) cleanups.unshift(cleanup);
  else cleanups.push(cleanup);
}

export async function runFileCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
