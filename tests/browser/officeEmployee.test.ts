import path from 'node:path';
import type { Locator, Page } from 'playwright';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { expectNoAxeViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/deskPage';
import { ROOT } from '../helpers/server';
import { draftSaved } from '../helpers/pageEditor';
import { useSite } from '../helpers/site';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const EDITOR = { username: 'asha', password: 'asha own phrase' };
// The server only reads its content folder: the checkout's own serves, and stays as it was.
const pagesDir = path.join(ROOT, 'pages-data');
const site = useSite({
  env: {
    PAGES_DIR: pagesDir,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    TRUST_PROXY: '127.0.0.1',
    // On a machine this busy an editor's check can pass the 10 s limit, and the screen then says so instead of the check's problems.
    CONTENT_CHECK_SECONDS: '60',
  },
});
const admin = adminClient(() => site.server);

/** Whether the whole of the element is inside the window: where the person is looking. */
const inView = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

/** Waits for the autosave, then publishes: the result shows beside the button, in view, with the focus, and Publish waits for the next change. */
async function publish(page: Page, note: string) {
  await draftSaved(page);
  const bar = page.getByRole('region', { name: 'Publish' });
  const button = bar.getByRole('button', { name: 'Publish', exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
  await bar.getByLabel('Note for the history (optional)').fill(note);
  await button.click();
  const result = bar.getByText(/^Published as revision \d+/);
  await expect.poll(() => result.count(), { timeout: 20_000 }).toBe(1);
  expect(await inView(result)).toBe(true);
  expect(await inView(button)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.classList.contains('pages-result'))).toBe(true);
  expect(await button.isDisabled()).toBe(true);
}

/** Types into a field of the form view, as a person does: the field is cleared, then the words typed. */
async function write(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text, { delay: 0 });
}

const CARDS = [
  ['Who can apply', 'Any household that owns a house with a roof it may use and a grid electricity connection in its own name.'],
  ['What the subsidy pays', 'The central subsidy pays part of the cost of the panels; the rest can come from a bank loan at a low rate.'],
  [
    'How we help',
    'We check your electricity bill and roof, file the application on the national portal and follow it until the subsidy is paid.',
  ],
];
const QUESTIONS = [
  [
    'Is the subsidy paid to me or to the vendor?',
    'It is paid into the bank account of the household that applied, after the panels are installed and inspected.',
  ],
  ['How long does it take?', 'Usually a few weeks after the inspection, though it depends on the distribution company and the portal.'],
  ['Can I take a loan for the rest?', 'Yes: several public sector banks lend for rooftop solar at a low rate for households.'],
  ['Do I need to own the house?', 'Yes: the roof must be yours to use, and the electricity connection must be in your name.'],
  ['What documents are needed?', 'A recent electricity bill, your Aadhaar, a bank account in your name and a photo of the roof.'],
];

describe('an office employee adds a scheme page alone, through the screen', () => {
  beforeAll(async () => {
    const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    const made = await admin.post(
      '/admin/api/accounts',
      { username: EDITOR.username, password: 'asha first phrase', role: 'editor' },
      owner,
    );
    expect(made.status).toBe(201);
    await admin.firstSignIn(EDITOR.username, 'asha first phrase', EDITOR.password);
  });

  test('an empty scheme page, filled in the form view with a picture, published, put in the menu, translated, and a change rolled back', async () => {
    const started = Date.now();
    // Each step's time is printed as it ends, so a slow step (or the one a failure stops at) is seen.
    const step = (name: string) => console.log(`${Math.round((Date.now() - started) / 1000)} s: ${name}`);
    const { page, problems } = await site.open('/adminLogin', { viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('Username').fill(EDITOR.username);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/pages');

    // A new page from "An empty scheme page", the first choice.
    await page.getByLabel('Web address').fill('solar-rooftop');
    expect(await page.getByLabel('Start from').locator('option').first().textContent()).toBe('An empty scheme page');
    await page.getByRole('button', { name: 'Start the page' }).click();
    await page.waitForURL('**/admin/pages/solar-rooftop.yaml');
    const form = page.locator('.page-form');
    await form.waitFor();
    // Its places to write are empty, each with its prompt as a hint, and refused by the check, named in words.
    expect(await form.getByLabel('Page title').inputValue()).toBe('');
    expect(await form.getByLabel('Page title').getAttribute('placeholder')).toBe('Write the page’s title');
    // (The first check waits for the server's check of the whole site at its start: up to a minute on a busy machine.)
    await expect.poll(() => page.getByText('Write the page’s title.', { exact: false }).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // The preview draws the page from the start, each place still to write a marked gap.
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await expect.poll(() => preview.getByText('Main heading: still to write').count(), { timeout: 60_000 }).toBe(1);

    step('the empty page started, its gaps in the preview');
    // The picture: uploaded to the library with its alt text.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    const pictures = page.getByRole('region', { name: 'Pictures' });
    await pictures.getByLabel(/^Picture/).setInputFiles({ name: 'Solar Roof.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pictures.getByLabel(/^Alt text/).fill('Solar panels on the roof of a house in Chh. Sambhajinagar');
    await pictures.getByRole('button', { name: 'Upload picture' }).click();
    await expect.poll(() => pictures.getByText('solar-roof.jpg').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    step('the picture uploaded');
    // The page's fields, the banner with the picture, the introduction.
    await write(form.getByLabel('Page title'), 'Solar Rooftop Subsidy (PM Surya Ghar)');
    await write(
      form.getByLabel(/^Description for search engines/),
      'How the PM Surya Ghar rooftop solar subsidy works for households, who can apply, and how we help you claim it.',
    );
    const banner = form.getByRole('region', { name: 'Banner (section 1)' });
    await write(banner.getByLabel('Main heading'), 'Solar Rooftop Subsidy (PM Surya Ghar)');
    await write(
      banner.getByLabel(/^Lead/),
      'Put solar panels on your roof with a central subsidy and a low-rate loan, with our help from start to finish.',
    );
    await banner.getByLabel('Picture from the library').selectOption('images/solar-roof.jpg');
    expect(await banner.getByLabel(/^Alt text/).inputValue()).toBe('Solar panels on the roof of a house in Chh. Sambhajinagar');
    const intro = form.getByRole('region', { name: 'Text (section 2)' });
    await write(intro.getByLabel(/^Heading/), 'Free electricity from your own roof');
    await write(
      intro.getByLabel('Paragraph 1'),
      'PM Surya Ghar Muft Bijli Yojana helps households put solar panels on their roofs. The subsidy lowers the cost, and the panels lower the bill.',
    );

    // Three cards: the third removed, then added again with Add a card.
    const cards = form.getByRole('region', { name: 'Cards (section 3)' });
    await write(cards.getByLabel(/^Heading/), 'The scheme at a glance');
    await cards.getByRole('button', { name: 'Remove card 3' }).click();
    await cards.getByRole('button', { name: 'Add a card' }).click();
    expect(await page.evaluate(() => document.activeElement?.closest('.page-form__item') !== null)).toBe(true);
    for (const [index, [title, description]] of CARDS.entries()) {
      await write(cards.getByLabel('Title').nth(index), title!);
      await write(cards.getByLabel('Description').nth(index), description!);
    }

    // Five questions: the fifth removed, then added again with Add a question.
    const faq = form.getByRole('region', { name: 'FAQ (section 4)' });
    await write(faq.getByLabel(/^Heading/), 'Frequently Asked Questions');
    await faq.getByRole('button', { name: 'Remove question 5' }).click();
    await faq.getByRole('button', { name: 'Add a question' }).click();
    for (const [index, [question, answer]] of QUESTIONS.entries()) {
      await write(faq.getByLabel('Question', { exact: true }).nth(index), question!);
      await write(faq.getByLabel('Answer').nth(index), answer!);
    }

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `the form view at ${viewport.width}px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Every place of the page is written: no problem of its own is left (its translations are the publish's to list).
    await expect.poll(() => page.locator('.page-form__summary').count(), { timeout: 20_000 }).toBe(0);
    await publish(page, 'Solar rooftop page');

    step('the page written and published');
    // The page as visitors see it, with JavaScript off.
    const reader = await site.open('/solar-rooftop', { javaScriptEnabled: false });
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe('Solar Rooftop Subsidy (PM Surya Ghar)');
    expect(await reader.page.getByText(CARDS[2]![1]!).count()).toBe(1);
    expect(await reader.page.getByText(QUESTIONS[4]![0]!).count()).toBe(1);
    expect(await reader.page.locator('img[alt="Solar panels on the roof of a house in Chh. Sambhajinagar"]').count()).toBe(1);

    step('the page seen as a visitor');
    // Into the menu, in every language at once, on the Menu screen the header leads to: one publish, no box to tick.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Menu' }).click();
    await page.waitForURL('**/admin/menu');
    // The screen's code arrives after the address changes: wait for its heading.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Menu');
    const menu = page.getByRole('region', { name: 'The menu in every language' });
    await menu.getByLabel('Page', { exact: true }).selectOption('/solar-rooftop');
    await menu.getByLabel('Where').selectOption({ label: 'Services › MSME Finance' });
    await menu.getByLabel('Label in English').fill('Solar Rooftop');
    await menu.getByLabel(/^Label in मराठी/).fill('सौर छत');
    await menu.getByLabel(/^Label in हिंदी/).fill('सोलर रूफटॉप');
    await menu.getByRole('button', { name: 'Add to the menu' }).click();
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Added Solar Rooftop/);
    const menuBar = page.getByRole('region', { name: 'Publish' });
    const publishMenu = menuBar.getByRole('button', { name: 'Publish the menu' });
    await publishMenu.click();
    const menuResult = menuBar.getByText(/^The menu is published in English, मराठी, हिंदी/);
    await expect.poll(() => menuResult.count(), { timeout: 20_000 }).toBe(1);
    expect(await inView(menuResult)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('pages-result'))).toBe(true);
    expect(await publishMenu.isDisabled()).toBe(true);
    for (const [address, label] of [
      ['/', 'Solar Rooftop'],
      ['/mr', 'सौर छत'],
      ['/hi', 'सोलर रूफटॉप'],
    ] as const) {
      const visitor = await site.open(address, { javaScriptEnabled: false });
      expect(await visitor.page.locator(`nav a[href$="/solar-rooftop"]`).filter({ hasText: label }).count()).toBeGreaterThan(0);
      await visitor.page.close();
    }
    step('the menu published');
    // Its Marathi translation, started from the list and published.
    await page.goto(new URL('/admin/pages', site.url).href);
    await page.getByLabel('Show').selectOption({ label: 'Pages not translated yet' });
    await page.getByRole('button', { name: 'Start the मराठी translation of /mr/solar-rooftop' }).click();
    await page.waitForURL('**/admin/pages/mr/solar-rooftop.yaml');
    await form.waitFor();
    await write(form.getByLabel('Page title'), 'सौर छत अनुदान (पीएम सूर्य घर)');
    await write(form.getByRole('region', { name: 'Banner (section 1)' }).getByLabel('Main heading'), 'सौर छत अनुदान (पीएम सूर्य घर)');
    const panel = page.getByRole('region', { name: 'Beside the English (solar-rooftop.yaml)' });
    expect(await panel.getByRole('rowheader', { name: 'Cards (section 3) › Card 2 › Description' }).count()).toBe(1);
    await publish(page, 'मराठी अनुवाद');
    const marathi = await site.open('/mr/solar-rooftop', { javaScriptEnabled: false });
    expect(await marathi.page.getByRole('heading', { level: 1 }).textContent()).toBe('सौर छत अनुदान (पीएम सूर्य घर)');

    step('the Marathi translation published');
    // An English change, published, then rolled back: the old text is live again and the editor shows it.
    await page.goto(new URL('/admin/pages/solar-rooftop.yaml', site.url).href);
    await form.waitFor();
    await write(form.getByRole('region', { name: 'Cards (section 3)' }).getByLabel(/^Heading/), 'The scheme in short');
    await publish(page, 'A shorter heading');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Solar rooftop page' })
      .getByRole('button', { name: /^Roll back to revision/ })
      .click();
    const rolledBack = page
      .getByRole('listitem')
      .filter({ hasText: 'Solar rooftop page' })
      .getByText(/is live again/);
    await expect.poll(() => rolledBack.count(), { timeout: 20_000 }).toBe(1);
    expect(await inView(rolledBack)).toBe(true);
    expect(
      await form
        .getByRole('region', { name: 'Cards (section 3)' })
        .getByLabel(/^Heading/)
        .inputValue(),
    ).toBe('The scheme at a glance');
    await reader.page.reload();
    expect(await reader.page.getByRole('heading', { name: 'The scheme at a glance' }).count()).toBe(1);

    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`The office employee's whole job through the screen took ${seconds} s.`);
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  }, 600_000);
});
