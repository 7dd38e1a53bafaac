// `npm run import -- <folder> [--dry-run] [--price-cents N]`: imports every comic archive (CBZ,
// CBR, ZIP, RAR, PDF) under a folder into the catalogue: `Publisher/Series (Year)/Series #001.cbz`
// trees and flat folders, described by each archive's ComicInfo.xml or else its path. The files
// are queued as one import batch (the same queue the shop's Import screen fills) and converted
// here, in this process, with progress on the way and a report at the end; with PostgreSQL, the
// running shop's instances share the work. The embedded database belongs to one process: stop the
// shop first. Exits 0 when every file was imported (or unchanged), 1 when any failed, 2 on misuse.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ARCHIVE_EXTENSIONS, hasArchiveName } from '@comics/shared/schemas/reader';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-from-config';
import { buildApp } from '../app';
import { readCommandLine } from './command-line';
import { compareEntryPaths } from '../modules/reader/archive';

const USAGE = `Usage: npm run import -- FOLDER [--dry-run] [--price-cents N]

  FOLDER         a folder of comic archives (.cbz, .cbr, .zip, .rar, .pdf), searched with its subfolders
  --dry-run      check every archive and report what would be created or updated; write nothing
  --price-cents  what each new issue costs, in cents, 50 to 99999 (default: DEFAULT_ISSUE_PRICE_CENTS)`;

/** Every archive under `root`, as paths relative to it with '/' between folders, in reading order. */
async function archivesUnder(root: string): Promise<Array<{ name: string; location: string; sizeBytes: number }>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && hasArchiveName(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const described = await Promise.all(
    files.map(async (location) => ({
      name: path.relative(root, location).split(path.sep).join('/'),
      location,
      sizeBytes: (await stat(location)).size,
    })),
  );
  return described.sort((a, b) => compareEntryPaths(a.name, b.name));
}

const count = (n: number) => n.toLocaleString('en-US');
function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

const commandLine = readCommandLine(USAGE, { 'dry-run': { type: 'boolean' }, 'price-cents': { type: 'string' } }, true);
const { values, positionals } = commandLine;
const fail: (message: string) => never = commandLine.fail;
if (positionals.length !== 1) fail('Name one folder to import.');
const folder = path.resolve(positionals[0]!);
if (!(await stat(folder).catch(() => null))?.isDirectory()) fail(`${folder} is not a folder.`);
const priceText = values['price-cents'];
// The bounds of every price in the shop: the card networks' 50-cent minimum to $999.99.
if (priceText !== undefined && !(/^\d{1,5}$/.test(priceText) && Number(priceText) >= 50)) {
  fail('--price-cents must be a whole number of cents from 50 to 99999.');
}

// The command serves no pages: the app is built without the web app (which may not be built yet).
const config = loadConfig({ ...process.env, WEB_DIST: '' });
const files = await archivesUnder(folder);
if (files.length === 0) {
  console.log(`No comic archives (${ARCHIVE_EXTENSIONS.join(', ')}) under ${folder}.`);
  process.exit(0);
}
const database = await openConfiguredDatabase(config).catch((error: Error) => {
  console.error(`The database cannot be opened: ${error.message}`);
  if (config.DATABASE_URL === undefined)
    console.error('The embedded database belongs to one process: stop the shop first.');
  process.exit(1);
});
const app = await buildApp({ config, database, logStream: { write: () => {} } });
const { service, worker } = app.imports;
const dryRun = values['dry-run'] ?? false;
const batchId = await service.startBatch({
  startedBy: null,
  source: 'folder',
  defaultPriceCents: priceText === undefined ? config.DEFAULT_ISSUE_PRICE_CENTS : Number(priceText),
  dryRun,
  files,
});
console.log(`${dryRun ? 'Checking' : 'Importing'} ${count(files.length)} archives from ${folder} (import ${batchId})`);

const startedAt = performance.now();
const interactive = process.stdout.isTTY;
let lastLine = 0;
async function showProgress(final = false): Promise<void> {
  const counts = await service.report(batchId).then((report) => report!.counts);
  const done = counts.created + counts.updated + counts.unchanged + counts.failed;
  const seconds = (performance.now() - startedAt) / 1000;
  const pagesPerSecond = counts.pagesDone / Math.max(seconds, 0.001);
  const left = files.length - done;
  const eta = done > 0 && left > 0 ? `, about ${duration((seconds / done) * left)} left` : '';
  const line = `${count(done)} of ${count(files.length)} archives, ${count(counts.pagesDone)} pages, ${pagesPerSecond.toFixed(1)} pages/s${eta}`;
  if (interactive) process.stdout.write(`\r${line}\u001b[K${final ? '\n' : ''}`);
  else if (final || performance.now() - lastLine > 10_000) {
    console.log(line);
    lastLine = performance.now();
  }
}
const ticker = setInterval(() => void showProgress(), 1_000);
// Converting here; other instances (PostgreSQL) may take files of the batch meanwhile.
await worker.drain();
let report = await service.report(batchId);
while (report!.finishedAt === null) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await worker.drain();
  report = await service.report(batchId);
}
clearInterval(ticker);
await showProgress(true);

const { counts } = report!;
const verb = dryRun ? 'would be ' : '';
console.log(
  `\n${count(counts.created)} ${verb}created, ${count(counts.updated)} ${verb}updated, ` +
    `${count(counts.unchanged)} unchanged, ${count(counts.failed)} failed, in ${duration((performance.now() - startedAt) / 1000)}`,
);
const failed = report!.files.filter((file) => file.status === 'failed');
for (const file of failed) console.log(`  ${file.name}: ${file.reason}`);
await app.close();
await database.close();
process.exit(failed.length > 0 ? 1 : 0);
