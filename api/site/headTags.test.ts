import { expect, test } from 'vitest';
import type { Page } from '../../src/content/page.generated';
import type { PagePayload } from '../../src/shared/siteData';
import { siteFile } from '../../tests/helpers/siteData';
import { alternateLinks, headTags } from './headTags';

const SITE = 'https://example.in';
const page = (blocks: Page['blocks'] = []): Page => ({ title: 'Home loan', description: 'Loans for a house & a flat', blocks }) as Page;
const payload = (route: string, lang: string, blocks?: Page['blocks']): PagePayload => ({
  key: route.slice(1) || 'index',
  route,
  lang,
  untranslated: false,
  page: page(blocks),
  icons: {},
  assets: {},
});
const versions = [
  { lang: 'en', path: '/homeloan' },
  { lang: 'mr', path: '/mr/homeloan' },
];

/** The JSON-LD documents among the tags. */
const jsonLd = (tags: string) =>
  [...tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

test('the hreflang links are each version, and the source language’s as the default; none without it', () => {
  expect(alternateLinks(SITE, versions, 'en')).toEqual([
    { hreflang: 'en', href: 'https://example.in/homeloan' },
    { hreflang: 'mr', href: 'https://example.in/mr/homeloan' },
    { hreflang: 'x-default', href: 'https://example.in/homeloan' },
  ]);
  expect(alternateLinks(SITE, versions.slice(1), 'en')).toEqual([{ hreflang: 'mr', href: 'https://example.in/mr/homeloan' }]);
});

test('a page’s head: its title with the firm’s, escaped description, canonical address in its language, the other versions and cards', () => {
  const tags = headTags({
    payload: payload('/mr/homeloan', 'mr'),
    site: siteFile,
    siteUrl: SITE,
    lang: 'mr',
    versions,
    sourceLanguage: 'en',
  });
  const lines = tags.split('\n').map((line) => line.trim());
  const title = `Home loan | ${siteFile.name}`.replaceAll('&', '&amp;');
  expect(lines).toEqual(
    expect.arrayContaining([
      `<title>${title}</title>`,
      '<meta name="description" content="Loans for a house &amp; a flat" />',
      '<link rel="canonical" href="https://example.in/mr/homeloan" />',
      '<link rel="alternate" hreflang="en" href="https://example.in/homeloan" />',
      '<link rel="alternate" hreflang="mr" href="https://example.in/mr/homeloan" />',
      '<link rel="alternate" hreflang="x-default" href="https://example.in/homeloan" />',
      '<meta property="og:locale" content="mr_IN" />',
      '<meta property="og:locale:alternate" content="en_IN" />',
      '<meta property="og:url" content="https://example.in/mr/homeloan" />',
      `<meta property="og:title" content="${title}" />`,
      '<meta name="twitter:card" content="summary" />',
    ]),
  );
  expect(lines).not.toContain('<meta property="og:locale:alternate" content="mr_IN" />');
  expect(tags).not.toContain('noindex');
  expect(jsonLd(tags)).toEqual([expect.objectContaining({ '@type': 'FinancialService', name: siteFile.name })]);
});

test('an FAQ tells search engines its questions and answers in the page’s language', () => {
  const faq = { type: 'faq', heading: 'Questions', items: [{ question: 'Who can apply?', answer: 'Any owner of a house.' }] };
  const tags = headTags({
    payload: payload('/homeloan', 'en', [faq] as Page['blocks']),
    site: siteFile,
    siteUrl: SITE,
    lang: 'en',
    versions,
    sourceLanguage: 'en',
  });
  expect(jsonLd(tags)[1]).toEqual({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: 'en',
    mainEntity: [{ '@type': 'Question', name: 'Who can apply?', acceptedAnswer: { '@type': 'Answer', text: 'Any owner of a house.' } }],
  });
});

test('a not-found page has its title and description only, and is kept out of search results', () => {
  const tags = headTags({ payload: payload('', 'en'), site: siteFile, siteUrl: SITE, lang: 'en', versions: [], sourceLanguage: 'en' });
  expect(tags.split('\n').map((line) => line.trim())).toEqual([
    `<title>${`Home loan | ${siteFile.name}`.replaceAll('&', '&amp;')}</title>`,
    '<meta name="description" content="Loans for a house &amp; a flat" />',
    '<meta name="robots" content="noindex" />',
  ]);
});
