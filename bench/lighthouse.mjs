// Web budgets (docs/product.md §15): Lighthouse performance and accessibility, desktop and mobile
// presets, on the built server with the demo catalogue, in Debian's Chromium: the guest pages and
// the cart of a signed-in customer with two issues in it; then the first-load JavaScript of /home.
// Prints figures; it is a measurement, not a test. Run after `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { repoRoot } from './options.mjs';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3960);
const origin = `http://127.0.0.1:${port}`;
// `signedIn`: audited as the customer the run signs up (see signIn below).
// LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_PRESETS (desktop,mobile) narrow a run.
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const onlyPresets = process.env.LIGHTHOUSE_PRESETS?.split(',').filter(Boolean);
const pages = [
  { path: '/home' },
  { path: '/cardDetail/773' },
  { path: '/' },
  { path: '/user/shop', signedIn: true },
].filter((page) => !onlyPages || onlyPages.includes(page.path));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_REPORT_DIR: also write each run's full report (JSON) there, to read its diagnostics.
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;

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
    // A production start names its address; loopback http, so no warning and no Secure cookie.
    PUBLIC_URL: origin,
  },
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${origin}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function api(method, apiPath, body, token) {
  const response = await fetch(`${origin}/api${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api${apiPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A new customer with two issues of /cardDetail/773 in the cart. */
async function createCustomer() {
  const name = `lighthouse${Date.now()}`;
  const account = { email: `${name}@example.com`, password: 'Lighthouse-2024!' };
  await api('POST', '/user/signup', { username: name, ...account, repeatpassword: account.password });
  const { token, id } = await api('POST', '/user/login', account);
  const issues = await api('GET', '/comics/issues/773');
  await api('POST', '/shop/cart/bulk', { comics: issues.slice(0, 2).map((issue) => issue.id), userId: id }, token);
  return account;
}

/**
 * Signs the Lighthouse browser in the way the web app does (features/auth): the login request
 * from the page sets the httpOnly session cookie, and the identity goes to localStorage for the
 * client-side route gates. Lighthouse's storage reset clears caches, not cookies or localStorage,
 * so every run stays signed in and still starts with a cold cache. Connects over the CDP port
 * and disconnects before Lighthouse runs.
 */
async function signIn(chromePort, account) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(async (body) => {
      const response = await fetch('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`login: ${response.status}`);
      const identity = await response.json();
      localStorage.setItem('user', identity.name);
      localStorage.setItem('ROL', JSON.stringify(identity.Rol));
      localStorage.setItem('id', String(identity.id));
      localStorage.setItem('email', identity.email);
      localStorage.setItem('MY_AUTH', 'true');
    }, account);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Back to a guest: the public pages send a signed-in customer elsewhere. */
async function signOut(chromePort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await waitForServer();
  const customer = await createCustomer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log(`Lighthouse ${runs} runs a page (median), desktop and the default mobile preset`);
  // Lighthouse's benchmark index (BenchmarkIndex, its measure of this machine's CPU at the time)
  // goes beside every figure: the same page scores differently on a busier or slower host.
  console.log('Per run: performance, FCP, LCP, TBT (ms), CLS and the benchmark index (BI).\n');
  console.log('| page | preset | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | BI (runs) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  const failing = new Map();
  try {
    for (const [preset, config] of [
      ['desktop', desktopConfig],
      ['mobile', undefined],
    ].filter(([name]) => !onlyPresets || onlyPresets.includes(name)))
      for (const { path: page, signedIn } of pages) {
        if (signedIn) await signIn(chrome.port, customer);
        const results = [];
        for (let i = 0; i < runs; i++) {
          let lhr;
          // A trace Lighthouse could not read (e.g. NO_NAVSTART, now and then on a busy host) is
          // run again, up to three times, rather than counted.
          for (let attempt = 1; attempt <= 3; attempt++) {
            ({ lhr } = await lighthouse(
              `${origin}${page}`,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility'],
              },
              config,
            ));
            if (!lhr.runtimeError) break;
            console.error(`  ${page} ${preset} run ${i + 1}: ${lhr.runtimeError.code}, again`);
          }
          if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
          // A signed-in page that lands elsewhere (e.g. /login) would measure the wrong screen.
          if (new URL(lhr.finalDisplayedUrl).pathname !== page)
            throw new Error(`${page} ended on ${lhr.finalDisplayedUrl}`);
          results.push(lhr);
          if (reportDir) {
            mkdirSync(reportDir, { recursive: true });
            const name = `${page.replace(/\W+/g, '_')}-${preset}-${i + 1}.json`;
            writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
          }
          const a = lhr.audits;
          console.error(
            `  ${page} ${preset} run ${i + 1}: performance ${Math.round(lhr.categories.performance.score * 100)}, FCP ${Math.round(a['first-contentful-paint'].numericValue)} ms, LCP ${Math.round(a['largest-contentful-paint'].numericValue)} ms, TBT ${Math.round(a['total-blocking-time'].numericValue)} ms, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}, BI ${Math.round(lhr.environment.benchmarkIndex)}`,
          );
        }
        if (signedIn) await signOut(chrome.port);
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
          `| ${page} | ${preset} | ${score('performance')} | ${score('accessibility')} | ${Math.round(metric('first-contentful-paint'))} | ${Math.round(metric('largest-contentful-paint'))} | ${Math.round(metric('total-blocking-time'))} | ${metric('cumulative-layout-shift').toFixed(3)} | ${results.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ')} |`,
        );
      }
  } finally {
    await chrome.kill();
  }
  for (const [page, audits] of failing)
    if (audits.length) console.log(`\n${page} audits below 90: ${audits.join(', ')}`);
  console.log('');
  spawnSync(process.execPath, ['scripts/first-load-size.mjs', 'home', 'comic-detail', 'landing'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
