import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchServedPages, NOT_FOUND_ROUTES } from '../helpers/servedPages';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { TRANSLATED_ROUTES } from '../helpers/publicRoutes';

/**
 * Latin-script words a Marathi or Hindi reader expects: names of schemes, bodies and
 * products as people search for them, and acronyms. Anything else in Latin letters on a
 * translated page is English that was missed.
 */
const site = parse(readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8')) as {
  name: string;
  address: Record<string, string>;
  privacyContact: { name: string };
  grievanceContact: { name: string };
};
const ALLOWED = new Set([
  // The firm's name, its postal address as the post office knows it, and its contact people's names.
  ...[site.name, ...Object.values(site.address), site.privacyContact.name, site.grievanceContact.name].flatMap(
    (text) => text.match(/[A-Za-z]+/g) ?? [],
  ),
  // Services and sites the pages point to.
  'WhatsApp',
  'CertSearch',
  'OpenStreetMap',
  'Google',
  // Schemes and registrations by their official names.
  'Udyam',
  'StartUp',
  'India',
  'Stand-Up',
  'Tarun',
  'Shishu',
  'Kishor',
  'Plus',
  // Acronyms written with a small letter, as their owners write them.
  'MoA',
  'AoA',
  'TReDS',
]);
/** Acronyms (PMEGP, EMI, GST, MSME, ISO 9001's ISO) and their plurals (NBFCs). */
const ACRONYM = /^[A-Z][A-Z0-9&-]*[A-Z0-9]s?$/;
const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*/g;
/** Things written in Latin letters in any language: e-mail addresses, web addresses (cms.rbi.org.in too), file names. */
const NOT_WORDS = /\S+@\S+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:in|com|org|gov|example|yaml|pdf)\b\S*/g;

/**
 * The words a reader sees on a page (text, and the labels screen readers read), outside
 * anything marked English and the form's trap for robots, which nobody sees or hears.
 */
function visibleText(html: string): string[] {
  const { document } = new JSDOM(html).window;
  for (const element of document.querySelectorAll('script, style, noscript, [lang="en"], [hreflang="en"], [aria-hidden="true"]'))
    element.remove();
  const labels = [...document.querySelectorAll('[alt], [aria-label], [title], [placeholder]')].flatMap((element) =>
    ['alt', 'aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
  // Text node by text node: the text of neighbouring elements must not run together into one word.
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
  while (walker.nextNode()) texts.push(walker.currentNode.nodeValue ?? '');
  return [document.title, description, ...texts, ...labels];
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

test('no Marathi or Hindi page shows an English word, only names and acronyms', async () => {
  const pages = await fetchServedPages(server.url, [
    ...TRANSLATED_ROUTES,
    ...NOT_FOUND_ROUTES.filter((route) => !route.startsWith('/no-')),
  ]);
  const found = pages.flatMap(({ route, html }) =>
    visibleText(html)
      .flatMap((text) => text.replace(NOT_WORDS, ' ').match(LATIN_WORD) ?? [])
      .map((word) => word.replace(/[-'’]+$/, ''))
      .filter((word) => !ACRONYM.test(word) && !ALLOWED.has(word))
      .map((word) => `${route}: ${word}`),
  );
  expect(pages.length).toBe(TRANSLATED_ROUTES.length + 2);
  expect([...new Set(found)]).toEqual([]);
}, 120_000);
