import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, VIEWPORTS } from '../helpers/deskPage';
import { tempDataDir } from '../helpers/server';
import { postJson, storedEnquiries, storedPrivacyRequests } from '../helpers/storedData';
import { useSite } from '../helpers/site';
import type { Site } from '../../src/content/site.generated';

/** The site file the server under test serves. */
const siteFile = parse(readFileSync(path.resolve(import.meta.dirname, '../../pages-data/_site.yaml'), 'utf8')) as Site;

const OWNER = { username: 'owner', password: 'privacy desk pass' };
const privacyFile = parse(readFileSync(path.resolve(import.meta.dirname, '../../pages-data/_privacy.yaml'), 'utf8')) as {
  responseDays: number;
};

/** A request that came in long ago and was never answered: it must stand out as overdue. */
function dataDirWithOverdueRequest(): string {
  const dir = tempDataDir();
  mkdirSync(path.join(dir, 'privacy-requests'), { recursive: true });
  const request = {
    _id: '11111111-2222-4333-8444-555555555555',
    createdAt: '2025-12-01T05:00:00.000Z',
    fields: { name: 'Overdue Person', phone: '+919822033333', kind: 'access' },
    status: 'open',
    dueOn: '2025-12-31',
    lastActivityAt: new Date().toISOString(),
    history: [],
  };
  writeFileSync(path.join(dir, 'privacy-requests', '000001.json'), JSON.stringify({ records: [request] }));
  return dir;
}

const site = useSite({ dataDir: dataDirWithOverdueRequest(), env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });

describe('the Privacy page', () => {
  test('names the contact person and the answer period, is linked from every footer, and takes a request', async () => {
    const { page, problems } = await site.open('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL('**/privacy');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Notice');
    const contact = page.locator('address').filter({ hasText: siteFile.privacyContact.name });
    for (const detail of [siteFile.privacyContact.role, siteFile.privacyContact.email, siteFile.privacyContact.phone]) {
      expect(await contact.textContent()).toContain(detail);
    }
    expect(await contact.textContent()).toContain(`within ${privacyFile.responseDays} days`);

    await page.getByLabel('Full name').fill('Rekha Pawar');
    await page.getByLabel('Mobile number you gave us').fill('98220 44444');
    await page.getByLabel('What would you like us to do?').selectOption({ label: 'Erase my details' });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/We have received your request.*We will answer by \d{1,2} \w+ \d{4}\./);
    expect(storedPrivacyRequests(site.server.dataDir).at(-1)).toMatchObject({
      fields: { name: 'Rekha Pawar', phone: '+919822044444', kind: 'erasure' },
      status: 'open',
    });
    expect(problems).toEqual([]);
  });

  test('has no axe violation and no sideways scrolling on a desk and a phone, with the form empty and with errors', async () => {
    for (const viewport of VIEWPORTS) {
      const { page } = await site.open('/privacy', { viewport });
      await expectNoAxeViolations(page, `/privacy at ${viewport.width}px`);
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.locator('.error-summary').waitFor();
      await expectNoAxeViolations(page, `/privacy with errors at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });
});

describe('privacy on the desk', () => {
  test('an overdue request stands out; staff refuse it only with a reason, and its history shows who did what', async () => {
    const { page } = await site.open('/adminLogin');
    await logInOnPage(page, OWNER);
    await page.getByRole('link', { name: 'Privacy requests' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Overdue Person' });
    expect(await row.textContent()).toContain('Overdue');
    await row.getByRole('button', { name: 'Overdue Person' }).click();
    const view = page.getByRole('region', { name: 'Request from Overdue Person' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Request from Overdue Person');

    await view.getByLabel('Refused').check();
    await view.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => view.locator('.field-error').textContent()).toContain('Write why the request is refused');
    await view.getByLabel('Why it is refused (the person will be told)').fill('We hold no details under that number.');
    await view.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('The request from Overdue Person is now refused.').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Request from Overdue Person' }).textContent()).toMatch(/Open → Refused\s*by owner/);
    expect(storedPrivacyRequests(site.server.dataDir).find((request) => request.fields.name === 'Overdue Person')).toMatchObject({
      status: 'refused',
      reason: 'We hold no details under that number.',
    });
  });

  test('an owner finds one person, downloads their data and erases it after confirming; every screen passes axe', async () => {
    const visitor = { name: 'Salma Inamdar', number: '9822055555', enquiry: 'other', email: 'salma@example.in', consent: true };
    expect((await postJson(new URL('/addcontactdata', site.url).href, visitor)).status).toBe(200);
    for (const viewport of VIEWPORTS) {
      const { page } = await site.open('/adminLogin', { viewport });
      await logInOnPage(page, OWNER);
      await page.goto(new URL('/table?view=person', site.url).href);
      await page.getByLabel('Mobile number').fill('+91 98220 55555');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('heading', { name: 'Found 1 enquiry and 0 requests' }).waitFor();
      expect(await page.getByRole('link', { name: 'Salma Inamdar' }).count()).toBe(1);
      await expectNoAxeViolations(page, `a person found at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 360) break;

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download all of it (JSON)' }).click();
      const file = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { enquiries: { name: string; email: string }[] };
      expect(file.enquiries).toEqual([expect.objectContaining({ name: 'Salma Inamdar', email: 'salma@example.in' })]);
    }
    const { page } = await site.open('/adminLogin', { viewport: VIEWPORTS[1] });
    await logInOnPage(page, OWNER);
    await page.goto(new URL('/table?view=person', site.url).href);
    await page.getByLabel('or email address').fill('SALMA@example.in');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Erase all of it' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Erase 1 enquiry and 0 requests for good?');
    await expectNoAxeViolations(page, 'the erasure confirmation at 360px');
    await page.getByRole('button', { name: 'Yes, erase them' }).click();
    await expect.poll(() => page.getByText('Erased 1 enquiry and 0 requests.').count()).toBe(1);
    expect(storedEnquiries(site.server.dataDir, 'contact').some((record) => record.fields.name === 'Salma Inamdar')).toBe(false);
  }, 120_000);
});
