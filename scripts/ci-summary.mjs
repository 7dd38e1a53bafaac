// Adds up the Vitest and Playwright JSON reports into CI's closing line: 'N passed, N failed'.
import { readFileSync } from 'node:fs';

const [vitestPath, playwrightPath] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestPath, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightPath, 'utf8'));

const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(
  `playwright: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
