import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import { indiaDate } from '../../src/shared/indiaTime';
import { expectNoAxeViolations } from '../helpers/axe';
import { firstSignIn, logInOnPage, VIEWPORTS } from '../helpers/deskPage';
import { sendContactForm } from '../helpers/contactEnquiry';
import { postJson, storedEnquiries } from '../helpers/storedData';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'staff-only-9281' };
const STAFF = { username: 'sneha', password: 'sneha own phrase' };
/** The password the owner gives sneha; she must choose her own at her first sign-in. */
const STAFF_FIRST = 'sneha first pass';
const site = useSite({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
const logIn = (page: Page, credentials = OWNER) => logInOnPage(page, credentials);
/** A desk screen opened without a session goes to the sign-in, which brings the person back to it afterwards. */
const signInAsked = (page: Page, screen: string) =>
  page.waitForURL((url) => url.pathname === '/adminLogin' && url.searchParams.get('next') === screen);

/** Waits until the list has loaded, so an absent row really is absent. */
async function listLoaded(page: Page) {
  await expect.poll(() => page.getByRole('heading', { level: 2 }).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
}

describe('the lead desk', () => {
  test('an enquiry sent through Contact Us appears in /table; an owner selects and deletes it and it stays gone; log out locks /table', async () => {
    const visitor = await site.open('/contactus?from=%2Fbusinessloan');
    await sendContactForm(visitor.page, 'Kiran Deshmukh', '9011223344');

    const { page, problems } = await site.open('/table');
    await signInAsked(page, '/table');
    await logIn(page);
    const row = page.getByRole('row').filter({ hasText: 'Kiran Deshmukh' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('/businessloan');
    expect(await row.textContent()).toContain('+91 90112 23344');
    expect(await row.textContent()).toContain('New');

    await row.getByRole('checkbox').check();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('selectedItems')))!)).toHaveLength(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await expect.poll(() => page.getByText('1 enquiry deleted.').isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    expect(storedEnquiries(site.server.dataDir, 'contact').some((record) => record.fields.name === 'Kiran Deshmukh')).toBe(false);

    await page.reload();
    await listLoaded(page);
    expect(await page.getByRole('row').filter({ hasText: 'Kiran Deshmukh' }).count()).toBe(0);

    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/adminLogin');
    await page.goto(new URL('/table', site.url).href);
    await signInAsked(page, '/table');
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  test('a staff member filters, opens an enquiry, changes its status, adds a note, sets a follow-up and finds it under Due', async () => {
    for (const name of ['Anand Kulkarni', 'Farah Shaikh']) {
      expect(
        (
          await postJson(new URL('/addcontactdata', site.url).href, {
            name,
            number: '9822012345',
            enquiry: 'other',
            message: 'Working capital',
            consent: true,
          })
        ).status,
      ).toBe(200);
    }
    // The owner adds the staff account through the desk.
    const owner = await site.open('/adminLogin');
    await logIn(owner.page);
    await owner.page.getByRole('link', { name: 'Staff accounts' }).click();
    await owner.page.getByLabel('Username').fill(STAFF.username);
    await owner.page.getByLabel('First password').fill(STAFF_FIRST);
    await owner.page.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => owner.page.getByText(`The account ${STAFF.username} has been added as staff`).isVisible()).toBe(true);

    const { page, problems } = await site.open('/adminLogin');
    // First the password an owner chose must go.
    await firstSignIn(page, STAFF, STAFF_FIRST);
    // Owners' tools are not offered to staff.
    for (const name of ['Staff accounts', 'Audit log']) expect(await page.getByRole('link', { name }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Delete selected/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Export CSV/ }).count()).toBe(0);

    // Before any follow-up is set, Due says there is nothing due.
    await page.getByRole('link', { name: 'Due today and overdue' }).click();
    await expect.poll(() => page.getByText('Nothing due: no follow-ups for today or before.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Enquiries', exact: true }).click();

    await page.getByLabel('Status').selectOption({ label: 'New' });
    await page.getByLabel('Search by name, phone, e-mail or reference').fill('farah');
    const list = page.getByRole('region', { name: 'All enquiries, table' });
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    expect(page.url()).toContain('q=farah');
    const sameNumber = list.getByRole('row').filter({ hasText: 'Farah Shaikh' }).getByRole('link', { name: '1 other' });
    expect(await sameNumber.count()).toBe(1);
    await list.getByRole('link', { name: 'Farah Shaikh', exact: true }).click();

    const enquiry = page.getByRole('article');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Farah Shaikh' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Farah Shaikh');
    expect(await enquiry.textContent()).toContain('Working capital');
    expect(await enquiry.textContent()).toMatch(/Consent\s*Given .* to notice version \d+/);
    expect(await enquiry.locator('.desk-reference').textContent()).toMatch(/^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    await enquiry.getByLabel('Status', { exact: true }).selectOption({ label: 'Contacted' });
    await enquiry.getByRole('button', { name: 'Save status' }).click();
    await expect.poll(() => enquiry.getByText('Status saved.').isVisible()).toBe(true);
    await enquiry.getByLabel('What was said or agreed').fill('Called her; she will send the GST returns.');
    await enquiry.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => enquiry.getByText('Note added.').isVisible()).toBe(true);
    await enquiry.getByLabel('Date').fill(indiaDate());
    await enquiry.getByRole('button', { name: 'Save follow-up' }).click();
    await expect.poll(() => enquiry.getByText('Follow-up saved.').isVisible()).toBe(true);

    const history = enquiry.getByRole('list').last();
    const lines = await history.getByRole('listitem').allTextContents();
    expect(lines[0]).toMatch(/^Received/);
    expect(lines.slice(1).map((line) => line.replace(/, \d.*$/, ''))).toEqual([
      `Status changed from New to Contacted by ${STAFF.username}`,
      `Note by ${STAFF.username}`,
      expect.stringMatching(new RegExp(`^Follow-up set for .* by ${STAFF.username}$`)),
    ]);
    expect(lines[2]).toContain('Called her; she will send the GST returns.');

    await page.getByRole('link', { name: 'Due today and overdue' }).click();
    const due = page.getByRole('region', { name: 'Due today and overdue, table' });
    await expect.poll(() => due.getByRole('row').filter({ hasText: 'Farah Shaikh' }).count()).toBe(1);
    expect(await due.getByRole('row').filter({ hasText: 'Anand Kulkarni' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('on a phone, a Marathi enquiry has Call and WhatsApp on its card; WhatsApp carries the Marathi message and moves it to Contacted', async () => {
    const sent = await postJson(new URL('/addcontactdata', site.url).href, {
      name: 'Sunita Jadhav',
      number: '9822012345',
      enquiry: 'other',
      message: 'Udyam',
      consent: true,
      lang: 'mr',
    });
    expect(sent.status).toBe(200);
    const { page, problems } = await site.open('/adminLogin', { viewport: VIEWPORTS[0] });
    // Within the calling hours, so WhatsApp opens without asking (tests/browser/callingHours.test.ts asks).
    await page.clock.setFixedTime(new Date('2026-11-26T11:00:00+05:30'));
    await logIn(page);
    // The owner gives their own account its names for enquirers: the message signs with the Marathi one.
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.getByLabel('In English (owner)').fill('Anil Deshmukh');
    await page.getByLabel('In Marathi (owner)').fill('अनिल देशमुख');
    await page.getByRole('button', { name: 'Save the names of owner' }).click();
    await expect.poll(() => page.getByText('Enquirers read owner as Anil Deshmukh (English), अनिल देशमुख (Marathi).').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Enquiries', exact: true }).click();
    await listLoaded(page);
    const card = page.getByRole('row').filter({ hasText: 'Sunita Jadhav' });
    expect(await card.getByText('+91 98220 12345', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Call Sunita Jadhav' }).getAttribute('href')).toBe('tel:+919822012345');
    await card.getByLabel('Message').selectOption({ label: 'Tried to call' });
    const whatsapp = card.getByRole('link', { name: 'WhatsApp Sunita Jadhav (opens in a new tab)' });
    const link = new URL((await whatsapp.getAttribute('href'))!);
    expect(link.origin + link.pathname).toBe('https://wa.me/919822012345');
    expect(link.searchParams.get('text')).toBe(
      'नमस्कार Sunita Jadhav, मी Vardhan Finance Consultants मधून अनिल देशमुख बोलत आहे. तुमच्या चौकशीबद्दल मी तुम्हाला फोन केला होता, पण बोलणे होऊ शकले नाही. तुम्हाला सोयीची वेळ कळवा, किंवा याच नंबरवर परत फोन करा.',
    );
    // The browser may not open wa.me here (no network); the tap is recorded all the same.
    await page.route('https://wa.me/**', (route) => route.fulfill({ status: 204 }));
    await whatsapp.click();
    await expect.poll(() => card.getByRole('cell', { name: 'Contacted' }).count(), { timeout: 20_000 }).toBe(1);
    await card.getByRole('link', { name: 'Sunita Jadhav', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Sunita Jadhav' }).waitFor();
    expect(await page.getByText('Messaged on WhatsApp (Tried to call)').count()).toBe(1);
    expect(await page.getByText('Status changed from New to Contacted').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  test('the login shows the firm’s messages and has the three modes, each with Back to Login', async () => {
    const { page } = await site.open('/adminLogin');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('not it');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect username or password, please try again.');
    await expectNoAxeViolations(page, '/adminLogin with an error');

    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reset password');
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Current password').fill(OWNER.password);
    await page.getByLabel('New password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm new password').fill('abcdefgX');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('New passwords do not match.');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin login');

    await page.getByRole('link', { name: 'Reset username' }).click();
    await page.getByLabel('Current username').fill(OWNER.username);
    await page.getByLabel('Current password').fill(OWNER.password);
    await page.getByLabel('New username', { exact: true }).fill('ab');
    await page.getByLabel('Confirm new username').fill('ab');
    await page.getByRole('button', { name: 'Change username' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Username must be at least 3 characters.');
    await expectNoAxeViolations(page, '/adminLogin?mode=reset-username');
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/adminLogin');
  });

  test('every desk screen has no axe violation and no sideways scrolling, on a desk and on a phone', async () => {
    expect(
      (
        await postJson(new URL('/aboutform', site.url).href, {
          name: 'Axe Visitor',
          address: 'Cidco',
          message: 'Hi',
          phoneno: '9890098900',
          consent: true,
        })
      ).status,
    ).toBe(200);
    for (const viewport of VIEWPORTS) {
      const { page } = await site.open('/adminLogin', { viewport });
      await logIn(page);
      const screens: [string, () => Promise<unknown>][] = [
        ['/table', () => listLoaded(page)],
        ['/table?view=due', () => listLoaded(page)],
        // With no backup yet, the owner's dashboard warns of it.
        ['/table?view=dashboard', () => page.getByText('There is no backup yet.').waitFor()],
        ['/table?view=accounts', () => page.getByRole('heading', { level: 1, name: 'Staff accounts' }).waitFor()],
        ['/table?view=audit', () => page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()],
        ['/table?view=privacy', () => page.getByRole('heading', { name: 'Requests about personal data' }).waitFor()],
        ['/table?view=person', () => page.getByRole('heading', { level: 1, name: 'Find a person’s data' }).waitFor()],
        ['/abouttable', () => listLoaded(page)],
      ];
      for (const [path, ready] of screens) {
        await page.goto(new URL(path, site.url).href);
        await ready();
        await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
        await expectNoAxeViolations(page, `${path} at ${viewport.width}px`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${viewport.width}px`).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await page.getByRole('link', { name: 'Axe Visitor', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Axe Visitor' }).waitFor();
      await expectNoAxeViolations(page, `an enquiry at ${viewport.width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  }, 120_000);

  test('admin pages carry no content, say noindex, and public pages never load their code', async () => {
    const html = await (await fetch(new URL('/table', site.url))).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<div id="root"></div>');
    const { page } = await site.open('/');
    await page.waitForLoadState('networkidle');
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .join(' '),
    );
    expect(loaded).not.toMatch(/Admin|Desk/);
  });
});
