// Memory of the embedded default (docs/product.md §15: at most 250 MB RSS at rest after the seed and
// after a shopper's 1,000 requests). Starts the built server as `npm start` does (no NODE_ENV,
// PGlite on a fresh temporary DATA_DIR, the demo catalogue seeded on first start), samples its
// RSS at rest, fires 1,000 mixed catalogue and reader requests, samples again, then restarts it on
// the seeded folder and samples once more. Not a test: it measures and reports.
//
// Options: --server FILE (apps/server/dist/server.js), --requests N (1000), --concurrency N (6,
// a browser's connections), --settle S (seconds at rest before a sample, 10), --port N (3320),
// --node-flags "…" (Node or V8 options to try instead of those `npm start` passes, e.g. "--max-semi-space-size=2").
// The breakdown comes from /proc/PID/smaps (WASM memories, malloc heaps, mapped files) and from
// memory-probe.mjs, preloaded into the server, which reports what V8 sees.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuyers, issuesOnSale, postJson } from './shop.mjs';
import { benchArgs, repoRoot } from './options.mjs';

const args = benchArgs();
const serverScript = path.resolve(repoRoot, args.server ?? 'apps/server/dist/server.js');
const requestCount = Number(args.requests ?? 1000);
const concurrency = Number(args.concurrency ?? 6);
const settleMs = Number(args.settle ?? 10) * 1000;
const port = Number(args.port ?? 3320);
/** The flags of package.json's start script (`node <flags> scripts/start.mjs`), unless told others. */
const startFlags = () => {
  const { start } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
  return start.split(' ').filter((word) => word.startsWith('--'));
};
const nodeFlags = args['node-flags']?.split(' ').filter(Boolean) ?? startFlags();
/** How long the SVG drawing helper stays after its last drawing (svg-drawing.ts), and a little more. */
const HELPER_IDLE_MS = 32_000;
const url = `http://127.0.0.1:${port}`;
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server as `npm start` runs it, plus the probe; stdout (the access log) is dropped. */
async function startServer(dataDir, probeFile) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      '--enable-source-maps',
      '--import',
      fileURLToPath(new URL('./memory-probe.mjs', import.meta.url)),
      serverScript,
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        MEMORY_PROBE_FILE: probeFile,
        // One client stands in for a shopper here; the per-IP budget for cache misses would
        // answer part of the 1,000 requests with 429 instead of doing their work.
        PUBLIC_READ_RATE_LIMIT_PER_IP: '0',
      },
    },
  );
  const deadline = Date.now() + 120_000;
  // The server's own peak is its VmHWM; with the helper that creates a new database, sampled here.
  let peakWithHelpers = 0;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${serverScript} exited with ${child.exitCode}`);
    try {
      peakWithHelpers = Math.max(peakWithHelpers, status(child.pid).rss + childrenRss(child.pid));
    } catch {
      // not started yet
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, readyMs: performance.now() - started, peakWithHelpers };
    await sleep(100);
  }
  child.kill();
  throw new Error(`${serverScript} did not start on port ${port}`);
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident kB of one process, split by what the mappings are (from /proc/PID/smaps). */
function residentParts(pid) {
  const maps = [];
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[4], rss: 0 };
      maps.push(current);
    } else if (current && line.startsWith('Rss:')) current.rss = Number(line.split(/\s+/)[1]);
  }
  const parts = { wasm: 0, mallocMain: 0, mallocThreads: 0, files: 0, otherAnonymous: 0 };
  const GUARD = 4n * 1024n ** 3n;
  const ARENA = 64n * 1024n * 1024n;
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    const followedBy = next && next.start === map.end ? next : null;
    // V8 reserves gigabytes of guard pages after a WASM memory's accessible part.
    if (followedBy?.perms === '---p' && followedBy.end - followedBy.start >= GUARD) parts.wasm += map.rss;
    else if (map.name === '[heap]') parts.mallocMain += map.rss;
    else if (map.name.startsWith('/')) parts.files += map.rss;
    // glibc gives each thread arena a 64 MiB-aligned reservation of 64 MiB.
    else if (map.start % ARENA === 0n && followedBy?.perms === '---p' && followedBy.end - map.start === ARENA)
      parts.mallocThreads += map.rss;
    else parts.otherAnonymous += map.rss;
  });
  return parts;
}

/** Resident kB of the server's child processes (the SVG drawing helper while it runs). */
function childrenRss(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.reduce((sum, child) => {
    try {
      return sum + status(Number(child)).rss;
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);
}

function status(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

/** What V8 sees, from the probe: asked by SIGUSR2, answered in a file. */
async function probe(pid, probeFile) {
  rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(probeFile); i++) await sleep(100);
  return JSON.parse(readFileSync(probeFile, 'utf8'));
}

async function sample(label, pid, probeFile) {
  // Sampled before the probe runs, so its own work never shows in RSS.
  const { rss, peak } = status(pid);
  const helpers = childrenRss(pid);
  const parts = residentParts(pid);
  const seen = await probe(pid, probeFile);
  return { label, rss, peak, helpers, parts, seen };
}

/** A deterministic shuffle (mulberry32), so every run sends the same requests in the same order. */
function shuffled(items, seed = 25) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const searchTerms = ['vanguard', 'vangard', 'crimson', 'night', 'legion', 'kraken', 'moon', 'gilded', 'frontier'];

/**
 * A shopper's mix: catalogue pages, comics, issues, searches, covers (SVG and the link preview's
 * JPEG, drawn by sharp), server-rendered pages; and the reader: pages listings, access, preview
 * pages of many issues and every page of an issue the buyer owns (generated pages are drawn on
 * first request). Weights sum to 1.
 */
async function shopperRequests(total) {
  const volumes = (await fetch(`${url}/api/comics?limit=100`).then((r) => r.json())).map((v) => v.id);
  const issues = await issuesOnSale(url, volumes.slice(0, 40), 200);
  const [buyer] = await createBuyers(url, 1, 'memory');
  const owned = issues[0];
  await postJson(
    url,
    '/api/shop/checkout',
    { carrito: [owned.id], id: buyer.paymentMethod, price: owned.cents },
    buyer.headers,
  );
  const token = (await fetch(`${url}/api/user/reading/${owned.id}`, { headers: buyer.headers }).then((r) => r.json()))
    .token;
  const listings = await Promise.all(
    issues.slice(0, 20).map((issue) => fetch(`${url}/api/issues/${issue.id}/pages`).then((r) => r.json())),
  );
  const previewImages = listings.flatMap((listing) =>
    listing.pages
      .filter((page) => page.number <= listing.previewPages)
      .flatMap((page) => page.widths.map((width) => `${listing.pagesBase}/${page.number}-${width}.webp`)),
  );
  const ownedListing = listings[0];
  const ownedImages = ownedListing.pages
    .filter((page) => page.number > ownedListing.previewPages)
    .flatMap((page) =>
      page.widths
        .filter((width) => width <= 1280)
        .map((width) => `${ownedListing.pagesBase}/${page.number}-${width}.webp?t=${encodeURIComponent(token)}`),
    );
  const pick = (list) => (i) => list[i % list.length];
  const mix = [
    [0.1, (i) => `/api/comics?page=${1 + (i % Math.ceil(150 / 12))}&limit=12`],
    [0.1, (i) => `/api/comics/${volumes[i % volumes.length]}`],
    [0.08, (i) => `/api/comics/issues/${volumes[i % volumes.length]}`],
    [0.04, (i) => `/api/comics/issues/rating/${volumes[i % volumes.length]}`],
    [0.06, (i) => `/api/comics/search?name=${searchTerms[i % searchTerms.length]}`],
    [0.01, () => '/api/publishers'],
    [0.03, (i) => (i % 2 ? '/' : '/home')],
    [0.03, (i) => `/cardDetail/${volumes[i % volumes.length]}`],
    [0.08, (i) => `/media/covers/volumes/${volumes[i % volumes.length]}.svg`],
    [0.04, (i) => `/media/covers/issues/${issues[i % issues.length].id}.svg`],
    [0.03, (i) => `/media/covers/volumes/${volumes[i % volumes.length]}.jpg`],
    [0.04, (i) => `/api/issues/${issues[i % issues.length].id}/pages`],
    [0.02, () => `/api/user/reading/${owned.id}`],
    [0.2, pick(previewImages)],
    [0.14, pick(ownedImages)],
  ];
  const list = mix.flatMap(([weight, path]) =>
    Array.from({ length: Math.round(weight * total) }, (_, i) => {
      const address = path(i);
      if (address.startsWith('/api/user/')) return { path: address, headers: buyer.headers };
      // The web app's pages answer a browser's navigation; other clients get 404.
      const page = !address.startsWith('/api/') && !address.startsWith('/media/');
      return { path: address, headers: page ? { accept: 'text/html' } : {} };
    }),
  );
  return shuffled(list).slice(0, total);
}

/** Sends the requests, `concurrency` at a time; answers the count per status and the peak RSS seen (with helpers'). */
async function fire(requests, pid) {
  const statuses = {};
  let peak = 0;
  let peakWithHelpers = 0;
  const watch = setInterval(() => {
    const rss = status(pid).rss;
    peak = Math.max(peak, rss);
    peakWithHelpers = Math.max(peakWithHelpers, rss + childrenRss(pid));
  }, 200);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { path: p, headers } = requests[next++];
      const response = await fetch(url + p, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearInterval(watch);
  return { statuses, peak, peakWithHelpers, seconds: (performance.now() - started) / 1000 };
}

const mb = (kB) => (kB / 1024).toFixed(0);
const mbBytes = (bytes) => (bytes / MB).toFixed(0);

function report(samples) {
  console.log(
    '\n| when | RSS | peak RSS so far | WASM (resident) | malloc main | malloc threads | mapped files | other anonymous (V8 heap…) | helper processes |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { label, rss, peak, helpers, parts } of samples) {
    console.log(
      `| ${label} | ${mb(rss)} | ${mb(peak)} | ${mb(parts.wasm)} | ${mb(parts.mallocMain)} | ${mb(parts.mallocThreads)} | ${mb(parts.files)} | ${mb(parts.otherAnonymous)} | ${mb(helpers)} |`,
    );
  }
  console.log('\nAs the process sees it (process.memoryUsage(), WebAssembly memories), MB:\n');
  console.log('| when | V8 heap used | V8 heap total | external | of which array buffers | WASM memories (size) |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const { label, seen } of samples) {
    const { heapUsed, heapTotal, external, arrayBuffers } = seen.usage;
    console.log(
      `| ${label} | ${mbBytes(heapUsed)} | ${mbBytes(heapTotal)} | ${mbBytes(external)} | ${mbBytes(arrayBuffers)} | ${seen.wasm.map(mbBytes).join(' + ')} |`,
    );
  }
}

async function main() {
  if (!existsSync(serverScript)) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-memory-'));
  const probeFile = path.join(dataDir, 'probe.json');
  const samples = [];
  try {
    let { child, readyMs, peakWithHelpers } = await startServer(dataDir, probeFile);
    console.log(
      `First start (create, migrate, seed) ready in ${(readyMs / 1000).toFixed(1)} s; peak RSS with helpers, sampled every 0.1 s or so: ${mb(peakWithHelpers)} MB`,
    );
    try {
      await sleep(settleMs);
      samples.push(await sample('at rest after the first start (seeded)', child.pid, probeFile));
      const requests = await shopperRequests(requestCount);
      const run = await fire(requests, child.pid);
      console.log(
        `${requests.length} requests in ${run.seconds.toFixed(1)} s, ${concurrency} at a time; answers by status: ${JSON.stringify(run.statuses)}; peak RSS while serving ${mb(run.peak)} MB (${mb(run.peakWithHelpers)} MB with the helper's)`,
      );
      samples.push(await sample(`right after ${requests.length} requests`, child.pid, probeFile));
      // At rest: the drawing helper has ended too.
      await sleep(Math.max(settleMs, HELPER_IDLE_MS));
      samples.push(await sample(`at rest after ${requests.length} requests`, child.pid, probeFile));
    } finally {
      await stopServer(child);
    }
    ({ child, readyMs } = await startServer(dataDir, probeFile));
    console.log(`Second start (seeded folder) ready in ${(readyMs / 1000).toFixed(1)} s`);
    try {
      await sleep(settleMs);
      samples.push(await sample('at rest after a restart on the seeded folder', child.pid, probeFile));
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nServer: ${path.relative(repoRoot, serverScript)}; RSS breakdown from /proc/PID/smaps, MB:`);
  report(samples);
}

await main();
