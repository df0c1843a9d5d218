import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import type { PagePayload, PageRenderer } from '../../src/shared/siteData';
import { headTags, type PageVersion } from './headTags';
import { adminDocument, pageDocument, type DocumentTemplate } from './pageDocument';
import { robotsTxt, sitemapXml } from './searchFiles';
import { pageDrawingOf, pageTextOf, type SiteContent } from './siteContent';
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
  /**
   * Where its page's own drawing lies in it (UTF-8 byte offsets): what React put before the frame
   * (start, end), then the page inside the frame (start, end). Absent for a page drawn whole.
   */
  page?: [number, number, number, number];
}

const compress = promisify(brotliCompress);
/**
 * Quality 6: measured on the site's pages, within 4% of quality 9's size at a tenth of its time
 * (6–10 ms a page against 60–70 ms on a busy machine), which was most of what making a page cost.
 */
const DOCUMENT_QUALITY = 6;
const brotli = (html: string) =>
  compress(html, {
    params: { [constants.BROTLI_PARAM_QUALITY]: DOCUMENT_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
  });

/** The page's own drawing a kept document holds: what it has React put before the frame, and what goes in it. */
function drawingIn({ br, page }: RenderedDocument): { lead: string; page: string } {
  const html = brotliDecompressSync(br);
  const [leadStart, leadEnd, start, end] = page!;
  return { lead: html.toString('utf8', leadStart, leadEnd), page: html.toString('utf8', start, end) };
}

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

/** The complete document of one address of `content` around its app HTML: its head tags, assets and the data it hydrates from. */
function documentAround(content: SiteContent, path: string, payload: PagePayload, appHtml: string, { template, siteUrl }: RenderOptions) {
  const route = content.routes.get(path);
  const versions = route ? versionsOf(content, route.base) : [];
  const source = content.languages.source;
  const head = headTags({ payload, site: content.site, siteUrl, lang: payload.lang, versions, sourceLanguage: source });
  return pageDocument(template, { payload, siteData: content.siteData(payload.lang), head, appHtml, devanagari: payload.lang !== source });
}

/** The complete document of one address of `content`, drawn whole: its app HTML, head tags and data, as the site serves it. */
export async function renderDocument(content: SiteContent, path: string, options: RenderOptions, drawnFor?: DrawnFor): Promise<string> {
  const { payload: kept, found } = await content.payload(path);
  const payload = drawnFor ? drawnFor.payload(kept) : kept;
  const url = drawnFor?.url ?? (found ? path : notFoundPath(payload.lang, content.languages.source));
  const appHtml = await options.renderer.page({ url, siteData: content.siteData(payload.lang), payload });
  return documentAround(content, path, payload, appHtml, options);
}

/** A language's frame, drawn once and cut at its marks: before the language links, between them and the page, after the page. */
interface Shell {
  before: string;
  between: string;
  after: string;
}

/** Text no drawing holds, where the frame leaves room for an address's own parts. */
const MARK = `frame-${randomUUID()}`;
const MARKS = { languageLinks: `${MARK}-languages`, page: `${MARK}-page` };
/** Documents made again at once after a change: one is compressed in libuv's threads while the next is put together on the main thread. */
const REDRAWN_AT_ONCE = 2;
/** Frames kept: one per language and menu address, for the content served and the one before it. */
const SHELLS_KEPT = 256;

/** Every address the menu links to in a language, as NavLink compares them: at each, its link is marked as the current page. */
function menuAddresses(content: SiteContent, lang: string): Set<string> {
  const links = content
    .wordsOf(lang)
    .nav.flatMap((item) =>
      'columns' in item
        ? item.columns.flatMap((column) => column.items.flatMap((entry) => ('items' in entry ? entry.items : [entry])))
        : [item],
    );
  return new Set(links.map((link) => content.languages.localPath(lang, link.to).toLowerCase()));
}

/**
 * The site's documents as the server holds them, drawn when first asked for and kept
 * compressed. Each carries the key of what it was drawn from (SiteContent.documentKey): when
 * the content changes, a document whose key changed is stale. A document stale through what
 * every page shows is still served while its new version is drawn (stale-while-revalidate:
 * never a half-built page); a page whose own text was published is drawn before it is served,
 * and after a change the stale documents are made again in the background, two at a time,
 * so visitors' requests go between them.
 *
 * A document is its language's frame (header, menu, footer), drawn once per language and kept,
 * with the address's language links and its page's own drawing put in it. A change to what only
 * the frame shows (the tagline, the menu, the footer's links) draws each language's frame again,
 * and every document is put together again from the page's drawing it already holds, taken back
 * out of it; a page is drawn again only when what it reads changes. A publish costs what it changes.
 */
export class RenderedPages {
  private readonly documents = new Map<string, RenderedDocument>();
  private readonly drawing = new Map<string, Promise<RenderedDocument>>();
  private readonly shells = new Map<string, Shell>();
  private content?: SiteContent;
  private refreshing = false;
  private readonly admin = new WeakMap<SiteContent, string>();
  private readonly search = new WeakMap<SiteContent, string>();
  /** Pages drawn whole, documents put together from the page's drawing they held, and frames drawn: for the log and the tests. */
  readonly drawings = { pages: 0, reused: 0, shells: 0 };

  constructor(
    private readonly options: RenderOptions,
    private readonly log: (fields: Record<string, unknown>) => void = () => {},
  ) {}

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
        const document = await this.drawn(content, path, key, this.documents.get(at));
        // Kept only if the site still is what it was drawn from.
        const now = this.content?.servedBy(path);
        if (now === content || now?.documentKey(path) === key) this.documents.set(at, document);
        return document;
      })().finally(() => this.drawing.delete(under));
      this.drawing.set(under, drawing);
    }
    return drawing;
  }

  /**
   * The document of `path` in its frame: with the page's drawing `kept` holds when what the page
   * reads is unchanged, else with the page drawn again. A page drawn whole whose frame is not the
   * language's (which would be a bug) is kept whole, and drawn whole again next time.
   */
  private async drawn(content: SiteContent, path: string, key: string, kept: RenderedDocument | undefined): Promise<RenderedDocument> {
    const { renderer } = this.options;
    const { payload, found } = await content.payload(path);
    const url = found ? path : notFoundPath(payload.lang, content.languages.source);
    const siteData = content.siteData(payload.lang);
    const shell = this.shell(content, payload.lang, url);
    const framed = shell.before + renderer.languageLinks({ url, siteData }) + shell.between;
    let drawing = kept?.page && pageDrawingOf(kept.key) === pageDrawingOf(key) ? drawingIn(kept) : undefined;
    let appHtml: string;
    if (drawing) {
      appHtml = drawing.lead + framed + drawing.page + shell.after;
      this.drawings.reused += 1;
    } else {
      appHtml = await renderer.page({ url, siteData, payload });
      this.drawings.pages += 1;
      // React puts what the page asks the browser to fetch early (a hero picture's preload) before the frame.
      const lead = appHtml.indexOf(framed);
      if (lead >= 0 && appHtml.endsWith(shell.after))
        drawing = { lead: appHtml.slice(0, lead), page: appHtml.slice(lead + framed.length, appHtml.length - shell.after.length) };
      else this.log({ level: 'error', msg: 'a page drawn whole is not in its language’s frame; it is drawn whole each time', path });
    }
    const html = documentAround(content, path, payload, appHtml, this.options);
    const br = await brotli(html);
    const etag = `"${createHash('sha256').update(br).digest('base64url').slice(0, 27)}"`;
    if (!drawing) return { key, br, etag };
    const lead = Buffer.byteLength(html.slice(0, html.indexOf(appHtml)));
    const page = lead + Buffer.byteLength(drawing.lead + framed);
    return { key, br, etag, page: [lead, lead + Buffer.byteLength(drawing.lead), page, page + Buffer.byteLength(drawing.page)] };
  }

  /** The frame of a language's pages at `url`, drawn once for every address where the menu marks no link and once for each it links to. */
  private shell(content: SiteContent, lang: string, url: string): Shell {
    const current = menuAddresses(content, lang).has(url.toLowerCase()) ? url : content.languages.localPath(lang, '/_frame');
    const key = `${content.shellKey(lang)} ${current}`;
    let shell = this.shells.get(key);
    if (!shell) {
      const html = this.options.renderer.shell({ url: current, siteData: content.siteData(lang), marks: MARKS });
      const [before, between, after, ...more] = html.split(new RegExp(`${MARKS.languageLinks}|${MARKS.page}`));
      if (after === undefined || more.length > 0) throw new Error(`The frame drawn at ${current} does not hold each of its marks once`);
      shell = { before: before!, between: between!, after };
      this.shells.set(key, shell);
      this.drawings.shells += 1;
      if (this.shells.size > SHELLS_KEPT) this.shells.delete(this.shells.keys().next().value!);
    }
    return shell;
  }

  /** Makes the stale documents again, two at a time, giving way to requests between them; a newer change starts the round again. */
  private async refresh(): Promise<void> {
    try {
      for (let content = this.content!; ; content = this.content!) {
        const stale = [...this.documents].flatMap(([at, document]) => (document.key === content.documentKey(at) ? [] : [at]));
        const began = performance.now();
        const { pages, reused } = this.drawings;
        const left = stale.values();
        const redraw = async () => {
          for (let next = left.next(); !next.done && this.content === content; next = left.next()) {
            const at = next.value;
            const key = content.documentKey(at);
            if (this.documents.get(at)?.key === key) continue;
            await this.draw(content, at, at, key).catch(() => this.documents.delete(at));
            await new Promise((resolve) => setImmediate(resolve));
          }
        };
        await Promise.all(Array.from({ length: REDRAWN_AT_ONCE }, redraw));
        if (stale.length > 0)
          this.log({
            msg: 'stale documents drawn again',
            documents: stale.length,
            pagesDrawn: this.drawings.pages - pages,
            putTogether: this.drawings.reused - reused,
            ms: Math.round(performance.now() - began),
          });
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
