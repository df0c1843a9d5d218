import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeResult {
  id: string;
  impact?: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe on the page as it is now and fails with a readable list of every violation.
 * axe is put into the page by Playwright (which the page's CSP does not govern) and run in
 * it directly: about a second a page, where the Playwright wrapper's extra page took three.
 */
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
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }> } }).axe.run(
          document,
          // Only violations are read: axe then skips gathering every node that passed.
          { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
        )
      ).violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) })),
    TAGS,
  );
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`,
  );
  expect(report, `axe violations on ${context}`).toEqual([]);
}
