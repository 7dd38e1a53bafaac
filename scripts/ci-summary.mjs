// Adds up the Vitest and Playwright JSON reports into CI's closing line: 'N passed, N failed'.
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
