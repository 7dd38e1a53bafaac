// Prints the gzip size of the JavaScript a first visit to a route downloads: the entry chunk,
// the route's lazy chunk, and every chunk they import statically. Run after `vite build`:
//   node scripts/first-load-size.mjs [route-module ...]   (default: home)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error('No entry script in dist/index.html: run the build first.');

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const staticImports = (file) =>
  [...readFileSync(path.join(assets, file), 'utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map(
    (m) => m[1],
  );

function closure(start) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

// docs/product.md §15: a first visit to /home downloads at most 150 KB of JavaScript (gzip). Over
// it, this script (and so `npm run build -w @comics/web`) fails.
const budgetsKb = { home: 150 };

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['home'];
for (const route of routes) {
  const chunk = files.find((f) => f.startsWith(`${route}-`));
  if (!chunk) throw new Error(`No chunk for route module "${route}".`);
  const all = new Set([...closure(entry), ...closure(chunk)]);
  let total = 0;
  const rows = [...all].map((file) => {
    const size = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
    total += size;
    return [file, size];
  });
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
  const budget = budgetsKb[route];
  console.log(
    `First-load JS for /${route}: ${(total / 1024).toFixed(2)} KB gzip (${all.size} files)${budget ? `, budget ${budget} KB` : ''}`,
  );
  if (budget && total / 1024 > budget) {
    console.error(
      `Over budget: /${route} loads ${(total / 1024).toFixed(2)} KB gzip of JavaScript, at most ${budget} KB.`,
    );
    process.exitCode = 1;
  }
}
