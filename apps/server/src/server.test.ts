// The process as an operator runs it: it starts on its own database (metrics on their own port
// when asked), and on SIGTERM it drains (ready answers 503 while requests are still served),
// finishes the requests in flight, closes the database and releases the data folder, exiting 0
// with every log line written out (log output is buffered) and unmoved by a repeated signal.
// An unsafe setting stops it before it opens anything, with a message and a non-zero exit code.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../test/bundles';
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

// The server as `npm start` runs it: bundled, as the build makes dist/server.js.
let serverBundle: string;
beforeAll(async () => {
  serverBundle = await bundle('server');
});

/** Servers a test left running when it failed before stopping them: stopped before the next test. */
const running = new Set<ChildProcessByStdio<null, Readable, Readable>>();
afterEach(async () => {
  for (const child of running) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [serverBundle], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

describe('server process', () => {
  it('serves, then on SIGTERM drains, finishes the request in flight and shuts down, its log complete', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const drainMs = 1500;
    const child = startServer({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      WEB_DIST: '',
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
      SHUTDOWN_DRAIN_MS: String(drainMs),
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const shop = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init);

    let ready: Response | null = null;
    for (let i = 0; i < 200 && !ready?.ok; i++) {
      ready = await shop('/api/ready').catch(() => null);
      if (!ready?.ok) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready?.ok, output).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    // Metrics on their own port only.
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_requests_total{method="GET",route="/api/ready",status_code="200"}');
    expect((await shop('/metrics')).status).toBe(404);
    // The shop's probes say only their verdict; the instance's details are on the metrics port.
    expect(await ready!.json()).toEqual({ status: 'ready' });
    expect(await (await shop('/api/health')).json()).toEqual({ status: 'ok' });
    const details = await fetch(`http://127.0.0.1:${metricsPort}/ready`);
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({
      status: 'ready',
      instance: expect.stringMatching(new RegExp(`-${child.pid}$`)),
      pid: child.pid,
      checks: { database: { kind: 'pglite', reachable: true } },
    });
    expect(await (await fetch(`http://127.0.0.1:${metricsPort}/health`)).json()).toMatchObject({
      status: 'ok',
      pid: child.pid,
    });

    const account = { email: 'drain@example.com', username: 'Drain Test', password: 'secret-password-1' };
    const signup = await shop('/api/user/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, repeatpassword: account.password }),
    });
    expect(signup.status, await signup.text()).toBe(201);

    // A login whose body is still arriving when the signal comes: a request in flight.
    const body = JSON.stringify({ email: account.email, password: account.password });
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const signalled = performance.now();
    child.kill('SIGTERM');

    // Draining: not ready, yet alive and serving.
    let draining: Response | null = null;
    for (let i = 0; i < 50 && draining?.status !== 503; i++) {
      draining = await shop('/api/ready');
      if (draining.status !== 503) await new Promise((r) => setTimeout(r, 20));
    }
    expect(draining?.status, output).toBe(503);
    expect(await draining!.json()).toMatchObject({ status: 'draining' });
    // A second stop signal (Ctrl-C pressed again, a process manager signalling both the process
    // and its group) must not cut the shutdown short.
    child.kill('SIGTERM');
    expect((await shop('/api/health')).status).toBe(200);
    expect((await shop('/api/publishers')).status).toBe(200);
    expect(performance.now() - signalled).toBeLessThan(drainMs);

    // After the drain the server stops taking requests but finishes the one in flight.
    await new Promise((r) => setTimeout(r, drainMs - (performance.now() - signalled) + 300));
    const late = await shop('/api/health').then(
      (res) => res.status,
      () => 'refused',
    );
    expect(['refused', 503]).toContain(late);
    socket.write(body.slice(10));
    await once(socket, 'close');
    expect(answer, output).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');

    const [code] = await once(child, 'exit');
    expect(code, output).toBe(0);
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // The last lines (the shutdown, the request that finished during it) were still in the buffer.
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; url?: string; status?: number });
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'SIGTERM: closing' }));
    expect(logged).toContainEqual(expect.objectContaining({ url: '/api/user/login', status: 200 }));
  });

  it('refuses to start in production with the development sign-in on', async () => {
    const child = startServer({
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://comics.example',
      OIDC_DEV_PROVIDER: 'true',
      DATA_DIR: dataDir,
      WEB_DIST: '',
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot start: Invalid environment:\n {2}OIDC_DEV_PROVIDER=true is refused/);
    expect(stderr).not.toMatch(/\bat \S+ \(/); // a message for a person, not a stack trace
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST: '' };
    delete env.PUBLIC_URL;
    const child = startServer(env);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot start: Invalid environment:\n {2}PUBLIC_URL is required with NODE_ENV=production/);
  });

  it('warns at a production start whose PUBLIC_URL is plain http on a public host, and still serves', async () => {
    const port = await freePort();
    // The first test's data folder: a start on a database that is there already, as most starts are.
    const child = startServer({
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://comics.example',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      let ready: Response | null = null;
      for (let i = 0; i < 200 && !ready?.ok; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
        if (!ready?.ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready?.ok, output).toBe(true);
      expect(output).toMatch(/^WARNING: PUBLIC_URL=http:\/\/comics\.example is plain http on a host others reach/m);
      expect(await ready!.json()).toEqual({ status: 'ready' });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

/** npm packages only some shops use, loaded when first needed (import()), never at start. */
const LOADED_WHEN_USED = [
  'stripe',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@tus/server',
  '@tus/file-store',
  'sharp',
  'ioredis',
  'oidc-provider',
  'pdfjs-dist',
  '@napi-rs/canvas',
];

/** The npm packages a bundle file imports statically, through the chunks it imports (bundling.mjs). */
function packagesLoadedWith(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;"]*?"([^"]+)";/gm)) {
    if (specifier!.startsWith('./')) {
      for (const name of packagesLoadedWith(path.join(path.dirname(file), specifier!), seen)) packages.add(name);
    } else packages.add(specifier!);
  }
  return packages;
}

describe('the built server at start', () => {
  it('loads none of the packages only some shops use (payments by Stripe, media in S3, imports, images)', () => {
    const loaded = [...packagesLoadedWith(serverBundle)];
    expect(loaded).toContain('fastify');
    expect(
      loaded.filter((name) => LOADED_WHEN_USED.some((lazy) => name === lazy || name.startsWith(`${lazy}/`))),
    ).toEqual([]);
  });
});
