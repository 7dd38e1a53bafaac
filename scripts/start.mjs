// `npm start`: builds the web app and the server when their sources are newer than the
// last build (so the first start on a fresh clone builds, and later starts are instant),
// then runs the server in this same process: one Node process serves the shop, not a launcher
// waiting on a server (each Node process costs about 50 MB), and stop signals reach the server
// itself, which shuts down gracefully on SIGTERM and SIGINT (server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/server/src', 'packages/shared/src'];
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = Math.min(
  ...outputs.map((o) => (existsSync(path.join(root, o)) ? statSync(path.join(root, o)).mtimeMs : 0)),
);
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the shop (first start, or sources changed)…');
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Stack traces name the TypeScript sources (what --enable-source-maps did for the child process).
process.setSourceMapsEnabled(true);
process.chdir(root);
// NODE_ENV is left to the caller: unset, the server runs the demo shop (development sign-in
// provider, demo accounts printed); a real deployment sets NODE_ENV=production and PUBLIC_URL
// (ADR 005; the server refuses a production start without PUBLIC_URL).
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
