// Browser tests: Debian's Chromium against the built server on a fresh embedded database, its
// e-mail sent over SMTP to the mail catcher (mail-catcher.ts) the specs read.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { MAIL_CATCHER } from './tests/support/mail';

const port = Number(process.env.E2E_PORT ?? 3917);
const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * Debian's chromium-headless-shell when installed: Chromium's headless-only build (the one
 * Playwright itself runs headless tests on), the same Blink and V8 as the full browser, which
 * runs this suite on about two thirds of the CPU. Else Debian's chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // CI adds a JSON report, which its summary line is counted from.
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    // No service worker: every spec sees the network as it is, never a copy the worker kept (nor
    // the reload a new version offers). installable.spec.ts allows it for the installable app.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      // First, so the shop's first e-mail finds it listening.
      command: 'node --import tsx e2e/mail-catcher.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${MAIL_CATCHER.httpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        MAIL_CATCHER_SMTP_PORT: String(MAIL_CATCHER.smtpPort),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_CATCHER.httpPort),
      },
    },
    {
      command: 'node --enable-source-maps apps/server/dist/server.js',
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      // A default start, as the README's quick start runs it (demo accounts, the development
      // sign-in provider standing in for Google, loopback only), on its own port and data folder.
      env: {
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'comics-e2e-')),
        // The browser suite always runs on the embedded database, seeded afresh.
        DATABASE_URL: '',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Budgets for one IP that the whole suite shares.
        AUTH_RATE_LIMIT_PER_IP: '1000',
        PUBLIC_READ_RATE_LIMIT_PER_IP: '100000',
        // Every spec's new customers pay from this one address: its declines must not add up
        // to the per-IP brake (each customer keeps the fixed per-buyer one).
        CHECKOUT_DECLINES_PER_IP: '1000',
        // Every e-mail goes over real SMTP to the mail catcher.
        SMTP_URL: `smtp://127.0.0.1:${MAIL_CATCHER.smtpPort}`,
      },
    },
  ],
});
