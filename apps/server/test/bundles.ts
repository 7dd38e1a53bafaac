// The server's processes bundled as the build bundles them for production (bundling.mjs), for the
// tests that start them: a process started from a bundle takes a third of the CPU that tsx spends
// loading the sources module by module at each start (1 s against 2.6 s for the server), and these
// tests start a dozen.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../bundling.mjs';
import { serverRoot } from '../src/paths';
import { afterFile } from './file-cleanups';

const entries = {
  server: 'src/server.ts',
  'create-admin': 'src/cli/create-admin.ts',
  import: 'src/cli/import.ts',
};

const PREFIX = '.test-bundle-';

/** Folders of runs stopped before their clean-up (an hour old: no run takes that long). */
function removeAbandonedBundles(): void {
  for (const name of readdirSync(serverRoot).filter((entry) => entry.startsWith(PREFIX))) {
    const folder = path.join(serverRoot, name);
    const modified = statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modified > 3_600_000) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The entry bundled with its helpers into a folder of its own, removed after the test file; its
 * path, to run with `node`. The folder sits in apps/server, as dist/ does: the bundle finds the
 * migrations and the npm packages from where it is (src/paths.ts).
 */
export async function bundle(entry: keyof typeof entries): Promise<string> {
  removeAbandonedBundles();
  const outdir = mkdtempSync(path.join(serverRoot, PREFIX));
  afterFile(() => rmSync(outdir, { recursive: true, force: true }), { last: true });
  await bundleServer({ entryPoints: { [entry]: entries[entry] }, outdir });
  return path.join(outdir, `${entry}.js`);
}
