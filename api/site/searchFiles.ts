import { ADMIN_PAGES } from '../../src/shared/adminPages';
import { escapeHtml } from '../../src/shared/escapeHtml';
import { alternateLinks, type PageVersion } from './headTags';

export interface SitemapEntry {
  route: string;
  updated: string;
  /** Every language's version of the page, itself included. */
  versions: PageVersion[];
}

/**
 * sitemap.xml: every public route in every language, with the date it last changed or was
 * checked, and the page's other language versions as search engines ask for them.
 */
export function sitemapXml(siteUrl: string, pages: SitemapEntry[], sourceLanguage: string): string {
  const urls = pages.map(({ route, updated, versions }) => {
    const alternates = alternateLinks(siteUrl, versions, sourceLanguage).map(
      ({ hreflang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
    );
    return `  <url>\n    <loc>${escapeHtml(`${siteUrl}${route}`)}</loc>\n    <lastmod>${updated}</lastmod>${alternates.join('')}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled but the admin screens; points at the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    ...Object.values(ADMIN_PAGES).map((page) => `Disallow: ${page}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
