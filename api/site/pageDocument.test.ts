import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Page } from '../../src/content/page.generated';
import type { PagePayload } from '../../src/shared/siteData';
import { removeDir, tempDataDir } from '../../tests/helpers/server';
import { fixtureAdminData as adminData, siteDataFor } from '../../tests/helpers/siteData';
import { adminDocument, pageDocumentParts, readTemplate, type DocumentTemplate } from './pageDocument';
import type { Manifest } from './viteManifest';

// The site's own index.html, with its slots for the server.
const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/entry-a.css'] },
  'src/app/startApp.tsx': { file: 'assets/startApp-b.js', imports: ['index.html'], css: ['assets/startApp-b.css'] },
  'src/blocks/EmiCalculatorBlock/EmiCalculatorBlock.tsx': {
    file: 'assets/Emi-d.js',
    imports: ['src/app/startApp.tsx'],
    css: ['assets/Emi-d.css'],
  },
  // The light blocks (text, banner, FAQ…) are one chunk with one stylesheet.
  '_blocks-c.js': { file: 'assets/blocks-c.js', name: 'blocks', css: ['assets/blocks-c.css'] },
  'fonts/site-devanagari.woff2': { file: 'assets/site-devanagari-f.woff2', src: 'fonts/site-devanagari.woff2' },
  'fonts/hindi-motto.woff2': { file: 'assets/hindi-motto-g.woff2', src: 'fonts/hindi-motto.woff2' },
};

const payload = (lang: string, blocks: unknown[]): PagePayload => ({
  key: 'homeloan',
  route: '/homeloan',
  lang,
  untranslated: false,
  page: { title: 'Home loan', description: 'For a house', blocks } as Page,
  icons: {},
  assets: {},
});
/** A whole page as the server joins it: its top, the app's HTML, the site's data and the page's. */
const render = (template: DocumentTemplate, lang: string, blocks: unknown[], appHtml = '<main>Home loan</main>') => {
  const parts = pageDocumentParts(template, {
    payload: payload(lang, blocks),
    siteData: siteDataFor(lang),
    head: '<title>Home loan</title>',
    devanagari: lang !== 'en',
  });
  return `${parts.top}${appHtml}${parts.siteData}${parts.pageData}`;
};

test('a page is the template with its language, head, rendered HTML and the data it hydrates from', () => {
  const document = render({ html }, 'mr', [{ type: 'text', body: 'Price $& more' }], '<main>गृहकर्ज $& $1</main>');
  expect(document).toContain('<html lang="mr">');
  expect(document).toContain('<title>Home loan</title>');
  expect(document).not.toContain('Loading…');
  // Text goes in as written: "$&" is not a replacement pattern.
  expect(document).toContain('<div id="root"><main>गृहकर्ज $& $1</main></div>');
  const data = (id: string): unknown =>
    JSON.parse(new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(document)![1]!);
  expect(data('site-data')).toEqual(siteDataFor('mr'));
  expect(data('page-data')).toEqual(payload('mr', [{ type: 'text', body: 'Price $& more' }]));
  // No manifest (the development server): no asset links in the head.
  expect(document.split('</head>')[0]).not.toContain('rel="stylesheet"');
});

test('a built page links the app’s and its blocks’ styles, and preloads the font its first screen needs', () => {
  const english = render({ html, manifest }, 'en', [{ type: 'text' }, { type: 'emi-calculator' }, { type: 'faq' }]);
  const links = (document: string) =>
    [...document.split('</head>')[0]!.matchAll(/<link rel="(?:stylesheet|preload)" href="([^"]+)"/g)].map((match) => match[1]);
  expect(links(english)).toEqual(['/assets/startApp-b.css', '/assets/blocks-c.css', '/assets/Emi-d.css']);
  // Marathi sets its text in the site's Devanagari face; an English banner with a motto needs only the motto's.
  expect(links(render({ html, manifest }, 'mr', []))).toEqual(['/assets/site-devanagari-f.woff2', '/assets/startApp-b.css']);
  expect(links(render({ html, manifest }, 'en', [{ type: 'banner', motto: 'श्री' }]))).toEqual([
    '/assets/hindi-motto-g.woff2',
    '/assets/startApp-b.css',
    '/assets/blocks-c.css',
  ]);
  // The page's styles come last in <head>, after the template's.
  expect(english.indexOf('/assets/Emi-d.css')).toBeGreaterThan(english.indexOf('favicon.svg'));
  expect(english.indexOf('/assets/Emi-d.css')).toBeLessThan(english.indexOf('</head>'));
});

test('the admin document has no content, is kept out of search and carries the admin data', () => {
  const document = adminDocument({ html }, adminData);
  expect(document).toContain(`<title>Admin | ${adminData.site.name.replaceAll('&', '&amp;')}</title>`);
  expect(document).toContain('<meta name="robots" content="noindex, nofollow" />');
  expect(document).toContain('<div id="root"></div>');
  expect(JSON.parse(/<script type="application\/json" id="site-data">(.*?)<\/script>/.exec(document)![1]!)).toEqual(adminData);
});

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

test('the template is read from a build folder with its manifest; a folder without the slots is refused with what to do', () => {
  const dir = tempDataDir('template-');
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), html);
  expect(readTemplate(dir)).toEqual({ html, manifest: undefined });
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  expect(readTemplate(dir)).toEqual({ html, manifest });
  writeFileSync(path.join(dir, 'index.html'), html.replace('<!--data-->', ''));
  expect(() => readTemplate(dir)).toThrow(`${dir}/index.html is not the site's template (no <!--data-->); run npm run build`);
});
