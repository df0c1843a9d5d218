import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { useSite } from '../helpers/site';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';

const site = useSite();

describe.each([360, 1280])('every public page at %i px wide', (width) => {
  test.each(ALL_PUBLIC_ROUTES)('%s renders with its heading, no console error, no failed request and no axe violation', async (route) => {
    const { page, problems } = await site.open(route, { viewport: { width, height: 800 } });
    await page.waitForLoadState('networkidle');
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.count()).toBe(1);
    expect(await heading.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, `${route} at ${width}px`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
