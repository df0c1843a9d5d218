import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe';
import { postJson, storedEnquiries } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const ADMIN = { username: 'owner', password: 'staff-only-9281' };
const site = useSite({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
const XSS = '<img src=x onerror="window.__xss=1;alert(1)">';

async function logIn(page: Page) {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/table');
}

describe('the admin area', () => {
  test('an enquiry sent through Contact Us appears in /table; it can be selected, deleted and stays gone; log out locks /table', async () => {
    const visitor = await site.open('/contactus?from=%2Fbusinessloan');
    await visitor.page.getByLabel('Full name').fill('Kiran Deshmukh');
    await visitor.page.getByLabel('Mobile number').fill('9011223344');
    await visitor.page.getByLabel('What is your enquiry about?').selectOption({ label: 'Existing Business Expansion' });
    await visitor.page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect.poll(() => visitor.page.getByRole('alert').textContent()).toMatch(/received/);

    const { page, problems } = await site.open('/table');
    await page.waitForURL('**/adminLogin');
    await logIn(page);
    const contact = page.getByRole('region', { name: 'Contact Us Data', exact: true });
    const row = contact.getByRole('row').filter({ hasText: 'Kiran Deshmukh' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('/businessloan');
    expect(await row.textContent()).toContain('+919011223344');

    await row.getByRole('checkbox').check();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('selectedItems')))!)).toHaveLength(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('button', { name: /Delete selected \(1\)/ })
      .first()
      .click();
    await expect.poll(() => page.getByText('CONTACT DELETED SUCESSFULLY').isVisible()).toBe(true);
    expect(await row.count()).toBe(0);
    expect(storedEnquiries(site.server.dataDir, 'contact').some((record) => record.name === 'Kiran Deshmukh')).toBe(false);

    await page.reload();
    // Both tables have appeared and finished loading (neither says Loading...), so an absent row really is absent.
    await expect.poll(() => page.getByRole('heading', { name: 'About Form Data' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: 'Kiran Deshmukh' }).count()).toBe(0);

    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/adminLogin');
    await page.goto(new URL('/table', site.url).href);
    await page.waitForURL('**/adminLogin');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  test('cancelling the confirmation deletes nothing', async () => {
    await postJson(new URL('/aboutform', site.url).href, {
      name: 'Keep Me',
      address: 'Jalna Road',
      message: 'Hello',
      phoneno: '9876500000',
    });
    const { page } = await site.open('/adminLogin');
    await logIn(page);
    const about = page.getByRole('region', { name: 'About Form Data', exact: true });
    await about.getByRole('row').filter({ hasText: 'Keep Me' }).getByRole('checkbox').check();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page
      .getByRole('button', { name: /Delete selected/ })
      .last()
      .click();
    expect(await about.getByRole('row').filter({ hasText: 'Keep Me' }).count()).toBe(1);
    expect(storedEnquiries(site.server.dataDir, 'about').some((record) => record.name === 'Keep Me')).toBe(true);
  });

  test('stored markup is shown as text and never runs, in the table and in the CSV', async () => {
    await postJson(new URL('/addcontactdata', site.url).href, {
      name: XSS,
      number: '9876543210',
      enquiry: 'other',
      message: '=cmd|"/c calc"!A1',
    });
    const { page } = await site.open('/adminLogin');
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await logIn(page);
    const cell = page.getByRole('cell', { name: XSS, exact: true });
    await expect.poll(() => cell.count()).toBe(1);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Contact Us Data', exact: true }).getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFReceived (India time),Full name,Mobile number,What is your enquiry about?,Email address,Message,Source page',
    );
    expect(csv).toContain(`"<img src=x onerror=""window.__xss=1;alert(1)"">"`);
    expect(csv).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(csv).toContain("'+919876543210");
    expect(dialogs).toBe(0);
  });

  test('the search box filters the rows', async () => {
    await postJson(new URL('/addcontactdata', site.url).href, {
      name: 'Searchable Sharma',
      number: '9876511111',
      enquiry: 'General Enquiry',
    });
    const { page } = await site.open('/adminLogin');
    await logIn(page);
    const contact = page.getByRole('region', { name: 'Contact Us Data', exact: true });
    await expect.poll(() => contact.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByLabel('Search Contact Us Data').fill('searchable');
    await expect.poll(() => contact.getByRole('row').count()).toBe(2);
    expect(await contact.getByRole('row').nth(1).textContent()).toContain('Searchable Sharma');

    // "Select all" takes only the rows the search shows, and is within reach on a phone too.
    await contact.getByRole('checkbox', { name: 'Select all 1 shown' }).check();
    expect(await contact.getByRole('button', { name: 'Delete selected (1)' }).isEnabled()).toBe(true);
    await contact.getByRole('checkbox', { name: 'Select all 1 shown' }).uncheck();
    expect(await contact.getByRole('button', { name: 'Delete selected (0)' }).isDisabled()).toBe(true);
  });

  test('a session that ends on the server sends the admin back to the login', async () => {
    const { page } = await site.open('/adminLogin');
    await logIn(page);
    // Another device changes the password, which ends every other session.
    await postJson(
      new URL('/admin/reset-password', site.url).href,
      {
        username: ADMIN.username,
        currentPassword: ADMIN.password,
        newPassword: `${ADMIN.password}!`,
        confirmPassword: `${ADMIN.password}!`,
      },
      { Origin: new URL(site.url).origin },
    );
    ADMIN.password = `${ADMIN.password}!`;
    await page.reload();
    await page.waitForURL('**/adminLogin');
  });

  test("the login shows SPEC's messages and has the three modes, each with Back to Login", async () => {
    const { page } = await site.open('/adminLogin');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('not it');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect username or password, please try again.');
    await expectNoAxeViolations(page, '/adminLogin with an error');

    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reset password');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Current password').fill(ADMIN.password);
    await page.getByLabel('New password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm new password').fill('abcdefgX');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('New passwords do not match.');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin login');

    await page.getByRole('link', { name: 'Reset username' }).click();
    await page.getByLabel('Current password').fill(ADMIN.password);
    await page.getByLabel('New username', { exact: true }).fill('ab');
    await page.getByLabel('Confirm new username').fill('ab');
    await page.getByRole('button', { name: 'Change username' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Username must be at least 3 characters.');
    await expectNoAxeViolations(page, '/adminLogin?mode=reset-username');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/adminLogin');
  });

  test.each(['/table', '/abouttable'])('%s has no axe violation, on a desk and on a phone', async (path) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const { page } = await site.open('/adminLogin', { viewport });
      await logIn(page);
      await page.goto(new URL(path, site.url).href);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
      await expectNoAxeViolations(page, `${path} at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });

  test('admin pages are not prerendered, say noindex, and public pages never load their code', async () => {
    const html = await (await fetch(new URL('/table', site.url))).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<div id="root"><!--app--></div>');
    const { page } = await site.open('/');
    await page.waitForLoadState('networkidle');
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .join(' '),
    );
    expect(loaded).not.toMatch(/Admin/);
  });
});
