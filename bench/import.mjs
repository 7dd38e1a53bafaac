// `npm run bench:import`: a bulk import's speed, and the shop's while it runs. Makes a folder of
// comic-sized archives (bench/import-archives.mjs: 12 CBZs and 2 CBRs of 24 pages), starts the
// built server as a user runs it (default logging, demo catalogue) on a throwaway PostgreSQL
// database and on the embedded PGlite, measures a catalogue page route's requests/s idle, then
// uploads the archives through the admin API (POST /api/admin/imports, then tus, from a process of
// its own as an administrator's browser would be: bench/import-upload.mjs) and measures
// the same route while the server's own import worker converts them. Prints the import's pages/s
// (pages done over the batch's wall time, upload included, from its report) and the ratio of the
// route's requests/s during the import to idle. Budgets (docs/product.md): ≥ 8 pages/s, ≥ 0.5.
// Not a test: it measures and reports.
// Options: --duration S (the idle measurement, as bench/run.mjs: 8), --connections N (50), --cbz N (12), --cbr N (2),
// --pages N (24 per archive), --databases postgres,pglite (both), --server FILE (apps/server/dist/server.js).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { makeArchives } from './import-archives.mjs';
import { benchArgs, repoRoot } from './options.mjs';
import { measure, run, startProcess, stop } from './run.mjs';

const args = benchArgs();
const connections = Number(args.connections ?? 50);
const databases = (args.databases ?? 'postgres,pglite').split(',');
const serverScript = args.server ?? 'apps/server/dist/server.js';
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = 'comics_bench_import';
const port = 3310;
const url = `http://127.0.0.1:${port}`;
const admin = { email: 'bench-admin@example.com', password: 'bench-import-password' };
/** Catalogue pages of the demo catalogue, asked in turn. */
const cataloguePaths = Array.from({ length: 40 }, (_, i) => `/api/comics?page=${1 + (i % 8)}&limit=12`);

async function freshPostgres() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${databaseName} with (force)`);
  await client.query(`create database ${databaseName}`);
  await client.end();
  return Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
}

async function dropPostgres() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${databaseName} with (force)`);
  await client.end();
}

async function signIn() {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`login: ${response.status} ${JSON.stringify(answer)}`);
  return { authorization: `Bearer ${answer.token}` };
}

async function api(method, route, headers, body) {
  const response = await fetch(url + route, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Sends the archives one after another from another process (bench/import-upload.mjs). */
async function uploadAll(files, idOf, headers) {
  const job = { url, headers, files: files.map((file) => ({ path: file, fileId: idOf.get(path.basename(file)) })) };
  const child = spawn(process.execPath, ['bench/import-upload.mjs', JSON.stringify(job)], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`the uploads failed (exit ${code})`);
}

/** The route's load until `until` settles: requests/s over the whole time, and the latencies. */
function loadUntil(until) {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: 3600,
        requests: [
          { setupRequest: (request) => ({ ...request, path: cataloguePaths[next++ % cataloguePaths.length] }) },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    until.finally(() => instance.stop());
  });
}

/**
 * Queues the archives through the admin API and uploads them one after another: answers when the
 * uploads are done (`uploaded`) and when the report is finished (`finished`).
 */
function importThroughApi(files, headers) {
  const startedAt = performance.now();
  const uploaded = (async () => {
    const batch = await api('POST', '/api/admin/imports', headers, {
      defaultPrice: 3.99,
      files: files.map((file) => ({ name: path.basename(file), size: statSync(file).size })),
    });
    await uploadAll(files, new Map(batch.files.map((file) => [file.name, file.id])), headers);
    return { batch, uploadedS: (performance.now() - startedAt) / 1000 };
  })();
  const finished = uploaded.then(async ({ batch, uploadedS }) => {
    let report = batch;
    while (report.finishedAt === null) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      report = await api('GET', `/api/admin/imports/${batch.id}`, headers);
    }
    const wallS = (Date.parse(report.finishedAt) - Date.parse(report.createdAt)) / 1000;
    return { report, uploadedS, wallS };
  });
  return { uploaded, finished };
}

async function benchOn(name, env, archives) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-bench-import-data-'));
  const serverEnv = { ...env, DATA_DIR: dataDir, WEB_DIST: '', PUBLIC_READ_RATE_LIMIT_PER_IP: '1000000' };
  try {
    // Before the server starts: the embedded database belongs to one process.
    run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', '--email', admin.email, '--password', admin.password],
      {
        ...serverEnv,
        LOG_LEVEL: 'warn',
      },
    );
    const server = await startProcess(serverScript, port, serverEnv);
    try {
      const headers = await signIn();
      const idle = await measure(url, cataloguePaths);
      const importing = importThroughApi(archives.files, headers);
      // The route's load while the archives are uploaded, then while the rest is converted.
      const whileUploading = await loadUntil(importing.uploaded);
      const whileConverting = await loadUntil(importing.finished);
      const { report, uploadedS, wallS } = await importing.finished;
      const rps = (...results) =>
        results.reduce((sum, result) => sum + result.requests.total, 0) /
        results.reduce((sum, result) => sum + result.duration, 0);
      const { counts } = report;
      return {
        database: name,
        idleRps: idle.rps,
        duringRps: rps(whileUploading, whileConverting),
        uploadingRps: rps(whileUploading),
        convertingRps: rps(whileConverting),
        duringP99: Math.max(whileUploading.latency.p99, whileConverting.latency.p99),
        errors: [whileUploading, whileConverting].reduce(
          (sum, result) => sum + result.errors + result.timeouts + result.non2xx,
          0,
        ),
        pages: counts.pagesDone,
        archives: `${counts.created + counts.updated} of ${archives.files.length}`,
        failed: report.files.filter((file) => file.status === 'failed').map((file) => `${file.name}: ${file.reason}`),
        uploadedS,
        wallS,
        pagesPerSecond: counts.pagesDone / wallS,
      };
    } finally {
      await stop(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(path.join(repoRoot, serverScript))) run('npm', ['run', 'build', '-w', '@comics/server']);
  const folder = path.join(tmpdir(), 'comics-bench-import');
  console.log(`Making the archives under ${folder}…`);
  const archives = await makeArchives({
    folder,
    cbz: Number(args.cbz ?? 12),
    cbr: Number(args.cbr ?? 2),
    pagesPer: Number(args.pages ?? 24),
  });
  console.log(`${archives.files.length} archives, ${archives.pages} pages of 1,988 × 3,056 px.`);
  const rows = [];
  for (const name of databases) {
    const env = name === 'postgres' ? { DATABASE_URL: await freshPostgres() } : {};
    try {
      rows.push(await benchOn(name, env, archives));
    } finally {
      if (name === 'postgres') await dropPostgres();
    }
    console.log(rows.at(-1));
  }
  console.log(`\nCatalogue page route (${connections} connections) idle vs during the import; import pages/s`);
  console.log(
    '| database | idle req/s | during req/s | ratio (≥ 0.5) | ratio uploading | ratio after | p99 during ms | errors | pages | upload s | wall s | pages/s (≥ 8) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.database} | ${Math.round(row.idleRps)} | ${Math.round(row.duringRps)} | **${(row.duringRps / row.idleRps).toFixed(2)}** | ${(row.uploadingRps / row.idleRps).toFixed(2)} | ${(row.convertingRps / row.idleRps).toFixed(2)} | ${row.duringP99} | ${row.errors} | ${row.pages} | ${row.uploadedS.toFixed(1)} | ${row.wallS.toFixed(1)} | **${row.pagesPerSecond.toFixed(1)}** |`,
    );
    for (const failure of row.failed) console.log(`  failed: ${failure}`);
  }
}

await main();
