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

/**
 * A colleague's first sign-in on the login page already open, with the password an owner gave
 * them: the reset form opens with the reason and their username, and they choose their own.
 */
export async function firstSignIn(page: Page, { username, password }: { username: string; password: string }, firstPassword: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(firstPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reset password');
  expect(await page.getByRole('alert').textContent()).toMatch(/chosen by someone else/);
  expect(await page.getByLabel('Username').inputValue()).toBe(username);
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL('**/table');
  await page.getByText(`Logged in as ${username} (staff).`).waitFor();
}

/**
 * The elements that reach past the right edge of a 360 px screen, other than those inside a box
 * that scrolls or clips them (a wide table scrolls in its own box; the preview is drawn scaled).
 */
export function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const found = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !clipped(element);
    });
    const pageWide =
      document.documentElement.scrollWidth > width ? [`the page scrolls sideways (${document.documentElement.scrollWidth} px)`] : [];
    return [
      ...pageWide,
      ...found.map(
        (element) => `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      ),
    ];
  });
}
