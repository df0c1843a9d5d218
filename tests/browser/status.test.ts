import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { SecretsKey, SECRETS_KEY_FILE } from '../../api/secrets/secretsKey';
import { statusLink } from '../../api/notify/statusLink';
import type { FormsWords } from '../../src/shared/forms/formWords';
import { expectNoAxeViolations } from '../helpers/axe';
import { useSite } from '../helpers/site';
import { storedEnquiries } from '../helpers/storedData';

const site = useSite();
const PAGES = path.resolve(import.meta.dirname, '../../pages-data');
const marathiForms = parse(readFileSync(path.join(PAGES, 'mr/_forms.yaml'), 'utf8')) as FormsWords;
const marathiUi = parse(readFileSync(path.join(PAGES, 'mr/_ui.yaml'), 'utf8')) as {
  status: { stages: Record<string, { label: string }> };
  forms: { statusLink: string };
};
const marathiStatus = marathiUi.status;
const PHONE = { width: 360, height: 740 };

/** Sends an enquiry through the contact form, as a visitor does, and reads the reference off the thank-you message. */
async function sendEnquiry(
  page: Page,
  answers: { name: string; number: string },
  words = { name: 'Full name', number: 'Mobile number', enquiry: 'What is your enquiry about?', submit: 'Send enquiry' },
) {
  await page.getByLabel(words.name).fill(answers.name);
  await page.getByLabel(words.number).fill(answers.number);
  await page.getByLabel(words.enquiry).selectOption({ index: 1 });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: words.submit }).click();
  const reference = page.locator('.enquiry-form__reference');
  await reference.waitFor();
  return (await reference.textContent())!;
}

describe('the status page', () => {
  test('an enquirer reads the reference off the thank-you message, then sees where the enquiry stands; a wrong pair gets one message', async () => {
    const { page, problems } = await site.open('/contactus');
    const reference = await sendEnquiry(page, { name: 'Kavita Deshmukh', number: '98220 33445' });
    expect(reference).toMatch(/^VF-\w{4}-\w{4}$/);

    // The thank-you links to the status page.
    await page.getByRole('link', { name: 'See where your enquiry stands at any time' }).click();
    await page.getByLabel('Reference of your enquiry').fill(reference.toLowerCase());
    await page.getByLabel('Mobile number you gave us').fill('9822033446');
    await page.getByRole('button', { name: 'Show where it stands' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^We could not find an enquiry with this reference and mobile number/);
    const wrongNumber = await page.getByRole('alert').textContent();
    await page.getByLabel('Reference of your enquiry').fill('VF-0000-0000');
    await page.getByLabel('Mobile number you gave us').fill('9822033445');
    await page.getByRole('button', { name: 'Show where it stands' }).click();
    await page.getByRole('button', { name: 'Show where it stands' }).waitFor();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(wrongNumber);

    await page.getByLabel('Reference of your enquiry').fill(reference);
    await page.getByRole('button', { name: 'Show where it stands' }).click();
    const heading = page.getByRole('heading', { level: 3, name: `Enquiry ${reference}` });
    await heading.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Enquiry ${reference}`);
    expect(await page.getByText('We have received your enquiry').isVisible()).toBe(true);
    expect(await page.locator('[aria-current="step"]').textContent()).toBe('Received');
    expect(page.url()).toBe(new URL('/status', site.url).href);
    await expectNoAxeViolations(page, '/status with an answer, 1280 px');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, '/status with an answer, 360 px');
    expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
  });

  test('in Marathi, for a Marathi enquiry, at 360 px: the stage in Marathi, and the e-mail’s link opens it without typing and leaves nothing in the address', async () => {
    const { page } = await site.open('/mr/contactus', { viewport: PHONE });
    const fields = marathiForms.contact.fields;
    const reference = await sendEnquiry(
      page,
      { name: 'सुनीता पाटील', number: '98220 55667' },
      { name: fields.name!.label, number: fields.number!.label, enquiry: fields.enquiry!.label, submit: marathiForms.contact.submit },
    );
    const stored = storedEnquiries(site.server.dataDir, 'contact').find((record) => record.reference === reference)!;
    expect(stored.language).toBe('mr');

    // The thank-you's link, in Marathi, opens the Marathi status page.
    await page.getByRole('link', { name: marathiUi.forms.statusLink }).click();
    await page.getByLabel(marathiForms.status.fields.reference!.label).waitFor();
    expect(page.url()).toBe(new URL('/mr/status', site.url).href);
    await expectNoAxeViolations(page, '/mr/status, 360 px');
    await page.getByLabel(marathiForms.status.fields.reference!.label).fill(reference);
    await page.getByLabel(marathiForms.status.fields.phone!.label).fill('+91 98220 55667');
    await page.getByRole('button', { name: marathiForms.status.submit }).click();
    await page.getByRole('heading', { level: 3, name: `चौकशी ${reference}` }).waitFor();
    expect(await page.getByText(marathiStatus.stages.received!.label).isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/mr/status with an answer, 360 px');

    const secrets = SecretsKey.fromHex(readFileSync(path.join(site.server.dataDir, SECRETS_KEY_FILE), 'utf8'), SECRETS_KEY_FILE);
    const link = statusLink(secrets, site.url, { _id: stored._id, reference }, '/mr');
    const opened = await site.open(link.replace(site.url, ''), { viewport: PHONE });
    await opened.page.getByRole('heading', { level: 3, name: `चौकशी ${reference}` }).waitFor();
    expect(opened.page.url()).toBe(new URL('/mr/status', site.url).href);
    await opened.page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(opened.page, '/mr/status from the link, 1280 px');
  });
});
