import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { removeDir, startServer } from '../helpers/server';
import { storedEnquiries } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const site = useSite();
const CONSENT_ERROR = 'Tick the box to agree to how we use your details, or call us instead';
const consentBox = (page: Page) => page.getByRole('checkbox', { name: /^I agree/ });

async function fillContact(
  page: Page,
  answers: { name: string; number: string; enquiry: string; email?: string; message?: string; consent?: boolean },
) {
  await page.getByLabel('Full name').fill(answers.name);
  await page.getByLabel('Mobile number').fill(answers.number);
  await page.getByLabel('What is your enquiry about?').selectOption({ label: answers.enquiry });
  if (answers.email) await page.getByLabel('Email address (optional)').fill(answers.email);
  if (answers.message) await page.getByLabel('Message (optional)').fill(answers.message);
  if (answers.consent !== false) await consentBox(page).check();
}

describe('Contact Us form', () => {
  test('sends an enquiry, shows the server message, clears every field, and stores the source page', async () => {
    const { page, problems } = await site.open('/contactus?from=%2Fpersonalloan');
    await fillContact(page, {
      name: 'Meera Joshi',
      number: '+91 99220 11223',
      enquiry: 'New StartUp',
      email: 'meera@example.in',
      message: 'Starting a bakery.',
    });
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Your enquiry has been received/);
    for (const label of ['Full name', 'Mobile number', 'Email address (optional)', 'Message (optional)']) {
      expect(await page.getByLabel(label).inputValue()).toBe('');
    }
    expect(await page.getByLabel('What is your enquiry about?').inputValue()).toBe('');
    expect(storedEnquiries(site.server.dataDir, 'contact').at(-1)).toMatchObject({
      fields: {
        name: 'Meera Joshi',
        number: '+919922011223',
        enquiry: 'New StartUp',
        email: 'meera@example.in',
        message: 'Starting a bakery.',
      },
      sourcePage: '/personalloan',
      consent: { noticeVersion: expect.stringMatching(/^\d+$/) as unknown },
    });
    expect(await consentBox(page).isChecked()).toBe(false);
    // The thank-you message gives the enquiry's reference, the one it is stored with.
    const { reference } = storedEnquiries(site.server.dataDir, 'contact').at(-1)!;
    expect(reference).toMatch(/^VF-\w{4}-\w{4}$/);
    expect(await page.getByRole('alert').textContent()).toContain(`Your reference is ${reference}. Please note it down`);
    await expectNoAxeViolations(page, '/contactus after sending');
    expect(problems).toEqual([]);
  });

  test('the privacy notice stands beside the form, and without its box ticked nothing is sent', async () => {
    const { page } = await site.open('/contactus');
    const notice = page.getByRole('region', { name: 'How we use your details' });
    expect(await notice.textContent()).toMatch(/erase your details two years after our last contact/);
    expect(await notice.getByRole('link', { name: 'Read our full privacy notice' }).getAttribute('href')).toBe('/privacy');
    expect(await consentBox(page).isChecked()).toBe(false);
    expect(await consentBox(page).getAttribute('required')).not.toBeNull();

    const before = storedEnquiries(site.server.dataDir, 'contact').length;
    await fillContact(page, { name: 'No Consent', number: '9822012345', enquiry: 'General Enquiry', consent: false });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => page.locator('.error-summary').getByRole('link').allTextContents()).toEqual([CONSENT_ERROR]);
    await page.locator('.error-summary').getByRole('link', { name: CONSENT_ERROR }).click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
    expect(await consentBox(page).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/contactus without consent');
    expect(storedEnquiries(site.server.dataDir, 'contact').length).toBe(before);

    await consentBox(page).check();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/received/);
    expect(storedEnquiries(site.server.dataDir, 'contact').length).toBe(before + 1);
  });

  test('shows an error summary that takes focus and links to each field, and a message by each field', async () => {
    const { page } = await site.open('/contactus');
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    const summary = page.locator('.error-summary');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      'Enter your name',
      'Enter a 10-digit mobile number, like 98765 43210',
      'Select what your enquiry is about',
      CONSENT_ERROR,
    ]);

    const phone = page.getByLabel('Mobile number');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(descriptions.join(' ')).toContain('Error: Enter a 10-digit mobile number, like 98765 43210');

    await summary.getByRole('link', { name: 'Enter your name' }).click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toBe(
      await page.getByLabel('Full name').getAttribute('id'),
    );
    await expectNoAxeViolations(page, '/contactus with errors');
    expect(storedEnquiries(site.server.dataDir, 'contact').some((record) => record.fields.number === '12345')).toBe(false);
  });

  test('a double click sends one enquiry', async () => {
    const { page } = await site.open('/contactus');
    const before = storedEnquiries(site.server.dataDir, 'contact').length;
    await fillContact(page, { name: 'Double Click', number: '9822012345', enquiry: 'General Enquiry' });
    await page.getByRole('button', { name: 'Send enquiry' }).dblclick();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/received/);
    await page.waitForTimeout(300);
    expect(storedEnquiries(site.server.dataDir, 'contact').length).toBe(before + 1);
  });

  test('when the server cannot be reached, says what to do and keeps what was typed', async () => {
    const own = await startServer();
    const { page, problems } = await site.open(new URL('/contactus', own.url).href);
    await page.waitForLoadState('networkidle');
    await own.stop();
    removeDir(own.dataDir);

    await fillContact(page, { name: 'Offline Visitor', number: '9988776655', enquiry: 'Other', message: 'Please call me.' });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/could not be sent/);
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toMatch(/Try again in a minute, or call us on \+91/);
    expect(await alert.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Offline Visitor');
    expect(await page.getByLabel('Message (optional)').inputValue()).toBe('Please call me.');
    expect(await page.getByRole('button', { name: 'Send enquiry' }).isEnabled()).toBe(true);
    expect(problems.filter((problem) => !/addcontactdata|ERR_CONNECTION_REFUSED/.test(problem))).toEqual([]);
  });
});

describe('About-page form', () => {
  test('sends a message, shows the server message and clears the fields', async () => {
    const { page, problems } = await site.open('/about');
    await page.getByLabel('Full name').fill('Sunil More');
    await page.getByLabel('Address').fill('Shop 3, Jalna Road');
    await page.getByLabel('Message', { exact: true }).fill('Need working capital for my shop.');
    await page.getByLabel('Phone number').fill('9890098900');
    await consentBox(page).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Your message has reached us/);
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(storedEnquiries(site.server.dataDir, 'about').at(-1)).toMatchObject({
      fields: { name: 'Sunil More', phoneno: '+919890098900' },
    });
    expect(problems).toEqual([]);
  });

  test('all four fields and the consent box are required, and the phone field is a telephone input', async () => {
    const { page } = await site.open('/about');
    expect(await page.getByLabel('Phone number').getAttribute('type')).toBe('tel');
    await page.getByRole('button', { name: 'Send message' }).click();
    // The form's checks are fetched on first use, so the summary comes a moment after the click.
    await page.locator('.error-summary').waitFor();
    expect(await page.locator('.error-summary').getByRole('link').allTextContents()).toEqual([
      'Enter your name',
      'Enter your address',
      'Enter your message',
      'Enter your mobile number',
      CONSENT_ERROR,
    ]);
    await expectNoAxeViolations(page, '/about with errors');
  });
});
