// The accessibility check every screen passes: axe finds no 'serious' or 'critical' violation;
// lesser ones are attached to the test's report.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable paragraph per violation: rule, impact, help and each failing element. */
function describe(violations: AxeViolation[]): string {
  return violations
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes.map((node) => `  - ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/** Runs axe on the page as it is now (`label` names the screen and theme in the report). */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length > 0) {
    test.info().annotations.push({ type: `axe, ${label} (minor/moderate)`, description: describe(minor) });
  }
  expect.soft(serious.length, `${label}: axe found serious or critical violations:\n\n${describe(serious)}`).toBe(0);
}
