import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { PagePayload, PageRenderer } from '../../src/shared/siteData';
import { headTags, type PageVersion } from './headTags';
import { adminDocument, pageDocument, type DocumentTemplate } from './pageDocument';
import { robotsTxt, sitemapXml } from './searchFiles';
import { pageTextOf, type SiteContent } from './siteContent';
import { localRoute } from '../../src/content/translations';

export interface RenderOptions {
  renderer: PageRenderer;
  template: DocumentTemplate;
  siteUrl: string;
}

/** A document as it is served: brotli-compressed once, with the key of what it was drawn from and its ETag. */
export interface RenderedDocument {
  key: string;
  br: Buffer;
  etag: string;
}

const compress = promisify(brotliCompress);
const brotli = (html: string) =>
  compress(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });

/** Paths of a language's not-found page, rendered at an address no page can have (file names cannot start with _). */
const notFoundPath = (lang: string, source: string) => (lang === source ? '/_not-found' : `/${lang}/_not-found`);

/** Every language's version of the page at `base` (its English address). */
function versionsOf(content: SiteContent, base: string): PageVersion[] {
  return [...content.languages.list].flatMap(({ code }) => {
    const path = code === content.languages.source ? base : localRoute(code, base);
    return content.routes.has(path) ? [{ lang: code, path }] : [];
  });
}

/** A page drawn for one request only, never kept: at the address `url`, with `payload` filling in what that request holds. */
export interface DrawnFor {
  url: string;
  payload: (payload: PagePayload) => PagePayload;
}

/** The complete document of one address of `content`: its app HTML, head tags and data, as the site serves it. */
export async function renderDocument(
  content: SiteContent,
  path: string,
  { renderer, template, siteUrl }: RenderOptions,
  drawnFor?: DrawnFor,
): Promise<string> {
  const { payload: kept, found } = await content.payload(path);
  const payload = drawnFor ? drawnFor.payload(kept) : kept;
  const route = content.routes.get(path);
  const url = drawnFor?.url ?? (found ? path : notFoundPath(payload.lang, content.languages.source));
  const versions = route ? versionsOf(content, route.base) : [];
  const siteData = content.siteData(payload.lang);
  const appHtml = await renderer({ url, siteData, payload });
  const source = content.languages.source;
  const head = headTags({ payload, site: content.site, siteUrl, lang: payload.lang, versions, sourceLanguage: source });
  return pageDocument(template, { payload, siteData, head, appHtml, devanagari: payload.lang !== source });
}

/**
 * The site's documents as the server holds them, drawn when first asked for and kept
 * compressed. Each carries the key of what it was drawn from (SiteContent.documentKey): when
 * the content changes, a document whose key changed is stale. A document stale through what
 * every page shows is still served while its new version is drawn (stale-while-revalidate:
 * never a half-built page); a page whose own text was published is drawn before it is served,
 * and after a change the stale documents are drawn again in the background, one at a time,
 * so visitors' requests go between them. A publish costs what it changes; a change every page
 * shows (the site file, a words file) costs one drawing per page, spread out.
 */
export class RenderedPages {
  private readonly documents = new Map<string, RenderedDocument>();
  private readonly drawing = new Map<string, Promise<RenderedDocument>>();
  private content?: SiteContent;
  private refreshing = false;
  private readonly admin = new WeakMap<SiteContent, string>();
  private readonly search = new WeakMap<SiteContent, string>();

  constructor(private readonly options: RenderOptions) {}

  /** The content documents are drawn from from now on; the stale ones are drawn again in the background. */
  use(content: SiteContent): void {
    this.content = content;
    // Documents of addresses the site no longer has are let go.
    for (const path of this.documents.keys()) if (!content.routes.has(path) && !path.includes('_not-found')) this.documents.delete(path);
    if (!this.refreshing) {
      this.refreshing = true;
      setImmediate(() => void this.refresh());
    }
  }

  /** The document for an address (its language's 404 page, with `found` false, when the site has none). */
  async document(path: string): Promise<{ document: RenderedDocument; found: boolean }> {
    const content = this.content!.servedBy(path);
    const found = content.routes.has(path);
    const at = found ? path : notFoundPath(content.languages.of(path), content.languages.source);
    const key = content.documentKey(path);
    const kept = this.documents.get(at);
    if (kept && kept.key === key) return { document: kept, found };
    const fresh = this.draw(content, at, path, key);
    // A document stale through what every page shows is served while its new version is drawn; one whose
    // own page changed (just published) or none at all waits for the new one.
    const servable = kept && pageTextOf(kept.key) === pageTextOf(key) ? kept : undefined;
    return { document: servable ?? (await fresh), found };
  }

  /** Draws one document once, however many requests ask for it meanwhile. */
  private draw(content: SiteContent, at: string, path: string, key: string): Promise<RenderedDocument> {
    const under = `${at} ${key}`;
    let drawing = this.drawing.get(under);
    if (!drawing) {
      drawing = (async () => {
        const br = await brotli(await renderDocument(content, path, this.options));
        const document = { key, br, etag: `"${createHash('sha256').update(br).digest('base64url').slice(0, 27)}"` };
        // Kept only if the site still is what it was drawn from.
        const now = this.content?.servedBy(path);
        if (now === content || now?.documentKey(path) === key) this.documents.set(at, document);
        return document;
      })().finally(() => this.drawing.delete(under));
      this.drawing.set(under, drawing);
    }
    return drawing;
  }

  /** Draws the stale documents again, one at a time, giving way to requests between them; a newer change starts the round again. */
  private async refresh(): Promise<void> {
    try {
      for (let content = this.content!; ; content = this.content!) {
        const stale = [...this.documents].flatMap(([at, document]) => (document.key === content.documentKey(at) ? [] : [at]));
        for (const at of stale) {
          if (this.content !== content) break;
          const key = content.documentKey(at);
          if (this.documents.get(at)?.key === key) continue;
          await this.draw(content, at, at, key).catch(() => this.documents.delete(at));
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (this.content === content) return;
      }
    } finally {
      this.refreshing = false;
    }
  }

  /** The admin screens' shell, the same for every admin address. */
  adminShell(): string {
    const content = this.content!;
    let shell = this.admin.get(content);
    if (shell === undefined) this.admin.set(content, (shell = adminDocument(this.options.template, content.adminData())));
    return shell;
  }

  /** sitemap.xml, made once per content from each page's dates: of checked content only (see SiteService.whenChecked). */
  sitemap(): string {
    const content = this.content!;
    let sitemap = this.search.get(content);
    if (sitemap === undefined) {
      const listed = [...content.routes.values()].map((route) => ({
        route: route.path,
        updated: route.page.reviewed ?? route.page.updated,
        versions: versionsOf(content, route.base),
      }));
      sitemap = sitemapXml(this.options.siteUrl, listed, content.languages.source);
      this.search.set(content, sitemap);
    }
    return sitemap;
  }

  robots(): string {
    return robotsTxt(this.options.siteUrl);
  }
}
