import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { expectNoAxeViolations } from '../helpers/axe';
import { logInOnPage, tooWide, VIEWPORTS } from '../helpers/deskPage';
import { draftSaved } from '../helpers/pageEditor';
import { ROOT } from '../helpers/server';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const EDITOR = { username: 'lekha', password: 'lekha own phrase' };
// The server only reads its content folder: the checkout's own serves, and stays as it was.
const site = useSite({
  env: {
    PAGES_DIR: path.join(ROOT, 'pages-data'),
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    TRUST_PROXY: '127.0.0.1',
  },
});
const admin = adminClient(() => site.server);
const DESK = readFileSync(path.join(ROOT, 'pages-data/_desk.yaml'), 'utf8');
const SCAM = 'Pay the processing fee to UPI scam@upi';

async function signIn(page: Page, account: { username: string; password: string }) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** What a visitor reads on /contactus now: the firm's old number or the new one. */
async function contactPhone(page: Page): Promise<string> {
  await page.goto(new URL('/contactus', site.url).href);
  const text = (await page.locator('main').textContent()) ?? '';
  return text.includes('+91 66666 66666') ? 'new' : text.includes('+91 90110 22334') ? 'old' : 'neither';
}

describe('owners approve what speaks for the firm, through the screen', () => {
  beforeAll(async () => {
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    const editor = await admin.addAccount(owner, EDITOR, 'editor');
    // Another change of the editor's already waits: a message to enquirers in the desk's words.
    const saved = await admin.request('PUT', `/admin/api/pages/_desk.yaml/draft`, {
      cookie: editor,
      body: { source: DESK.replace('label: Sanctioned', `label: ${SCAM}`), basedOn: '0' },
    });
    expect((await admin.post('/admin/api/pages/_desk.yaml/publish', { basedOn: saved.json.revision }, editor)).status).toBe(202);
  });

  test('an editor’s new phone number waits for the owner, who compares, publishes it and sends the desk change back; the editor sees the note', async () => {
    const { page, problems } = await site.open('/adminLogin', { viewport: VIEWPORTS[0]! });
    const visitor = await site.open('/contactus');

    // The editor changes the firm's phone in _site.yaml and publishes: it is sent for review, not served.
    await signIn(page, EDITOR);
    await page.waitForURL('**/admin/pages');
    await page.goto(new URL('/admin/pages/_site.yaml', site.url).href);
    const phoneLine = page.locator('.cm-line', { hasText: 'phone: +91 90110 22334' }).first();
    await phoneLine.click();
    await page.keyboard.press('End');
    for (let typed = 0; typed < '90110 22334'.length; typed += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('66666 66666');
    await draftSaved(page);
    expect(await page.getByText('Changes to the firm’s details go to an owner for review before visitors see them').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Publish' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Note for the history (optional)').fill('New office line');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText('Sent to an owner for review, because it changes what speaks for the firm: phone in _site.yaml.', { exact: false })
            .count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    await page.getByRole('heading', { name: 'Waiting for an owner’s review' }).waitFor();
    expect(await contactPhone(visitor.page)).toBe('old');

    // The owner sees both changes waiting from the dashboard, compares each with what is live, at both widths.
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/adminLogin');
    await logInOnPage(page, OWNER);
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: '2 changes wait for your review' }).click();
    await page.waitForURL('**/admin/review');
    const phone = page.getByRole('region', { name: '_site.yaml, from lekha' });
    const desk = page.getByRole('region', { name: '_desk.yaml, from lekha' });
    await phone.locator('.cm-mergeView').waitFor();
    await desk.locator('.cm-mergeView').waitFor();
    expect(await phone.textContent()).toContain(
      'with the note “New office line”. It needs an owner because it changes phone in _site.yaml.',
    );
    expect(await phone.locator('.cm-changedLine', { hasText: '66666 66666' }).count()).toBe(1);
    expect(await desk.locator('.cm-changedLine', { hasText: SCAM }).count()).toBe(1);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect.poll(() => tooWide(page), { timeout: 10_000 }).toEqual([]);
      await expectNoAxeViolations(page, `the review screen at ${viewport.width}px`);
    }

    // The phone is published as the editor wrote it.
    await phone.getByRole('button', { name: 'Publish the change to _site.yaml' }).click();
    await expect
      .poll(() => page.getByText(/^Published _site\.yaml as lekha wrote it \(revision \d+\): visitors see it now\.$/).count())
      .toBe(1);
    await expect.poll(() => contactPhone(visitor.page)).toBe('new');

    // The desk change goes back: a note is required, and its error is on the field.
    await desk.getByRole('button', { name: 'Send back the change to _desk.yaml' }).click();
    await expect.poll(() => desk.getByText('Error: Write a note for the editor').count()).toBe(1);
    expect(await desk.getByLabel('Note for lekha').getAttribute('aria-invalid')).toBe('true');
    await desk.getByLabel('Note for lekha').fill('We never ask for a fee on WhatsApp: take this sentence out.');
    await desk.getByRole('button', { name: 'Send back the change to _desk.yaml' }).click();
    await expect
      .poll(() => page.getByText('Sent the change to _desk.yaml back to lekha with your note; nothing was published.').count())
      .toBe(1);
    await page.getByText('Nothing is waiting for review.').waitFor();
    await expectNoAxeViolations(page, 'the review screen with nothing waiting');

    // The editor opens _desk.yaml and reads the owner's note on it.
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.waitForURL('**/adminLogin');
    await signIn(page, EDITOR);
    await page.waitForURL('**/admin/pages');
    await page.goto(new URL('/admin/pages/_desk.yaml', site.url).href);
    const returned = page.getByRole('region', { name: 'Sent back by owner' });
    await returned.waitFor();
    expect(await returned.locator('blockquote').textContent()).toBe('We never ask for a fee on WhatsApp: take this sentence out.');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the editor with a change sent back at ${viewport.width}px`);
    }
    // The one refused request is the empty note, which the server checks like every body (as the desk's forms do).
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([
      expect.stringMatching(/^HTTP 400: .*\/admin\/api\/submissions\/\d+\/return$/),
      'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  }, 180_000);
});
