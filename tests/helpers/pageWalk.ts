import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { contentWithGallery } from './blockGallery';
import { useSite, type OpenedPage } from './site';

/** A phone's width, then a desk's: the page is loaded once and the window widened, as a turned tablet would be. */
const WIDTHS = [360, 1280];

/**
 * For a test file: each of `routes`, on the site with the block gallery (blockGallery.ts), at a
 * phone's width and at a desk's: one heading, nothing wider than the screen, no console error or
 * failed request, and no axe violation at either width.
 */
export function walkPages(routes: readonly string[]) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'page-walk-'));
  const site = useSite({ env: { PAGES_DIR: contentWithGallery(work) } });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  let tab: OpenedPage;
  beforeAll(async () => {
    const context = await site.browser.newContext({ viewport: { width: WIDTHS[0]!, height: 800 } });
    tab = await site.watch(context);
  });

  test.each(routes)('%s at 360 and 1280 px: its heading, no console error, no failed request and no axe violation', async (route) => {
    const { page, problems } = tab;
    problems.length = 0;
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(new URL(route, site.url).href);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.count()).toBe(1);
      expect(await heading.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `${route} at ${width}px`);
    }
    expect(problems).toEqual([]);
  });
}
