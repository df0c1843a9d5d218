import { expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, VIEWPORTS } from '../helpers/deskPage';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'visits owner phrase' };
/** A mid-range Android phone's Chrome: a person, not the headless browser robots are told apart by. */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, VISIT_FLUSH_SECONDS: '1' } });

test('a visit from a campaign link, then an enquiry two pages later: counted without a cookie, the enquiry carries the campaign, and the dashboard shows both', async () => {
  const visitor = await site.open('/?utm_source=google&utm_medium=cpc&utm_campaign=diwali-loans', {
    userAgent: PHONE,
    viewport: VIEWPORTS[0],
  });
  const { page } = visitor;
  await page.locator('html[data-ready="true"]').waitFor();
  for (const next of ['/homeloan', '/contactus']) {
    await page.goto(new URL(next, site.url).href);
    await page.locator('html[data-ready="true"]').waitFor();
  }
  await page.getByLabel('Full name').fill('Rahul Patil');
  await page.getByLabel('Mobile number').fill('98220 33445');
  await page.getByLabel('What is your enquiry about?').selectOption({ label: 'Other' });
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Your enquiry has been received/);
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(visitor.problems).toEqual([]);

  const owner = await site.open('/adminLogin');
  await logInOnPage(owner.page, OWNER);
  await owner.page.goto(new URL('/table?campaign=diwali-loans', site.url).href);
  await owner.page.getByRole('link', { name: 'Rahul Patil', exact: true }).click();
  await owner.page.getByText('google / cpc / diwali-loans').waitFor();

  await owner.page.goto(new URL('/table?view=dashboard', site.url).href);
  const campaigns = owner.page.getByRole('region', { name: 'Per campaign (utm_source, utm_medium, utm_campaign)' });
  await expect
    .poll(async () => (await campaigns.getByRole('row').filter({ hasText: 'diwali-loans' }).textContent()) ?? '', { timeout: 15_000 })
    .toBe('diwali-loansgooglecpc11100.0');
  const pages = owner.page.getByRole('region', { name: 'Per page' });
  expect(await pages.getByRole('row').filter({ hasText: '/homeloan' }).textContent()).toBe('/homeloan100.0');
  for (const viewport of VIEWPORTS) {
    await owner.page.setViewportSize(viewport);
    await expectNoAxeViolations(owner.page, `the dashboard with visits at ${viewport.width}px`);
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  expect(owner.problems).toEqual([]);
}, 120_000);
