// The process as an operator runs it: it starts on its own database, and on SIGTERM it
// finishes, closes the database and releases the data folder, exiting 0. An unsafe setting
// stops it before it opens anything, with a message and a non-zero exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from './paths';

/** A port the system just handed out and nobody holds (a random pick could land on one in use). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server process', () => {
  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));

    let health: Response | null = null;
    for (let i = 0; i < 200 && !health?.ok; i++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (!health?.ok) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.ok, output).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code, output).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('refuses to start in production with the development sign-in on', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: { ...process.env, NODE_ENV: 'production', OIDC_DEV_PROVIDER: 'true', DATA_DIR: dataDir, WEB_DIST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot start: Invalid environment:\n {2}OIDC_DEV_PROVIDER=true is refused/);
    expect(stderr).not.toMatch(/\bat \S+ \(/); // a message for a person, not a stack trace
  });
});
