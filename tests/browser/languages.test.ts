import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { FormsWords } from '../../src/shared/forms/formWords';
import { useSite } from '../helpers/site';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';
import { postJson, storedEnquiries } from '../helpers/storedData';

const site = useSite();
const PAGES = path.resolve(import.meta.dirname, '../../pages-data');
const marathiForms = parse(readFileSync(path.join(PAGES, 'mr/_forms.yaml'), 'utf8')) as FormsWords;
const languageOf = (route: string) => /^\/(mr|hi)(\/|$)/.exec(route)?.[1] ?? 'en';
const englishOf = (route: string) => route.replace(/^\/(mr|hi)(?=\/|$)/, '') || '/';

/** The share of letters on a page that are Devanagari, leaving out scripts, styles and tags. */
function devanagariShare(html: string): number {
  const body = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const text = body.replace(/<[^>]+>/g, ' ');
  const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari / (devanagari + latin);
}

describe('every page in every language', () => {
  test.each(ALL_PUBLIC_ROUTES)('%s answers 200 with its lang, its hreflang set and text in its language', async (route) => {
    const response = await fetch(new URL(route, site.url));
    expect(response.status).toBe(200);
    const html = await response.text();
    const lang = languageOf(route);
    expect(html).toContain(`<html lang="${lang}">`);
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="http:\/\/localhost:8000([^"]*)" \/>/g)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    const base = englishOf(route);
    const local = (code: string) => (code === 'en' ? base : base === '/' ? `/${code}` : `/${code}${base}`);
    expect(alternates).toEqual([`en ${local('en')}`, `mr ${local('mr')}`, `hi ${local('hi')}`, `x-default ${local('en')}`]);
    expect(html).toContain(`<meta property="og:locale" content="${lang}_IN" />`);
    const share = devanagariShare(html);
    if (lang === 'en') expect(share, route).toBeLessThan(0.05);
    else expect(share, route).toBeGreaterThan(0.6);
  });

  test('an unknown address under /mr gets the Marathi 404 page, with status 404', async () => {
    const response = await fetch(new URL('/mr/no-such-page', site.url));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="mr">');
    expect(devanagariShare(html)).toBeGreaterThan(0.6);
  });
});

describe('switching language', () => {
  test('the switcher goes to the same page in each language and back, naming each in its own script', async () => {
    const { page, problems } = await site.open('/homeloan?amount=3000000');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    expect(await switcher.getByRole('link').allTextContents()).toEqual(['English', 'मराठी', 'हिंदी']);
    expect(await switcher.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    await switcher.getByRole('link', { name: 'मराठी' }).click();
    await page.waitForURL((url) => url.pathname === '/mr/homeloan' && url.search === '?amount=3000000');
    await page.waitForFunction(() => document.documentElement.lang === 'mr');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u0900-\u097F]/);
    const marathiSwitcher = page.getByRole('navigation', { name: 'भाषा' });
    expect(await marathiSwitcher.getByRole('link', { name: 'मराठी' }).getAttribute('aria-current')).toBe('true');
    await marathiSwitcher.getByRole('link', { name: 'हिंदी' }).click();
    await page.waitForURL((url) => url.pathname === '/hi/homeloan' && url.search === '?amount=3000000');
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/homeloan' && url.search === '?amount=3000000');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Home Loan');
    expect(problems).toEqual([]);
  });

  test('links inside a Marathi page stay in Marathi', async () => {
    const { page } = await site.open('/mr');
    const hrefs = await page
      .locator('main a[href^="/"], header nav a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((href) => !href.startsWith('/mr') && !href.startsWith('/hi'))).toEqual(['/']);
  });
});

describe('Devanagari type', () => {
  test('Marathi text is set in the face cut from the site’s text, loaded with its conjuncts; the full face is not downloaded', async () => {
    const { page } = await site.open('/mr/homeloan');
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.startsWith('"Site Devanagari", "Noto Sans Devanagari"')).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    // क्ष, त्र, ज्ञ and श्र are conjuncts: they shape only when the face itself is loaded, not a fallback.
    expect(await page.evaluate(() => document.fonts.check('16px "Site Devanagari"', 'क्ष त्र ज्ञ श्र'))).toBe(true);
    const loaded = () =>
      page.evaluate(() =>
        [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`),
      );
    expect((await loaded()).sort()).toEqual(['Site Devanagari 400 700']);

    // A letter no page had at build time (a page published later may bring one) is drawn by the full face, fetched then.
    await page.evaluate(() => {
      const added = document.createElement('p');
      added.textContent = 'ॐ ङ';
      document.querySelector('main')!.append(added);
    });
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(async () => (await loaded()).sort()).toEqual(['Noto Sans Devanagari 400', 'Site Devanagari 400 700']);
  });

  test('on an English page the switcher draws मराठी and हिंदी with a loaded face, without the full Devanagari face', async () => {
    const { page } = await site.open('/about');
    await page.evaluate(() => document.fonts.ready);
    // Chromium's own account of which font drew each glyph: a system without Devanagari would report a fallback or none.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    for (const code of ['mr', 'hi']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `.language-switcher a[lang="${code}"]` });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const name = await page.locator(`.language-switcher a[lang="${code}"]`).textContent();
      expect(fonts, code).toEqual([
        {
          familyName: 'Noto Sans Devanagari',
          postScriptName: expect.any(String) as string,
          isCustomFont: true,
          glyphCount: expect.any(Number) as number,
        },
      ]);
      expect(fonts[0]!.glyphCount).toBeGreaterThanOrEqual(name!.length - 1);
    }
    const downloaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((file) => file.endsWith('.woff2')),
    );
    expect(downloaded.map((file) => file.replace(/-[\w-]{8}\.woff2$/, ''))).toEqual(['/assets/language-names']);
  });
});

describe('figures and forms in Marathi', () => {
  test('a Marathi FAQ page shows its questions under the Marathi heading, and the calculator with the words its block owns in Marathi', async () => {
    const { page } = await site.open('/mr/homeloan');
    const faq = parse(readFileSync(path.join(PAGES, 'mr/homeloan.yaml'), 'utf8')) as {
      blocks: { type: string; items?: { question: string }[] }[];
    };
    const questions = faq.blocks.find((block) => block.type === 'faq')!.items!;
    expect(await page.getByRole('heading', { level: 2, name: 'वारंवार विचारले जाणारे प्रश्न' }).count()).toBe(1);
    expect(await page.locator('.faq__question').first().textContent()).toContain(questions[0]!.question);
    const emi = parse(
      readFileSync(path.resolve(import.meta.dirname, '../../src/blocks/EmiCalculatorBlock/emi-calculator.words.yaml'), 'utf8'),
    ) as {
      emi: Record<string, { mr: string }>;
    };
    expect(await page.locator('label').filter({ hasText: emi.emi.amount!.mr }).count()).toBe(1);
  });

  test('the EMI defaults on /mr/homeloan read ₹20,025.69, with Latin digits and Indian grouping', async () => {
    const { page } = await site.open('/mr/homeloan');
    expect(await page.getByTestId('emi-monthly').textContent()).toBe('₹20,025.69');
    expect(await page.getByTestId('emi-total').textContent()).toMatch(/^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/);
  });

  test('a Marathi enquiry is stored with mr and answered in Marathi', async () => {
    const { page, problems } = await site.open('/mr/contactus');
    const fields = marathiForms.contact.fields;
    await page.getByLabel(fields.name!.label).fill('सुनीता पाटील');
    await page.getByLabel(fields.number!.label).fill('98220 12345');
    await page.getByLabel(fields.enquiry!.label).selectOption({ index: 1 });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: marathiForms.contact.submit }).click();
    await page.getByText(marathiForms.contact.success).waitFor();
    const stored = storedEnquiries(site.server.dataDir, 'contact').find((record) => record.fields.name === 'सुनीता पाटील');
    expect(stored?.language).toBe('mr');
    expect(problems).toEqual([]);
  });

  test('the server answers a Marathi form in Marathi, mistakes included, and refuses a language the site lacks', async () => {
    const endpoint = new URL('/addcontactdata', site.url).href;
    const bad = await postJson(endpoint, { name: 'सुनीता', number: '12345', enquiry: 'other', consent: true, lang: 'mr' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ number: marathiForms.contact.fields.number!.messages.pattern });
    const good = await postJson(endpoint, { name: 'सुनीता', number: '9822012346', enquiry: 'other', consent: true, lang: 'mr' });
    expect(good.json.message).toBe(marathiForms.contact.success);
    const unknown = await postJson(endpoint, { name: 'Sunita', number: '9822012347', enquiry: 'other', consent: true, lang: 'fr' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json.errors as object)).toEqual(['lang']);
  });
});
