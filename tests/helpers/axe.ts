import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright';
import { expect } from 'vitest';

/** Runs axe on the page as it is now and fails with a readable list of every violation. */
export async function expectNoAxeViolations(page: Page, context = page.url()) {
  // The page fades in: mid-fade, text is half transparent and its contrast is measured wrong.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
  );
  expect(report, `axe violations on ${context}`).toEqual([]);
}
