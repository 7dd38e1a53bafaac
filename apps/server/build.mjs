// Bundles the server and its command-line tools into dist/ with esbuild. npm packages stay
// external (installed in node_modules); the workspace's own TypeScript, including
// @comics/shared, is compiled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@comics/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    // Helper processes (src/platform/helper-process.ts finds them beside server.js).
    'svg-drawing-process': 'src/modules/media/svg-drawing-process.ts',
    'pglite-initdb-process': 'src/db/pglite-initdb-process.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'drizzle-orm/*', '@electric-sql/pglite/*'],
  logLevel: 'warning',
});
