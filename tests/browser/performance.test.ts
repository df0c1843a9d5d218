import path from 'node:path';
import type { CDPSession, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { useSite } from '../helpers/site';
import { ALL_PUBLIC_ROUTES } from '../helpers/publicRoutes';

const site = useSite();
const content = checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data')));
const everyPage = [...content.pages, ...content.languages.flatMap((language) => language.pages)];
const pageData = (route: string) => everyPage.find((page) => page.route === route)!.data;
const languageOf = (route: string) => /^\/(mr|hi)(\/|$)/.exec(route)?.[1] ?? 'en';
// The heaviest pages with a little room, on 2026-11-24 (KB of 1,024 bytes): 91.9 KB of JS (a checker), 6.9 KB of CSS, 50.3 KB of fonts.
const JS_BUDGET = 93 * 1024;
const CSS_BUDGET = 8 * 1024;
const FONT_BUDGET = 54 * 1024;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (html: string) => html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!);

describe('what each public page downloads before any interaction', () => {
  // One tab for every route, with the browser's cache off, so each page is counted as a first visit without a new context each time.
  let tab: { page: Page; cdp: CDPSession };
  beforeAll(async () => {
    const { page } = await site.open('about:blank');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    tab = { page, cdp };
  });
  afterAll(() => tab.page.close());

  test.each(ALL_PUBLIC_ROUTES)('%s: JS ≤ 93 KB, CSS ≤ 8 KB and fonts ≤ 54 KB as transferred, all from our own origin', async (route) => {
    const { page, cdp } = tab;
    const responses = new Map<string, { type: string; url: string }>();
    const bytes = new Map<string, number>();
    const onResponse = (event: { requestId: string; type: string; response: { url: string } }) =>
      responses.set(event.requestId, { type: event.type, url: event.response.url });
    const onFinished = (event: { requestId: string; encodedDataLength: number }) => bytes.set(event.requestId, event.encodedDataLength);
    cdp.on('Network.responseReceived', onResponse);
    cdp.on('Network.loadingFinished', onFinished);
    try {
      await page.goto(new URL(route, site.url).href, { waitUntil: 'networkidle' });
      // The app is fetched after the first paint; on a busy machine the network can fall quiet before it
      // is, so count once the page has hydrated and the network is quiet again.
      await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    } finally {
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.loadingFinished', onFinished);
    }

    const total = (type: string) =>
      [...responses].filter(([, response]) => response.type === type).reduce((sum, [id]) => sum + (bytes.get(id) ?? 0), 0);
    const js = total('Script');
    const css = total('Stylesheet');
    expect(js, `${route} JavaScript bytes`).toBeGreaterThan(30 * 1024);
    expect(js, `${route} JavaScript bytes`).toBeLessThanOrEqual(JS_BUDGET);
    expect(css, `${route} CSS bytes`).toBeLessThanOrEqual(CSS_BUDGET);
    const fonts = total('Font');
    expect(fonts, `${route} font bytes`).toBeLessThanOrEqual(FONT_BUDGET);
    // Marathi and Hindi pages set their text in the self-hosted Devanagari face, so it must arrive.
    if (languageOf(route) !== 'en') expect(fonts, `${route} font bytes`).toBeGreaterThan(40 * 1024);
    const foreign = [...responses.values()]
      .map((response) => response.url)
      .filter((url) => !url.startsWith(site.url) && !url.startsWith('data:'));
    expect(foreign).toEqual([]);
  });
});

describe('the order a page loads in', () => {
  test.each(['/', '/mr/pmegp', '/hi/homeloan'])('%s is painted before the app is fetched, then hydrates', async (route) => {
    const { page } = await site.open(route);
    const order = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && !/\/index-[\w-]+\.js$/.test(entry.name));
      return { paint, scripts: scripts.map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })) };
    });
    // Only the few lines of src/app/main.tsx come before the paint; React, the app and the blocks after it.
    expect(order.scripts.length).toBeGreaterThan(2);
    for (const script of order.scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(order.paint);
    expect(await page.locator('html[data-ready]').count()).toBe(1);
    // The page's HTML links no script but the entry, and no modulepreload.
    const html = await (await fetch(new URL(route, site.url))).text();
    expect(html.match(/<script type="module"[^>]*src="[^"]+"/g)).toEqual([expect.stringMatching(/\/assets\/index-[\w-]+\.js"$/)]);
    expect(html).not.toContain('modulepreload');
  });
});

describe('every public page arrives as complete HTML', () => {
  test.each(ALL_PUBLIC_ROUTES)('%s holds its h1, first FAQ question and meta description before any script runs', async (route) => {
    const html = await (await fetch(new URL(route, site.url))).text();
    const data = pageData(route);
    const banner = data.blocks[0]!;
    expect(decode(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1] ?? '')).toBe(banner.type === 'banner' ? banner.title : '');
    expect(decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')).toBe(data.description);
    const faq = data.blocks.find((block) => block.type === 'faq');
    if (faq?.type === 'faq') expect(decode(html)).toContain(`>${faq.items[0]!.question}<`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8000${route}" />`);
    expect(html).toContain(`<html lang="${languageOf(route)}">`);
  });

  test('the Hindi motto is marked lang="hi" and its font is preloaded from our own server', async () => {
    const html = await (await fetch(new URL('/', site.url))).text();
    expect(html).toMatch(/<span lang="hi"[^>]*>[\u0900-\u097F]/);
    expect(html).toMatch(/<link rel="preload" href="\/assets\/hindi-motto-[^"]+\.woff2" as="font" type="font\/woff2" crossorigin \/>/);
  });

  test('FAQPage structured data matches the visible questions and answers word for word', async () => {
    for (const route of ['/about', '/homeloan', '/pancard']) {
      const { page } = await site.open(route);
      type StructuredData = {
        '@type': string;
        name?: unknown;
        telephone?: unknown;
        address?: unknown;
        mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
      };
      const structured = await page.evaluate(() =>
        [...document.querySelectorAll('script[type="application/ld+json"]')].map(
          (script) => JSON.parse(script.textContent) as StructuredData,
        ),
      );
      const business = structured.find((item) => item['@type'] === 'FinancialService');
      expect([typeof business?.name, typeof business?.telephone, typeof business?.address]).toEqual(['string', 'string', 'object']);
      const faq = structured.find((item) => item['@type'] === 'FAQPage');
      const visible = await page.locator('.faq__item').evaluateAll((items) =>
        items.map((item) => ({
          question: item.querySelector('.faq__button')!.textContent,
          answer: item.querySelector('.faq__answer')!.textContent,
        })),
      );
      expect(
        faq!.mainEntity!.map((entry) => ({
          question: entry.name,
          answer: entry.acceptedAnswer.text,
        })),
      ).toEqual(visible);
      await page.close();
    }
  });

  test('with JavaScript off, pages read fully and their links work', async () => {
    const { page } = await site.open('/about', { javaScriptEnabled: false });
    expect(
      await page.locator('.faq__answer').evaluateAll((answers) => answers.every((answer) => getComputedStyle(answer).display !== 'none')),
    ).toBe(true);
    expect(
      await page.locator('.typed__pending').evaluateAll((parts) => parts.every((part) => getComputedStyle(part).visibility === 'visible')),
    ).toBe(true);
    await page.getByRole('link', { name: 'Home Loan' }).click();
    await page.waitForURL('**/homeloan');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Home Loan');
  });
});

describe('search files', () => {
  test('sitemap.xml lists exactly the public routes in every language, each with its three versions and a default', async () => {
    const xml = await (await fetch(new URL('/sitemap.xml', site.url))).text();
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    const listed = entries.map((entry) => /<loc>http:\/\/localhost:8000([^<]*)<\/loc>/.exec(entry)![1]);
    expect(listed.sort()).toEqual([...ALL_PUBLIC_ROUTES].sort());
    const homeloan = entries.find((entry) => entry.includes('<loc>http://localhost:8000/mr/homeloan</loc>'))!;
    expect(
      [...homeloan.matchAll(/hreflang="([^"]+)" href="http:\/\/localhost:8000([^"]*)"/g)].map((match) => `${match[1]} ${match[2]}`),
    ).toEqual(['en /homeloan', 'mr /mr/homeloan', 'hi /hi/homeloan', 'x-default /homeloan']);
  });

  test('robots.txt keeps crawlers out of the admin screens and names the sitemap', async () => {
    const robots = await (await fetch(new URL('/robots.txt', site.url))).text();
    for (const page of ['/adminLogin', '/table', '/abouttable']) expect(robots).toContain(`Disallow: ${page}`);
    expect(robots).toContain('Sitemap: http://localhost:8000/sitemap.xml');
  });
});
