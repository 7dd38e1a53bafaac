// `npm run bench:reading-apps`: a reading app's requests (issue 27) against the built server on the
// embedded database with the demo catalogue, signed in by an app password as apps are: an owned
// issue streamed page by page (OPDS-PSE) and downloaded as CBZ, first (pages drawn and converted)
// and again (stored), then feeds and pages under load beside the web reader's page image. Prints
// figures; not a test.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBuyers, furnish, issuesOnSale, postJson } from './shop.mjs';
import { repoRoot } from './options.mjs';

const port = 4811;
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reading-app-probe-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url },
});
const ms = (start) => `${(performance.now() - start).toFixed(0)} ms`;
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 600) throw new Error('no server');
    await new Promise((r) => setTimeout(r, 200));
  }
  const [buyer] = await createBuyers(url, 1, 'probe');
  const volumes = (await fetch(`${url}/api/comics?page=1&limit=12`).then((r) => r.json())).map((v) => v.id);
  const issues = await issuesOnSale(url, volumes, 8);
  await furnish(url, buyer, issues);
  const owned = issues[0].id;
  const made = await postJson(url, '/api/user/app-passwords', { name: 'Probe' }, buyer.headers);
  const headers = { authorization: `Basic ${Buffer.from(`${buyer.email}:${made.password}`).toString('base64')}` };
  const pageCount = (await fetch(`${url}/api/issues/${owned}/pages`).then((r) => r.json())).pageCount;

  for (const round of ['first (pages drawn and converted)', 'again (stored)']) {
    let start = performance.now();
    let bytes = 0;
    for (let n = 0; n < pageCount; n++) {
      const res = await fetch(`${url}/opds/pse/${owned}/${n}?maxWidth=1280`, { headers });
      if (!res.ok) throw new Error(`page ${n}: ${res.status}`);
      bytes += (await res.arrayBuffer()).byteLength;
    }
    console.log(
      `PSE, ${pageCount} pages at 1280 px one after another, ${round}: ${ms(start)}, ${(bytes / 1e6).toFixed(1)} MB`,
    );
    start = performance.now();
    const cbz = await fetch(`${url}/downloads/issues/${owned}.cbz`, { headers });
    const size = (await cbz.arrayBuffer()).byteLength;
    console.log(`CBZ download (${cbz.status}), ${round}: ${ms(start)}, ${(size / 1e6).toFixed(1)} MB`);
  }
  async function readerImage() {
    const pages = await fetch(`${url}/api/issues/${owned}/pages`).then((r) => r.json());
    const access = await fetch(`${url}/api/user/reading/${owned}`, { headers: buyer.headers }).then((r) => r.json());
    await fetch(`${url}${pages.pagesBase}/4-1280.webp?t=${access.token}`).then((r) => r.arrayBuffer());
    return `${pages.pagesBase}/4-1280.webp?t=${access.token}`;
  }
  for (const [name, paths, asked] of [
    ['OPDS 2.0 My comics (app password)', ['/opds/v2/library'], headers],
    ['OPDS 1.2 My comics (app password)', ['/opds/v1.2/library'], headers],
    ['OPDS 1.2 New issues (guest)', ['/opds/v1.2/new'], {}],
    ['PSE page, stored (app password)', [`/opds/pse/${owned}/3?maxWidth=1280`], headers],
    ['OPDS 2.0 My comics (session)', ['/opds/v2/library'], buyer.headers],
    ['PSE page, stored (session)', [`/opds/pse/${owned}/3?maxWidth=1280`], buyer.headers],
    ['web reader page image (session token)', [await readerImage()], {}],
  ]) {
    const result = await autocannon({
      url,
      connections: 20,
      duration: 6,
      headers: asked,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    console.log(
      `${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  }
} finally {
  server.kill();
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
