import { documentTitle } from '../../src/shared/documentTitle';
import type { PagePayload } from '../../src/shared/siteData';
import type { SiteDetails } from '../../src/shared/languages';
import { escapeHtml, scriptJson } from '../../src/shared/escapeHtml';
import type { BlockRules } from '../../src/blocks/blockRules';
import { blockRules } from '../../src/blocks/blockRules.generated';
import type { BlockType } from '../../src/content/blockTypes';
import type { Page } from '../../src/content/page.generated';
import { organisationData } from './structuredData';

/** One language's version of a page. */
export interface PageVersion {
  lang: string;
  path: string;
}

interface HeadInput {
  payload: PagePayload;
  site: SiteDetails;
  siteUrl: string;
  lang: string;
  /** Every language's version of this page, itself included; empty for a 404 page. */
  versions: PageVersion[];
  sourceLanguage: string;
}

/** The hreflang links of a page: each version, and the English one as the default for other readers. */
export function alternateLinks(siteUrl: string, versions: PageVersion[], sourceLanguage: string): { hreflang: string; href: string }[] {
  const links = versions.map(({ lang, path }) => ({ hreflang: lang, href: `${siteUrl}${path}` }));
  const fallback = versions.find((version) => version.lang === sourceLanguage);
  return fallback ? [...links, { hreflang: 'x-default', href: `${siteUrl}${fallback.path}` }] : links;
}

/** What the page's blocks tell search engines (an FAQ's questions and answers), each kind of block from its own rules. */
function blocksStructuredData(page: Page, lang: string): object[] {
  const types = [...new Set(page.blocks.map((block) => block.type))];
  return types.flatMap((type) => {
    const rules = blockRules[type] as BlockRules<BlockType> | undefined;
    const data = rules?.structuredData?.(
      page.blocks.filter((block) => block.type === type),
      lang,
    );
    return data ? [data] : [];
  });
}

/**
 * The <head> tags of one page: title, description, canonical URL, the other
 * languages' versions, Open Graph and Twitter cards, and JSON-LD, all in the page's
 * language. The 404 pages are kept out of search results.
 */
export function headTags({ payload, site, siteUrl, lang, versions, sourceLanguage }: HeadInput): string {
  const { page, route } = payload;
  const title = escapeHtml(documentTitle(page.title, site.name));
  const description = escapeHtml(page.description);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (!route) return [...tags, '<meta name="robots" content="noindex" />'].join('\n    ');

  const own = versions.find((version) => version.lang === lang)!;
  const url = escapeHtml(`${siteUrl}${own.path}`);
  const blockData = blocksStructuredData(page, lang);
  tags.push(
    `<link rel="canonical" href="${url}" />`,
    ...alternateLinks(siteUrl, versions, sourceLanguage).map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
    ),
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:locale" content="${lang}_IN" />`,
    ...versions
      .filter((version) => version.lang !== lang)
      .map((version) => `<meta property="og:locale:alternate" content="${version.lang}_IN" />`),
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<script type="application/ld+json">${scriptJson(organisationData(site, siteUrl))}</script>`,
  );
  for (const data of blockData) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
