import { expect, test } from 'vitest';
import { ADMIN_PAGES } from '../../src/shared/adminPages';
import { robotsTxt, sitemapXml } from './searchFiles';

test('the sitemap lists each route with its date and every language version, English as the default', () => {
  const xml = sitemapXml(
    'https://example.in',
    [
      {
        route: '/',
        updated: '2026-11-01',
        versions: [
          { lang: 'en', path: '/' },
          { lang: 'mr', path: '/mr' },
        ],
      },
      {
        route: '/mr/homeloan',
        updated: '2026-11-02',
        versions: [
          { lang: 'en', path: '/homeloan' },
          { lang: 'mr', path: '/mr/homeloan' },
        ],
      },
      { route: '/fees?a=1&b=2', updated: '2026-11-03', versions: [] },
    ],
    'en',
  );
  expect(xml).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      '  <url>',
      '    <loc>https://example.in/</loc>',
      '    <lastmod>2026-11-01</lastmod>',
      '    <xhtml:link rel="alternate" hreflang="en" href="https://example.in/" />',
      '    <xhtml:link rel="alternate" hreflang="mr" href="https://example.in/mr" />',
      '    <xhtml:link rel="alternate" hreflang="x-default" href="https://example.in/" />',
      '  </url>',
      '  <url>',
      '    <loc>https://example.in/mr/homeloan</loc>',
      '    <lastmod>2026-11-02</lastmod>',
      '    <xhtml:link rel="alternate" hreflang="en" href="https://example.in/homeloan" />',
      '    <xhtml:link rel="alternate" hreflang="mr" href="https://example.in/mr/homeloan" />',
      '    <xhtml:link rel="alternate" hreflang="x-default" href="https://example.in/homeloan" />',
      '  </url>',
      '  <url>',
      // Escaped for XML.
      '    <loc>https://example.in/fees?a=1&amp;b=2</loc>',
      '    <lastmod>2026-11-03</lastmod>',
      '  </url>',
      '</urlset>',
      '',
    ].join('\n'),
  );
});

test('robots.txt keeps crawlers out of every admin screen and names the sitemap', () => {
  const lines = robotsTxt('https://example.in').split('\n');
  expect(lines[0]).toBe('User-agent: *');
  expect(lines.filter((line) => line.startsWith('Disallow'))).toEqual(Object.values(ADMIN_PAGES).map((page) => `Disallow: ${page}`));
  expect(lines).toContain('Disallow: /admin/pages');
  expect(lines.at(-2)).toBe('Sitemap: https://example.in/sitemap.xml');
});
