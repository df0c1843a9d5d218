import type { Page } from 'playwright';
import { expect } from 'vitest';
import type { useSite } from './site';

/** A visitor fills in the Contact Us form open on `page`, sends it and sees it received. */
export async function sendContactForm(page: Page, name: string, mobile: string): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('What is your enquiry about?').selectOption({ label: 'Existing Business Expansion' });
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/received/);
}

/** A visitor's enquiry through the Contact Us form, in a page of its own. */
export async function enquire(site: ReturnType<typeof useSite>, name: string, mobile: string): Promise<void> {
  const visitor = await site.open('/contactus');
  await sendContactForm(visitor.page, name, mobile);
  await visitor.page.close();
}
