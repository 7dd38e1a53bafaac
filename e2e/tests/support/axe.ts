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

/**
 * An axe run over the page with every rule. The shop's pages have no frames, so axe runs in the
 * page itself (its 'legacy' mode, same result), sparing the blank page that the default mode opens
 * and loads axe into again to merge the frames' results; a page with frames keeps the default
 * mode, which also reaches cross-origin frames. Only the violations come back in full (the passes
 * name one element each instead of thousands): together half a second to a second a scan.
 */
function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ['violations'] });
}

/** Runs axe on the page as it is now (`label` names the screen and theme in the report). */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await axeBuilder(page).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !serious.includes(v));
  if (minor.length > 0) {
    test.info().annotations.push({ type: `axe, ${label} (minor/moderate)`, description: describe(minor) });
  }
  expect.soft(serious.length, `${label}: axe found serious or critical violations:\n\n${describe(serious)}`).toBe(0);
}
