import type { Page } from 'playwright';
import { expect } from 'vitest';

/** The two widths every desk screen is checked at: a desk and a small phone. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/** Signs in on the login page already open, and waits for the desk to have loaded. */
export async function logInOnPage(page: Page, { username, password }: { username: string; password: string }) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/table');
  // The desk shows itself once the server has confirmed the session.
  await page.getByText(/^Logged in as /).waitFor();
  await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
}
