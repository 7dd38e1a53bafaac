// What the access log costs: the catalogue page on the embedded database with the demo catalogue
// (as `npm start` serves it), with default logging (one access line per request) and with
// LOG_LEVEL=warn (none), each beside the bare Fastify route in the same run. Each server writes
// its log lines to a file, as under a process manager, so the writes are real. Prints requests/s
// and the server's CPU time per request for each round, their medians and ratios, and how much
// each shop logged. Not a test: it measures and reports.
// Options (as run.mjs): --duration S (8), --rounds N (3), --connections N (50); --server FILE
// (apps/server/dist/server.js): another build of the server, to compare builds.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, pagesOf, startProcess, stop } from './run.mjs';

// run.mjs reads --duration and --connections from the same command line.
const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    server: { type: 'string', default: 'apps/server/dist/server.js' },
    connections: { type: 'string' },
  },
});
const rounds = Number(values.rounds ?? 3);
// The servers inherit this environment: the default shop must run the default level.
delete process.env.LOG_LEVEL;

/** A port the system just handed out: other benchmarks may hold the usual ones. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const workDir = mkdtempSync(path.join(tmpdir(), 'comics-bench-logging-'));

/** A shop on its own seeded data folder, its standard output appended to a log file. */
async function startShop(name, env) {
  const port = await freePort();
  const logFile = path.join(workDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = await startProcess(
    values.server,
    port,
    {
      SEED_DEMO: 'true',
      DEMO_ACCOUNTS: 'false',
      WEB_DIST: '',
      PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000',
      DATA_DIR: path.join(workDir, name),
      ...env,
    },
    { stdout: out },
  );
  closeSync(out);
  return { name, child, url: `http://127.0.0.1:${port}`, logFile };
}

/** How much a shop logged, start-up lines included (a handful among hundreds of thousands). */
function logSize(file) {
  const text = readFileSync(file);
  const lines = text.reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);
  return `${lines} log lines, ${(text.length / 1e6).toFixed(1)} MB${lines ? `, ${Math.round(text.length / lines)} bytes a line` : ''}`;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const barePort = await freePort();
  const bare = await startProcess('bench/bare-server.mjs', barePort, {});
  const shops = [await startShop('default', {}), await startShop('warn', { LOG_LEVEL: 'warn' })];
  const paths = pagesOf(150);
  const results = { bare: [], default: [], warn: [] };
  const cpu = { default: [], warn: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      results.bare.push((await measure(`http://127.0.0.1:${barePort}`, ['/bare'])).rps);
      // Alternate which shop goes first, so a drift of the machine's speed does not favour one.
      for (const shop of round % 2 ? [...shops].reverse() : shops) {
        const result = await measure(shop.url, paths, {}, { pid: shop.child.pid });
        results[shop.name].push(result.rps);
        cpu[shop.name].push(result.cpuUsPerRequest);
        if (result.errors) console.log(`${shop.name}: ${result.errors} errors`);
      }
      console.log(
        `round ${round + 1}: bare ${Math.round(results.bare[round])}, default ${Math.round(results.default[round])}, ` +
          `warn ${Math.round(results.warn[round])} requests/s; server CPU a request: ` +
          `default ${cpu.default[round].toFixed(0)} µs, warn ${cpu.warn[round].toFixed(0)} µs`,
      );
    }
  } finally {
    for (const shop of shops) await stop(shop.child);
    await stop(bare);
  }
  const ratios = (name, base) => results[name].map((rps, i) => rps / results[base][i]);
  console.log(
    `\nCatalogue page on PGlite (demo catalogue), ${rounds} rounds, medians:\n` +
      `  default logging: ${Math.round(median(results.default))} requests/s, ${median(ratios('default', 'bare')).toFixed(2)}x bare\n` +
      `  LOG_LEVEL=warn:  ${Math.round(median(results.warn))} requests/s, ${median(ratios('warn', 'bare')).toFixed(2)}x bare\n` +
      `  default / warn:  ${median(ratios('default', 'warn')).toFixed(2)} (per round: ${ratios('default', 'warn')
        .map((r) => r.toFixed(2))
        .join(', ')})\n` +
      `  server CPU a request: default ${median(cpu.default).toFixed(0)} µs, warn ${median(cpu.warn).toFixed(0)} µs\n` +
      shops.map(({ name, logFile }) => `\n  ${name}: ${logSize(logFile)}`).join(''),
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
