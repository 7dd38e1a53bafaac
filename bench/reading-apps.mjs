// `npm run bench:reading-apps`: what reading apps ask for (issue 27), on the embedded database (the
// demo catalogue, as `npm start` runs it) and on PostgreSQL (a throwaway database with the same
// catalogue), with the settings a user runs (info logging on). A buyer owns a few issues, has read
// into one and signs in as apps do, by an app password over HTTP Basic. First an owned issue
// streamed page by page (OPDS-PSE) and downloaded as CBZ, first (pages drawn and converted) and
// again (stored); then each feed and a streamed page under load, measured right after the bare
// Fastify route in alternation, with its ratio to it (DESIGN.md's budget for OPDS feeds, as for
// every signed-in read: at least 0.4 of the bare route, p99 at most 20 ms at 50 connections).
// Prints figures; not a test.
// Options: --duration S (8), --rounds N (3), --connections N (50), --server FILE,
// --databases pglite,postgres (both).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchArgs } from './options.mjs';
import { measure, startProcess, stop } from './run.mjs';
import { createBuyers, issuesOnSale, postJson } from './shop.mjs';

const args = benchArgs();
const serverScript = args.server ?? 'apps/server/dist/server.js';
const rounds = Number(args.rounds ?? 3);
const databases = (args.databases ?? 'pglite,postgres').split(',');
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 4811;
const url = `http://127.0.0.1:${port}`;
const bareUrl = 'http://127.0.0.1:4812';
const common = {
  SEED_DEMO: 'true',
  DEMO_ACCOUNTS: 'false',
  WEB_DIST: '',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000',
  PAYMENT_GATEWAY: 'sandbox',
};
const ms = (start) => `${(performance.now() - start).toFixed(0)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const basic = (login, password) => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

/** A buyer who owns `count` issues (one order), has read to page 3 of the first, and an app password. */
async function readingAppUser(count) {
  const [buyer] = await createBuyers(url, 1, 'reading-app');
  const volumes = (await fetch(`${url}/api/comics?page=1&limit=12`).then((r) => r.json())).map((v) => v.id);
  const owned = await issuesOnSale(url, volumes, count);
  const cents = owned.reduce((sum, issue) => sum + issue.cents, 0);
  const carrito = owned.map((issue) => issue.id);
  await postJson(url, '/api/shop/checkout', { carrito, id: buyer.paymentMethod, price: cents }, buyer.headers);
  const first = owned[0].id;
  await fetch(`${url}/api/user/reading/${first}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...buyer.headers },
    body: JSON.stringify({ page: 3 }),
  });
  const made = await postJson(url, '/api/user/app-passwords', { name: 'Bench reader' }, buyer.headers);
  return { buyer, first, app: basic(buyer.email, made.password) };
}

/** An owned issue streamed page by page, then downloaded, twice: first drawn and converted, then stored. */
async function firstReads({ first, app }) {
  const pageCount = (await fetch(`${url}/api/issues/${first}/pages`).then((r) => r.json())).pageCount;
  for (const round of ['first (pages drawn and converted)', 'again (stored)']) {
    let start = performance.now();
    let bytes = 0;
    for (let n = 0; n < pageCount; n++) {
      const res = await fetch(`${url}/opds/pse/${first}/${n}?maxWidth=1280`, { headers: app });
      if (!res.ok) throw new Error(`page ${n}: ${res.status}`);
      bytes += (await res.arrayBuffer()).byteLength;
    }
    console.log(
      `  PSE, ${pageCount} pages at 1280 px one after another, ${round}: ${ms(start)}, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    start = performance.now();
    const cbz = await fetch(`${url}/downloads/issues/${first}.cbz`, { headers: app });
    const size = (await cbz.arrayBuffer()).byteLength;
    console.log(`  CBZ download (${cbz.status}), ${round}: ${ms(start)}, ${(size / 1e6).toFixed(1)} MB`);
  }
}

/**
 * What reading apps send besides their credentials: their HTTP stacks (Chromium's in Thorium,
 * iOS's in Panels and Chunky) ask for compressed answers. The rows marked 'uncompressed' ask for none.
 */
const APP_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/** The routes measured under load: [name, paths, headers, budgeted]. */
function loadRoutes({ buyer, first, app }) {
  const asApp = { ...app, ...APP_ENCODINGS };
  return [
    ['OPDS 2.0 My comics (app password)', ['/opds/v2/library'], asApp, true],
    ['OPDS 1.2 My comics (app password)', ['/opds/v1.2/library'], asApp, true],
    ['OPDS 2.0 My comics (session)', ['/opds/v2/library'], { ...buyer.headers, ...APP_ENCODINGS }, true],
    ['OPDS 1.2 Continue reading (app password)', ['/opds/v1.2/reading'], asApp, true],
    ['OPDS 1.2 New issues, 50 entries (app password)', ['/opds/v1.2/new'], asApp, true],
    ['OPDS 1.2 New issues, 50 entries (guest)', ['/opds/v1.2/new'], APP_ENCODINGS, true],
    ['OPDS 2.0 search (guest)', ['/opds/v2/search?query=moon', '/opds/v2/search?query=night'], APP_ENCODINGS, true],
    ['OPDS 1.2 My comics (app password), uncompressed', ['/opds/v1.2/library'], app, false],
    ['OPDS 1.2 New issues, 50 entries (guest), uncompressed', ['/opds/v1.2/new'], {}, false],
    ['PSE page, stored (app password)', [`/opds/pse/${first}/3?maxWidth=1280`], app, false],
  ];
}

async function benchDatabase(name, env) {
  console.log(`\n${name}`);
  const server = await startProcess(serverScript, port, { ...common, ...env });
  try {
    const user = await readingAppUser(6);
    await firstReads(user);
    const rows = [];
    for (const [route, paths, headers, budgeted] of loadRoutes(user)) {
      const pairs = [];
      for (let round = 0; round < rounds; round++) {
        pairs.push({ bare: await measure(bareUrl, ['/bare']), route: await measure(url, paths, headers) });
      }
      rows.push({ route, budgeted, pairs });
    }
    console.log('\n| route | req/s | p50 ms | p99 ms | bare req/s | ratio to bare | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const { route, budgeted, pairs } of rows) {
      const ratio = median(pairs.map((p) => p.route.rps / p.bare.rps));
      const p99 = median(pairs.map((p) => p.route.p99));
      const verdict = budgeted ? (ratio >= 0.4 && p99 <= 20 ? ' (budget met)' : ' (budget missed)') : '';
      console.log(
        `| ${route} | ${Math.round(median(pairs.map((p) => p.route.rps)))} | ${median(pairs.map((p) => p.route.p50))} | ${p99} | ${Math.round(median(pairs.map((p) => p.bare.rps)))} | ${ratio.toFixed(2)}${verdict} | ${pairs.reduce((sum, p) => sum + p.route.errors, 0)} |`,
      );
    }
  } finally {
    await stop(server);
  }
}

const bare = await startProcess('bench/bare-server.mjs', 4812, {});
try {
  if (databases.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reading-apps-bench-'));
    try {
      await benchDatabase('Embedded database (PGlite), demo catalogue', { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (databases.includes('postgres')) {
    const name = `comics_bench_reading_apps_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reading-apps-bench-'));
    try {
      const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      await benchDatabase('PostgreSQL, demo catalogue', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await stop(bare);
}
