import type { PagePayload, PageRenderer } from '../../src/shared/siteData';
import { headTags, type PageVersion } from './headTags';
import { adminDocument, pageDocument, type DocumentTemplate } from './pageDocument';
import { robotsTxt, sitemapXml, type SitemapEntry } from './searchFiles';
import type { SiteContent } from './siteContent';

/** The site as the server sends it: every page's document, each language's 404 page, the admin shell, sitemap and robots. */
export interface RenderedSite {
  pages: ReadonlyMap<string, string>;
  notFound: ReadonlyMap<string, string>;
  admin: string;
  sitemap: string;
  robots: string;
}

export interface RenderOptions {
  renderer: PageRenderer;
  template: DocumentTemplate;
  siteUrl: string;
}

/** Paths of a language's not-found page, rendered at an address no page can have (file names cannot start with _). */
const notFoundPath = (lang: string, source: string) => (lang === source ? '/_not-found' : `/${lang}/_not-found`);

const versionsOf = (content: SiteContent, base: string): PageVersion[] =>
  [...content.routes.values()].filter((route) => route.base === base).map(({ lang, path }) => ({ lang, path }));

/** Draws one page's complete document: its app HTML, head tags and data, as the site serves it. */
function documentRenderer(content: SiteContent, { renderer, template, siteUrl }: RenderOptions) {
  const source = content.languages.source;
  return async (path: string, payload: PagePayload, versions: PageVersion[]) => {
    const siteData = content.siteData(payload.lang);
    const appHtml = await renderer({ url: path, siteData, payload });
    const head = headTags({ payload, site: content.site, siteUrl, lang: payload.lang, versions, sourceLanguage: source });
    return pageDocument(template, { payload, siteData, head, appHtml, devanagari: payload.lang !== source });
  };
}

/** The document one address of `content` would be served as: what a page editor's preview shows. */
export function renderOnePage(content: SiteContent, path: string, options: RenderOptions): Promise<string> {
  const { payload } = content.payload(path);
  const base = content.routes.get(path)?.base ?? path;
  return documentRenderer(content, options)(path, payload, versionsOf(content, base));
}

/**
 * Renders every page of every language to a complete document, as the firm publishes it:
 * the old site keeps being served until this has finished, then both are swapped at once.
 */
export async function renderSite(content: SiteContent, options: RenderOptions): Promise<RenderedSite> {
  const { template, siteUrl } = options;
  const source = content.languages.source;
  const document = documentRenderer(content, options);

  const pages = new Map<string, string>();
  const listed: SitemapEntry[] = [];
  for (const route of content.routes.values()) {
    const { payload } = content.payload(route.path);
    const versions = versionsOf(content, route.base);
    pages.set(route.path, await document(route.path, payload, versions));
    listed.push({ route: route.path, updated: payload.page.reviewed ?? payload.page.updated, versions });
  }
  const notFound = new Map<string, string>();
  for (const { code } of content.languages.list) {
    const path = notFoundPath(code, source);
    notFound.set(code, await document(path, content.payload(path).payload, []));
  }
  return {
    pages,
    notFound,
    admin: adminDocument(template, content.adminData()),
    sitemap: sitemapXml(siteUrl, listed, source),
    robots: robotsTxt(siteUrl),
  };
}
