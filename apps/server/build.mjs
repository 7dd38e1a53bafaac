// Bundles the server, its command-line seed and its helper processes into dist/ (bundling.mjs).
import { bundleServer } from './bundling.mjs';

await bundleServer({
  entryPoints: { server: 'src/server.ts', seed: 'src/cli/seed.ts' },
  outdir: 'dist',
  sourcemap: true,
});
