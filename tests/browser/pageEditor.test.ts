import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { expectNoAxeViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/deskPage';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';
import { ROOT } from '../helpers/server';
import { draftSaved } from '../helpers/pageEditor';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const EDITOR = { username: 'lekha', password: 'lekha own phrase' };
// The server only reads its content folder: the checkout's own serves, and stays as it was.
const pagesDir = path.join(ROOT, 'pages-data');
const site = useSite({
  env: { PAGES_DIR: pagesDir, ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' },
});
const admin = adminClient(() => site.server);

async function editorSignsIn(page: Page) {
  await page.getByLabel('Username').fill(EDITOR.username);
  await page.getByLabel('Password').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin/pages');
  await page.getByRole('link', { name: '/clcss', exact: true }).waitFor();
}

const code = (page: Page) => page.locator('.cm-content');
const saved = draftSaved;

describe('the page editor in Chromium', () => {
  // The owner adds the editor account, whose holder sets a password of their own.
  beforeAll(async () => {
    await admin.addAccount((await admin.logIn(OWNER.username, OWNER.password)).cookie, EDITOR, 'editor');
  });

  test('an editor finds /clcss, sees an unknown key at its line, inserts a block, sees the preview change, publishes, and rolls back', async () => {
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    // The Marathi page has a draft of its own, which the editor of the English page may publish with it.
    const marathi = `# Read again by the owner\n${readFileSync(path.join(pagesDir, 'mr/clcss.yaml'), 'utf8')}`;
    const draft = await admin.request('PUT', `/admin/api/pages/${encodeURIComponent('mr/clcss.yaml')}/draft`, {
      body: { source: marathi, basedOn: '0' },
      cookie: owner,
    });
    expect(draft.status).toBe(200);

    const { page, problems } = await site.open('/adminLogin');
    await editorSignsIn(page);
    await page.getByLabel('Search by address or title').fill('clcss');
    await page.getByRole('link', { name: '/clcss', exact: true }).click();
    await page.waitForURL('**/admin/pages/clcss.yaml');
    // A page opens in the form view; the YAML is a button away, on the same draft.
    await page.locator('.page-form').waitFor();
    await page.getByRole('button', { name: 'YAML text' }).click();
    await code(page).waitFor();

    // An unknown key as a new first line: the check names it at line 1, column 1, underlined in the text.
    await code(page).focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('colour: blue\n');
    const unknown = page.getByRole('button', { name: /\(line 1, column 1\)$/ });
    await expect.poll(() => unknown.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    // Removed again with CodeMirror's delete-line key.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Control+Shift+K');
    await expect.poll(() => unknown.count(), { timeout: 20_000 }).toBe(0);

    // A block inserted at the end, with its required keys, shows in the preview.
    await code(page).focus();
    await page.keyboard.press('Control+End');
    await page.getByLabel('Block to insert').selectOption('faq');
    await page.getByRole('button', { name: 'Insert block' }).click();
    expect(await code(page).textContent()).toContain('- type: faq');
    // Its places to write are filled in the form view; the check refuses them until then.
    await expect.poll(() => page.getByText('Write the question.', { exact: false }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Form', exact: true }).click();
    const faq = page.locator('.page-form__block').last();
    await faq.getByLabel('Question', { exact: true }).fill('Can a unit claim CLCSS today?');
    await faq.getByLabel('Answer').fill('No: the scheme ended in March 2020. We help you find a capital subsidy that is open.');
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await expect.poll(() => preview.getByText('Can a unit claim CLCSS today?').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the editor at ${viewport.width}px`);
    }
    await page.setViewportSize(VIEWPORTS[0]!);

    await saved(page);
    await expect.poll(() => page.getByRole('button', { name: 'Publish' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Note for the history (optional)').fill('FAQ added');
    await page.getByRole('checkbox', { name: /^mr\/clcss\.yaml, draft saved by owner/ }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText(/^Published as revision \d+, with its मराठी draft:/).count(), { timeout: 20_000 }).toBe(1);
    // Published with the English, and stamped as made from it: only its source line changed.
    const withoutStamp = (text: string) => text.replace(/^source: .*$/m, '');
    const live = (
      await admin.get<{ draft: null; published: { source: string } }>(`/admin/api/pages/${encodeURIComponent('mr/clcss.yaml')}`, owner)
    ).json;
    expect(live.draft).toBeNull();
    expect(withoutStamp(live.published.source)).toBe(withoutStamp(marathi));

    const reader = await site.open('/clcss', { javaScriptEnabled: false });
    expect(await reader.page.getByText('Can a unit claim CLCSS today?').count()).toBeGreaterThan(0);

    page.on('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('listitem')
      .filter({ hasText: 'As deployed' })
      .getByRole('button', { name: /^Roll back to revision/ })
      .click();
    await expect.poll(() => page.getByText(/is live again/).count(), { timeout: 20_000 }).toBe(1);
    // Two revisions side by side: the published one with the FAQ and the rollback without it.
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.locator('.cm-mergeView').waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `two revisions compared at ${viewport.width}px`);
    }
    await reader.page.reload();
    expect(await reader.page.getByText('Can a unit claim CLCSS today?').count()).toBe(0);
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toContain('CLCSS');

    await page.goto(new URL('/admin/pages', site.url).href);
    await page.getByRole('link', { name: '/clcss', exact: true }).waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the list of pages at ${viewport.width}px`);
    }
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
    // One long path (sign-in, typing, six axe runs, publish, rollback, compare); with the suite's files side by side it takes over a minute.
  }, 240_000);

  test('through the screen alone: a new page from /clcss is published with nothing to fix, then its Marathi translation', async () => {
    const { page, problems } = await site.open('/adminLogin');
    await editorSignsIn(page);
    // A page started by mistake is thrown away, after a confirmation, and leaves the list.
    await page.getByLabel('Web address').fill('slip-test');
    await page.getByRole('button', { name: 'Start the page' }).click();
    await page.waitForURL('**/admin/pages/slip-test.yaml');
    expect(await page.getByRole('button', { name: 'Remove this page' }).count()).toBe(0);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Throw away this draft? /slip-test was never published, so it leaves the list of pages.');
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    await page.waitForURL('**/admin/pages');
    await page.getByText('The draft of /slip-test was thrown away; it is no longer listed.').waitFor();
    await page.getByLabel('Search by address or title').fill('slip-test');
    expect(await page.getByRole('link', { name: '/slip-test' }).count()).toBe(0);

    await page.getByLabel('Web address').fill('your-page');
    await page.getByLabel('Start from').selectOption('clcss.yaml');
    await page.getByRole('button', { name: 'Start the page' }).click();
    await page.waitForURL('**/admin/pages/your-page.yaml');
    await page.getByLabel('Page title').waitFor();
    // Its Marathi and Hindi versions do not exist yet: publishing lists it as not translated, so the check finds nothing to fix.
    const publish = page.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText(/to fix before publishing/).count()).toBe(0);
    await publish.click();
    await expect.poll(() => page.getByText(/^Published as revision \d+/).count(), { timeout: 20_000 }).toBe(1);
    const reader = await site.open('/your-page', { javaScriptEnabled: false });
    expect(await reader.page.locator('h1').textContent()).toContain('CLCSS');

    await page.getByRole('link', { name: 'All pages' }).click();
    await page.getByLabel('Search by address or title').fill('your-page');
    await page.getByRole('button', { name: /^Start the (mr|मराठी) translation of \/mr\/your-page/ }).click();
    await page.waitForURL('**/admin/pages/mr/your-page.yaml');
    await page.getByRole('button', { name: 'YAML text' }).click();
    await code(page).focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n# अनुवाद सुरू केला\n');
    await saved(page);
    // A new translation has no stamp yet: publishing gives it one, so the check finds nothing to fix here either.
    await expect.poll(() => publish.isEnabled(), { timeout: 20_000 }).toBe(true);
    await publish.click();
    await expect.poll(() => page.getByText(/^Published as revision \d+/).count(), { timeout: 20_000 }).toBe(1);
    expect((await fetch(new URL('/mr/your-page', site.url))).status).toBe(200);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  }, 240_000);

  test('a translator sees the English words that changed since the translation was made, and publishing it stamps it', async () => {
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    const at = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;
    const english = readFileSync(path.join(pagesDir, 'homeloan.yaml'), 'utf8').replace(
      'Compare offers, check your EMI and apply with our help.',
      'Compare offers, check your EMI and apply with our team beside you.',
    );
    const draft = await admin.request('PUT', at('homeloan.yaml', '/draft'), { body: { source: english, basedOn: '0' }, cookie: owner });
    expect((await admin.post(at('homeloan.yaml', '/publish'), { basedOn: draft.json.revision }, owner)).status).toBe(200);

    const { page, problems } = await site.open('/adminLogin');
    await editorSignsIn(page);
    await page.getByLabel('Show').selectOption({ label: 'Translations out of date' });
    await page.getByRole('link', { name: '/mr/homeloan', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Beside the English (homeloan.yaml)' });
    await panel.waitFor();
    const changed = panel.getByRole('row').filter({ hasText: 'Redo' });
    expect(await changed.count()).toBe(1);
    expect((await changed.locator('ins').allTextContents()).join(' ')).toContain('team');
    expect((await changed.locator('del').allTextContents()).join(' ')).toContain('help');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `a stale translation at ${viewport.width}px`);
    }

    // The translator brings the description up to date; publishing records that it matches the English.
    await page.getByRole('button', { name: 'YAML text' }).click();
    await code(page).focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n# पुन्हा तपासले\n');
    await saved(page);
    await expect.poll(() => page.getByRole('button', { name: 'Publish' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText(/^Published as revision/).count(), { timeout: 20_000 }).toBe(1);
    const listed = (await admin.get<{ items: { file: string; stale: boolean }[] }>('/admin/api/pages', owner)).json.items;
    expect(listed.find((item) => item.file === 'mr/homeloan.yaml')).toMatchObject({ stale: false });
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  }, 240_000);

  test('an editor uploads a phone photo with its alt text, places it, publishes, and cannot delete it while the page shows it', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 52/1 36/1' } })
      .toBuffer();
    const { page, problems } = await site.open('/adminLogin');
    await page.setViewportSize(VIEWPORTS[1]!);
    await editorSignsIn(page);
    await page.goto(new URL('/admin/pages/hotal.yaml', site.server.url).href);
    await page.getByRole('button', { name: 'YAML text' }).click();
    await code(page).waitFor();
    const pictures = page.getByRole('region', { name: 'Pictures' });

    // Without alt text the upload is refused in the form, before anything is sent.
    await pictures.getByLabel(/^Picture/).setInputFiles({ name: 'Hotel Front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pictures.getByRole('button', { name: 'Upload picture' }).click();
    expect(await pictures.getByText('Describe the picture for people who cannot see it').count()).toBe(1);
    await pictures.getByLabel(/^Alt text/).fill('The front of a hotel with its name board lit');
    await pictures.getByRole('button', { name: 'Upload picture' }).click();
    await expect.poll(() => pictures.getByText('Uploaded as images/hotel-front.jpg.').count(), { timeout: 20_000 }).toBe(1);
    await pictures.getByRole('listitem').filter({ hasText: 'Not used by any page.' }).waitFor();
    expect(await pictures.getByRole('img', { name: 'The front of a hotel with its name board lit' }).count()).toBe(1);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the pictures at ${viewport.width}px`);
    }
    await page.setViewportSize(VIEWPORTS[1]!);

    // In place of the first picture of the strip: its lines out, the cursor after "- ", then Insert.
    await code(page).focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+f');
    await page.keyboard.type('- image:');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    for (let n = 0; n < 'image:'.length; n += 1) await page.keyboard.press('Backspace');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Shift+K');
    await page.keyboard.press('Control+Shift+K');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await pictures.getByRole('button', { name: 'Insert images/hotel-front.jpg' }).click();
    // The lines of .cm-content run together: src and alt line up under "image:", two spaces in (column 11).
    expect(await code(page).textContent()).toContain(
      `      - image:${' '.repeat(10)}src: images/hotel-front.jpg${' '.repeat(10)}alt: The front of a hotel with its name board lit        caption: Hotel`,
    );
    await saved(page);
    await expect.poll(() => page.getByRole('button', { name: 'Publish' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText(/^Published as revision/).count(), { timeout: 20_000 }).toBe(1);

    // The visitor's page: the picture in WebP where the browser takes it, at its size, without the camera's data.
    const reader = await site.open('/hotal', { javaScriptEnabled: false });
    const shown = reader.page.locator('picture img[alt="The front of a hotel with its name board lit"]');
    expect(await shown.getAttribute('width')).toBe('1200');
    expect(await shown.getAttribute('height')).toBe('900');
    expect(await reader.page.locator('picture source[type="image/webp"]').count()).toBe(1);
    const served = Buffer.from(await (await fetch(new URL((await shown.getAttribute('src'))!, site.server.url))).arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);

    await pictures.getByRole('button', { name: 'Delete images/hotel-front.jpg' }).click();
    await expect
      .poll(() => pictures.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('images/hotel-front.jpg is still used by hotal.yaml. Take it out of those pages first.');
    expect(problems.filter((problem) => !/401|409/.test(problem))).toEqual([]);
  }, 240_000);

  test('an editor adds a page to the Services menu and moves an entry by keyboard on the Menu screen; after one publish it is on every page in every language', async () => {
    const { page, problems } = await site.open('/adminLogin');
    await editorSignsIn(page);
    await page.goto(new URL('/admin/menu', site.server.url).href);
    const menu = page.getByRole('region', { name: 'The menu in every language' });
    const retail = menu.getByRole('list', { name: 'Services › Retail Loans' });
    await retail.waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the menu at ${viewport.width}px`);
    }

    // Home Loan one down, by keyboard; the focus stays on the entry's button, wherever it went.
    await menu.getByRole('button', { name: 'Move down Home Loan' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Moved Home Loan down\./);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Move down Home Loan');
    // Back to the top, where it has no Move up: the focus goes to its Move down, and Enter takes it down again.
    await menu.getByRole('button', { name: 'Move up Home Loan' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Moved Home Loan up\./);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Move down Home Loan');
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Moved Home Loan down\./);
    expect((await retail.getByRole('listitem').allTextContents()).slice(0, 2).map((text) => text.split(' /')[0])).toEqual([
      'Property Loan',
      'Home Loan',
    ]);

    // MUDRA in the Retail Loans column, labelled in English and Marathi; Hindi is left for a translator.
    await menu.getByLabel('Page', { exact: true }).selectOption('/mudra');
    await menu.getByLabel('Where').selectOption({ label: 'Services › Retail Loans' });
    await menu.getByLabel('Label in English').fill('MUDRA Loan');
    await menu.getByLabel(/^Label in मराठी/).fill('मुद्रा कर्ज');
    await menu.getByRole('button', { name: 'Add to the menu' }).click();
    await expect
      .poll(() => menu.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/^Added MUDRA Loan to Services › Retail Loans\./);
    expect(await retail.getByRole('listitem').filter({ hasText: 'MUDRA Loan' }).getByText('Needs its label in हिंदी').count()).toBe(1);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the changed menu at ${viewport.width}px`);
    }

    // One Publish the menu, no box to tick: every language's site file goes live at once.
    await page.getByRole('button', { name: 'Publish the menu' }).click();
    await expect
      .poll(() => page.getByText(/^The menu is published in English, मराठी, हिंदी: visitors see it now\./).count(), { timeout: 20_000 })
      .toBe(1);

    const label: Record<string, string> = { en: 'MUDRA Loan', mr: 'मुद्रा कर्ज', hi: 'MUDRA Loan' };
    for (const route of ALL_PUBLIC_ROUTES) {
      const language = /^\/(mr|hi)(\/|$)/.exec(route)?.[1] ?? 'en';
      const html = await (await fetch(new URL(route, site.server.url))).text();
      const prefix = language === 'en' ? '' : `/${language}`;
      expect(html, route).toMatch(new RegExp(`<a [^>]*href="${prefix}/mudra"[^>]*>${label[language]}</a>`));
      const link = (to: string) => html.search(new RegExp(`<a [^>]*class="site-nav__sublink[^"]*" href="${prefix}${to}"`));
      expect(link('/propertyloan'), route).toBeGreaterThan(-1);
      expect(link('/propertyloan'), `${route}: Property Loan comes before Home Loan`).toBeLessThan(link('/homeloan'));
    }

    // The owner changes the Hindi site file meanwhile: the next move cannot be saved in Hindi, so
    // it is made in no language (the Marathi draft gets its earlier text back) and the alert says why.
    await page.reload();
    await retail.waitFor();
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    const file = (name: string) => `/admin/api/pages/${encodeURIComponent(name)}`;
    const hindi = await admin.request<{ head: string; published: { source: string } }>('GET', file('hi/_site.yaml'), { cookie: owner });
    const ownerDraft = `# Checked by the owner\n${hindi.json.published.source}`;
    expect(
      (
        await admin.request('PUT', `${file('hi/_site.yaml')}/draft`, {
          body: { source: ownerDraft, basedOn: hindi.json.head },
          cookie: owner,
        })
      ).status,
    ).toBe(200);
    const marathiBefore = await admin.request<{ published: { source: string } }>('GET', file('mr/_site.yaml'), { cookie: owner });
    await menu.getByRole('button', { name: 'Move up Home Loan' }).click();
    await expect
      .poll(() => menu.getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(
        /^The menu was not changed \(hi\/_site\.yaml: Someone else changed it since you opened it\..*\)\. Reload the page and try again\.$/,
      );
    const marathi = await admin.request<{ draft?: { source: string } }>('GET', file('mr/_site.yaml'), { cookie: owner });
    expect(marathi.json.draft?.source ?? marathiBefore.json.published.source).toBe(marathiBefore.json.published.source);
    expect((await admin.request<{ draft: { source: string } }>('GET', file('hi/_site.yaml'), { cookie: owner })).json.draft.source).toBe(
      ownerDraft,
    );
    expect((await retail.getByRole('listitem').allTextContents()).slice(0, 2).map((text) => text.split(' /')[0])).toEqual([
      'Property Loan',
      'Home Loan',
    ]);
    expect(problems.filter((problem) => !/401|409/.test(problem))).toEqual([]);
  }, 240_000);
});
