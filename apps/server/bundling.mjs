// How the server is bundled, for the build (build.mjs) and for the tests that start its processes
// (test/bundles.ts), so both run the same code: npm packages stay external (installed in
// node_modules); the workspace's own TypeScript, @comics/shared included, is compiled in.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@comics/'));

/** Helper processes, found beside the bundle that starts them (src/platform/helper-process.ts). */
const helperEntries = {
  'svg-drawing-process': 'src/modules/media/svg-drawing-process.ts',
  'pglite-initdb-process': 'src/db/pglite-initdb-process.ts',
  'pdf-pages-process': 'src/modules/reader/pdf-pages-process.ts',
  // A worker thread's script (src/modules/reader/unrar-thread.ts), found beside its bundle the same way.
  'unrar-worker': 'src/modules/reader/unrar-worker.ts',
};

/** Bundles `entryPoints` (name → source under apps/server) and every helper process into `outdir`. */
export function bundleServer({ entryPoints, outdir, sourcemap = false }) {
  return build({
    absWorkingDir: serverRoot,
    entryPoints: { ...entryPoints, ...helperEntries },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    external: [...external, 'drizzle-orm/*', '@electric-sql/pglite/*'],
    // A module imported with import() is a chunk of its own, loaded when first imported, and so
    // are the npm packages it imports (the AWS SDK, Stripe's, tus's): a shop that does not use
    // them never loads them. Modules shared by entries are chunks they share.
    splitting: true,
    // Beside the entries: modules find helpers and folders from their own address (import.meta.url).
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
}
