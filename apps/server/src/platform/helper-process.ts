// Starts one of the server's helper processes: short-lived work whose memory the server must not
// keep (drawing SVGs, creating the embedded database). A helper is a module of its own beside its
// caller's source, bundled (bundling.mjs) as an entry point beside server.js, and run from its
// TypeScript source by tsx in development and tests.
import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The helper `name` (a file name without extension) beside the caller's module, `import.meta.url`. */
export function forkHelper(callerUrl: string, name: string, args: string[], options: ForkOptions = {}): ChildProcess {
  const fromSource = callerUrl.endsWith('.ts');
  const file = fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl));
  return fork(file, args, { ...options, execArgv: fromSource ? ['--import', 'tsx'] : [] });
}
