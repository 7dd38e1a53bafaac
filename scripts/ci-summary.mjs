// Adds up the Vitest and Playwright JSON reports into CI's closing line: 'N passed, N failed',
// after the ten slowest test files of each (where the suite's time goes, run after run).
// Further arguments are simple result files, { name, passed, failed, skipped } (the fault test
// writes one); a missing one counts as one failure, since its step ended before writing it.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, playwrightPath, ...resultPaths] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestPath, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightPath, 'utf8'));
const results = resultPaths.map((file) =>
  existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : { name: file, passed: 0, failed: 1, skipped: 0, missing: true },
);

/** The ten slowest of [file, milliseconds] pairs, printed under a heading. */
function printSlowest(heading, durations) {
  console.log(heading);
  for (const [file, ms] of [...durations].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }
}

const relative = (file) => file.replace(`${process.cwd()}/`, '');
// A file run on both databases appears once per project: each run is its own line.
printSlowest(
  'slowest Vitest files:',
  vitest.testResults.map((file) => [relative(file.name), file.endTime - file.startTime]),
);
const e2eFiles = new Map();
const addSuite = (suite) => {
  for (const spec of suite.specs ?? []) {
    const ms = spec.tests.flatMap((t) => t.results).reduce((sum, result) => sum + result.duration, 0);
    e2eFiles.set(spec.file, (e2eFiles.get(spec.file) ?? 0) + ms);
  }
  for (const child of suite.suites ?? []) addSuite(child);
};
for (const suite of playwright.suites) addSuite(suite);
printSlowest('slowest browser test files (time summed over their tests):', e2eFiles);

const fromResults = (key) => results.reduce((n, r) => n + r[key], 0);
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky + fromResults('passed');
const failed = vitest.numFailedTests + playwright.stats.unexpected + fromResults('failed');
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped + fromResults('skipped');
console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(
  `playwright: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`,
);
for (const r of results) {
  console.log(
    r.missing ? `${r.name}: no result (the step did not finish)` : `${r.name}: ${r.passed} passed, ${r.failed} failed`,
  );
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
