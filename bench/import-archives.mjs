// Comic archives for `npm run bench:import`: pages the size and weight of scanned comics (1,988 ×
// 3,056 px JPEG of 1.5 MB: panels, shapes, ink strokes and paper grain, so they neither compress to
// nothing nor encode faster than real pages), packed as CBZs with a ComicInfo.xml each, and as CBRs
// when asked (RAR 5, pages stored, written by the tests' RAR writer through tsx). Pages are made
// once per folder and shared by the archives, whose bytes still differ (their ComicInfo.xml).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from './options.mjs';

const require = createRequire(path.join(repoRoot, 'package.json'));
const sharp = require('sharp');
const yazl = require('yazl');

const PAGE_WIDTH = 1988;
const PAGE_HEIGHT = 3056;

/** Page `seed` as JPEG bytes: drawn shapes, then grain added to every sample. */
async function comicPage(seed) {
  let state = seed * 9301 + 49297;
  const random = () => (state = (state * 9301 + 49297) % 233280) / 233280;
  const colour = () =>
    `hsl(${Math.floor(random() * 360)},${40 + Math.floor(random() * 50)}%,${30 + Math.floor(random() * 50)}%)`;
  const shapes = [];
  for (let i = 0; i < 60; i++) {
    const [x, y, r] = [random() * PAGE_WIDTH, random() * PAGE_HEIGHT, 20 + random() * 300];
    shapes.push(
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}" stroke="#000" stroke-width="6"/>`
        : `<rect x="${x}" y="${y}" width="${r * 1.5}" height="${r}" fill="${colour()}" stroke="#000" stroke-width="5" transform="rotate(${random() * 40 - 20} ${x} ${y})"/>`,
    );
  }
  for (let i = 0; i < 900; i++) {
    const [x, y] = [random() * PAGE_WIDTH, random() * PAGE_HEIGHT];
    shapes.push(
      `<path d="M${x} ${y} q ${random() * 200 - 100} ${random() * 200 - 100} ${random() * 300 - 150} ${random() * 300 - 150}" stroke="#111" stroke-width="${1 + random() * 4}" fill="none"/>`,
    );
  }
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 2; col++) {
      shapes.push(
        `<rect x="${60 + col * 950}" y="${60 + row * 1000}" width="900" height="940" fill="none" stroke="#000" stroke-width="10"/>`,
      );
    }
  }
  const hue = (seed * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,80%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},50%,40%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  for (let i = 0; i < pixels.length; i++) {
    const grain = ((Math.random() + Math.random() + Math.random() - 1.5) * 10) | 0;
    pixels[i] = Math.min(255, Math.max(0, pixels[i] + grain));
  }
  return sharp(pixels, { raw: { width: PAGE_WIDTH, height: PAGE_HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** `count` distinct pages, made once under `folder`/pages. */
async function pagesIn(folder, count) {
  const dir = path.join(folder, 'pages');
  mkdirSync(dir, { recursive: true });
  const pages = [];
  for (let i = 1; i <= count; i++) {
    const file = path.join(dir, `page-${i}.jpg`);
    if (!existsSync(file)) writeFileSync(file, await comicPage(i));
    pages.push(file);
  }
  return pages;
}

const comicInfo = (series, number) =>
  `<?xml version="1.0"?>\n<ComicInfo><Series>${series}</Series><Number>${number}</Number><Publisher>Bench Comics</Publisher><Year>2024</Year><Summary>Imported by the bench.</Summary></ComicInfo>\n`;

function writeZip(file, entries) {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const { name, data, compress } of entries) zip.addBuffer(data, name, { compress });
    zip.end();
    const chunks = [];
    zip.outputStream.on('data', (chunk) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      writeFileSync(file, Buffer.concat(chunks));
      resolve();
    });
  });
}

/** RAR 5 archives through the tests' writer (TypeScript, run by tsx): `jobs` is [{ file, entries: [{ name, from | text }] }]. */
function writeRars(jobs) {
  const script = `
    import { readFileSync, writeFileSync } from 'node:fs';
    import { makeRar5 } from './apps/server/test/rar.ts';
    for (const { file, entries } of JSON.parse(process.env.RAR_JOBS)) {
      writeFileSync(file, makeRar5(entries.map((e) => ({ name: e.name, data: e.from ? readFileSync(e.from) : e.text }))));
    }`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, RAR_JOBS: JSON.stringify(jobs) },
  });
  if (result.status !== 0) throw new Error('writing the CBRs failed');
}

/**
 * `cbz` CBZs and `cbr` CBRs of `pagesPer` pages each under `folder`/archives (made again each
 * time: a series name of `series`, so an import into a shop that has them creates new issues).
 * Answers the archives' paths and the pages they hold.
 */
export async function makeArchives({ folder, cbz = 12, cbr = 2, pagesPer = 24, distinctPages = 48, series = 'Bench' }) {
  const pages = await pagesIn(folder, distinctPages);
  const dir = path.join(folder, 'archives');
  mkdirSync(dir, { recursive: true });
  const pageAt = (archive, n) => pages[(archive * 7 + n) % pages.length];
  const files = [];
  for (let a = 0; a < cbz; a++) {
    const file = path.join(dir, `${series} #${String(a + 1).padStart(3, '0')}.cbz`);
    const entries = [{ name: 'ComicInfo.xml', data: Buffer.from(comicInfo(series, a + 1)), compress: true }];
    // Deflated as most CBZs are (a JPEG shrinks by a percent or two): the import inflates every page.
    for (let n = 0; n < pagesPer; n++) {
      entries.push({
        name: `page-${String(n + 1).padStart(3, '0')}.jpg`,
        data: readFileSync(pageAt(a, n)),
        compress: true,
      });
    }
    await writeZip(file, entries);
    files.push(file);
  }
  const rarJobs = [];
  for (let r = 0; r < cbr; r++) {
    const number = cbz + r + 1;
    const file = path.join(dir, `${series} #${String(number).padStart(3, '0')}.cbr`);
    const entries = [{ name: 'ComicInfo.xml', text: comicInfo(series, number) }];
    for (let n = 0; n < pagesPer; n++) {
      entries.push({ name: `page-${String(n + 1).padStart(3, '0')}.jpg`, from: pageAt(cbz + r, n) });
    }
    rarJobs.push({ file, entries });
    files.push(file);
  }
  if (rarJobs.length > 0) writeRars(rarJobs);
  return { dir, files, pages: (cbz + cbr) * pagesPer };
}

// `node bench/import-archives.mjs FOLDER [SERIES]`: only makes the archives (to time `npm run import`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(process.argv[2] ?? 'bench-archives');
  const made = await makeArchives({ folder, series: process.argv[3] ?? 'Bench' });
  console.log(`${made.files.length} archives, ${made.pages} pages, in ${made.dir}`);
}
