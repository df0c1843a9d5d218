import { ADMIN_PAGES } from '../shared/adminPaths';
import { escapeHtml } from '../shared/escapeHtml';

/** sitemap.xml: every public route from pages-data, with the date it last changed or was checked. */
export function sitemapXml(siteUrl: string, pages: { route: string; updated: string }[]): string {
  const urls = pages.map(
    ({ route, updated }) => `  <url>\n    <loc>${escapeHtml(`${siteUrl}${route}`)}</loc>\n    <lastmod>${updated}</lastmod>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
