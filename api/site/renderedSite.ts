import { randomUUID } from 'node:crypto';
import type { PagePayload, PageRenderer } from '../../src/shared/siteData';
import { gzipOf, pieceOf, type Gzipped, type Piece } from './gzipPieces';
import { headTags, type PageVersion } from './headTags';
import { adminDocument, pageDocumentParts, siteDataPart, type DocumentParts, type DocumentTemplate } from './pageDocument';
import { robotsTxt, sitemapXml } from './searchFiles';
import { ownPartOf, pageTextOf, type SiteContent } from './siteContent';
import { localRoute } from '../../src/content/translations';

export interface RenderOptions {
  renderer: PageRenderer;
  template: DocumentTemplate;
  siteUrl: string;
}

/** A document as it is served: gzip-compressed in pieces, with the key of what it was drawn from. */
export interface RenderedDocument {
  key: string;
  /**
   * In its frame: seven pieces, the page's own (the head and what React put before the frame; its
   * language links; its drawing; its data) between the three of its frame, which it shares with
   * every page of that frame. A page that did not fit its frame (see RenderedPages.drawn) is one piece.
   */
  pieces: readonly Piece[];
  gzip: Gzipped;
}

/** A document of these pieces, joined. */
const documentOf = (key: string, pieces: Piece[]): RenderedDocument => ({ key, pieces, gzip: gzipOf(pieces) });

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

/** The parts of the document of one address of `content` around its app HTML: its head tags, assets and the data it hydrates from. */
function partsAround(content: SiteContent, path: string, payload: PagePayload, { template, siteUrl }: RenderOptions): DocumentParts {
  const route = content.routes.get(path);
  const versions = route ? versionsOf(content, route.base) : [];
  const source = content.languages.source;
  const head = headTags({ payload, site: content.site, siteUrl, lang: payload.lang, versions, sourceLanguage: source });
  return pageDocumentParts(template, { payload, siteData: content.siteData(payload.lang), head, devanagari: payload.lang !== source });
}

/** The complete document of one address of `content`, drawn whole: its app HTML, head tags and data, as the site serves it. */
export async function renderDocument(content: SiteContent, path: string, options: RenderOptions, drawnFor?: DrawnFor): Promise<string> {
  const { payload: kept, found } = await content.payload(path);
  const payload = drawnFor ? drawnFor.payload(kept) : kept;
  const url = drawnFor?.url ?? (found ? path : notFoundPath(payload.lang, content.languages.source));
  const appHtml = await options.renderer.page({ url, siteData: content.siteData(payload.lang), payload });
  const { top, siteData, pageData } = partsAround(content, path, payload, options);
  return top + appHtml + siteData + pageData;
}

/**
 * A language's frame as at one address, drawn once and cut at its marks: before the language
 * links, between them and the page, and after the page, followed by the site's data that every
 * document of the language carries; as text, to find it in a page drawn whole, and compressed.
 */
interface Shell {
  text: { before: string; between: string; after: string; siteData: string };
  pieces: { before: Piece; between: Piece; after: Piece };
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
 * A document is its language's frame (header, menu, footer), drawn and compressed once per
 * language and kept, with the address's own pieces between its pieces: the head, the language
 * links, the page's drawing and its data, each compressed on its own (gzipPieces.ts). A change to
 * what only the frame shows (the tagline, the menu, the footer's links) draws each language's frame
 * again, and every document is its own pieces joined with the new frame's: no page is drawn or
 * compressed again, only when what it reads changes. A publish costs what it changes.
 */
export class RenderedPages {
  private readonly documents = new Map<string, RenderedDocument>();
  private readonly drawing = new Map<string, Promise<RenderedDocument>>();
  private readonly shells = new Map<string, Promise<Shell>>();
  private content?: SiteContent;
  private refreshing = false;
  private readonly admin = new WeakMap<SiteContent, string>();
  private readonly search = new WeakMap<SiteContent, string>();
  /** Pages drawn whole, documents whose own pieces were put in a new frame, and frames drawn: for the log and the tests. */
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
   * The document of `path` in its frame. When only the frame changed since `kept` was drawn, its
   * own pieces are put in the new frame's as they are: nothing is drawn or compressed again.
   * Otherwise the page is drawn whole and cut at its frame; one whose frame is not the
   * language's (which would be a bug) is kept whole, one piece, and drawn whole again next time.
   */
  private async drawn(content: SiteContent, path: string, key: string, kept: RenderedDocument | undefined): Promise<RenderedDocument> {
    const { lang, found } = content.pageAt(path);
    const url = found ? path : notFoundPath(lang, content.languages.source);
    const shell = await this.shell(content, lang, url);
    const own = kept?.pieces.length === 7 && ownPartOf(kept.key) === ownPartOf(key) ? kept.pieces : undefined;
    if (own) {
      this.drawings.reused += 1;
      return documentOf(key, [own[0]!, shell.pieces.before, own[2]!, shell.pieces.between, own[4]!, shell.pieces.after, own[6]!]);
    }
    const { renderer } = this.options;
    const { payload } = await content.payload(path);
    const siteData = content.siteData(lang);
    const links = renderer.languageLinks({ url, siteData });
    const framed = shell.text.before + links + shell.text.between;
    const appHtml = await renderer.page({ url, siteData, payload });
    this.drawings.pages += 1;
    const { top, siteData: siteDataHtml, pageData } = partsAround(content, path, payload, this.options);
    // React puts what the page asks the browser to fetch early (a hero picture's preload) before the frame.
    const lead = appHtml.indexOf(framed);
    if (lead < 0 || !appHtml.endsWith(shell.text.after) || siteDataHtml !== shell.text.siteData) {
      this.log({ level: 'error', msg: 'a page drawn whole is not in its language’s frame; it is drawn whole each time', path });
      return documentOf(key, [await pieceOf(top + appHtml + siteDataHtml + pageData)]);
    }
    const page = appHtml.slice(lead + framed.length, appHtml.length - shell.text.after.length);
    const [head, linksPiece, pagePiece, data] = await Promise.all([top + appHtml.slice(0, lead), links, page, pageData].map(pieceOf));
    return documentOf(key, [head!, shell.pieces.before, linksPiece!, shell.pieces.between, pagePiece!, shell.pieces.after, data!]);
  }

  /** The frame of a language's pages at `url`, drawn once for every address where the menu marks no link and once for each it links to. */
  private shell(content: SiteContent, lang: string, url: string): Promise<Shell> {
    const current = menuAddresses(content, lang).has(url.toLowerCase()) ? url : content.languages.localPath(lang, '/_frame');
    const key = `${content.shellKey(lang)} ${current}`;
    let shell = this.shells.get(key);
    if (!shell) {
      const siteData = content.siteData(lang);
      const html = this.options.renderer.shell({ url: current, siteData, marks: MARKS });
      const [before, between, frameEnd, ...more] = html.split(new RegExp(`${MARKS.languageLinks}|${MARKS.page}`));
      if (frameEnd === undefined || more.length > 0) throw new Error(`The frame drawn at ${current} does not hold each of its marks once`);
      const text = { before: before!, between: between!, after: frameEnd, siteData: siteDataPart(this.options.template, siteData) };
      shell = Promise.all([text.before, text.between, text.after + text.siteData].map(pieceOf)).then(([before, between, after]) => ({
        text,
        pieces: { before: before!, between: between!, after: after! },
      }));
      shell.catch(() => this.shells.delete(key));
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
