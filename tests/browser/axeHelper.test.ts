import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { launchChromium } from '../helpers/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

// Every page's accessibility rests on this helper: it must fail, naming the rule and the element, when axe finds anything.
test('the axe check fails on a picture without alt text and on faint text, naming each', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><h1>Heading</h1><img src="data:," id="nameless"><p style="color:#ccc">faint</p></main></html>',
  );
  const failure = await expectNoAxeViolations(page, 'a broken page').catch((error: Error & { actual?: string[] }) => error);
  expect(failure).toBeInstanceOf(Error);
  expect(String(failure)).toContain('axe violations on a broken page');
  // The list the failure shows beside "expected": each rule, its impact and the elements.
  const report = (failure as { actual?: string[] }).actual ?? [];
  expect(report.join('\n')).toMatch(/image-alt \(critical\)[^]*#nameless/);
  expect(report.join('\n')).toMatch(/color-contrast \(serious\)/);

  await page.setContent('<!doctype html><html lang="en"><title>t</title><main><h1>Heading</h1><p>Readable</p></main></html>');
  await expectNoAxeViolations(page, 'a sound page');
});
