import { documentTitle } from '../app/documentTitle';
import type { PageModule } from '../app/pageModule';
import type { Site } from '../content/site.generated';
import { escapeHtml, scriptJson } from '../shared/escapeHtml';
import { faqData, organisationData } from './structuredData';

/**
 * The <head> tags of one prerendered page: title, description, canonical URL, Open
 * Graph and Twitter cards, and JSON-LD. The 404 page is kept out of search results.
 */
export function headTags({ module, site, siteUrl }: { module: PageModule; site: Site; siteUrl: string }): string {
  const { page, route } = module;
  const title = escapeHtml(documentTitle(page.title, site.name));
  const description = escapeHtml(page.description);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (!route) return [...tags, '<meta name="robots" content="noindex" />'].join('\n    ');

  const url = escapeHtml(`${siteUrl}${route}`);
  const faq = faqData(page);
  tags.push(
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    '<meta property="og:locale" content="en_IN" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<script type="application/ld+json">${scriptJson(organisationData(site, siteUrl))}</script>`,
  );
  if (faq) tags.push(`<script type="application/ld+json">${scriptJson(faq)}</script>`);
  return tags.join('\n    ');
}
