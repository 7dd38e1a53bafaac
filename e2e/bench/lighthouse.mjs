// Web budgets (docs/product.md §15): Lighthouse performance and accessibility, desktop preset, on the
// built server with the demo catalogue, in Debian's Chromium; then the first-load JavaScript
// of /home. Prints figures; it is a measurement, not a test. Run after `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3960);
const pages = ['/home', '/cardDetail/773', '/'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const dataDir = mkdtempSync(path.join(tmpdir(), 'comics-lighthouse-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await waitForServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log(`Lighthouse ${runs} runs a page (median), desktop and the default mobile preset\n`);
  console.log('| page | preset | performance | accessibility | LCP ms | TBT ms | CLS |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  const failing = new Map();
  try {
    for (const [preset, config] of [
      ['desktop', desktopConfig],
      ['mobile', undefined],
    ])
      for (const page of pages) {
        const results = [];
        for (let i = 0; i < runs; i++) {
          const { lhr } = await lighthouse(
            `http://127.0.0.1:${port}${page}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
            config,
          );
          results.push(lhr);
        }
        const score = (key) => Math.round(median(results.map((r) => r.categories[key].score * 100)));
        const metric = (id) => median(results.map((r) => r.audits[id].numericValue));
        failing.set(
          `${page} (${preset})`,
          Object.values(results[0].audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 0.9 &&
                a.scoreDisplayMode !== 'informative' &&
                a.scoreDisplayMode !== 'notApplicable',
            )
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
        );
        const shifted = (results[0].audits['layout-shifts']?.details?.items ?? []).map(
          (item) => `${item.node?.selector ?? '?'} (${item.score?.toFixed?.(3) ?? item.score})`,
        );
        if (shifted.length) failing.get(`${page} (${preset})`).push(`shifted: ${shifted.join('; ')}`);
        console.log(
          `| ${page} | ${preset} | ${score('performance')} | ${score('accessibility')} | ${Math.round(metric('largest-contentful-paint'))} | ${Math.round(metric('total-blocking-time'))} | ${metric('cumulative-layout-shift').toFixed(3)} |`,
        );
      }
  } finally {
    await chrome.kill();
  }
  for (const [page, audits] of failing)
    if (audits.length) console.log(`\n${page} audits below 90: ${audits.join(', ')}`);
  console.log('');
  spawnSync(process.execPath, ['apps/web/scripts/first-load-size.mjs', 'home', 'comic-detail', 'landing'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
