// `npm start`: builds the web app and the server when their sources are newer than the
// last build (so the first start on a fresh clone builds, and later starts are instant),
// then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  // NODE_ENV is left to the caller: unset, the server runs the demo shop (development sign-in
  // provider, demo accounts printed); a real deployment sets NODE_ENV=production and PUBLIC_URL
  // (ADR 005; the server refuses a production start without PUBLIC_URL).
  env: process.env,
});
// Pass stop signals on, so the server shuts down gracefully under a process manager too.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
