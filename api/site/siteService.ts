import type { Problem } from '../../src/content/checkContent';
import { RenderedPages, renderDocument, type DrawnFor, type RenderOptions } from './renderedSite';
import { SiteContent } from './siteContent';

/** Content with errors, which nothing is built from: its problems, and the report npm run check:content would print. */
export class ContentError extends Error {
  constructor(
    readonly problems: Problem[],
    report: string,
  ) {
    super(report);
  }
}

/**
 * The site the server is serving: its checked content and, when the server draws pages
 * itself, their documents. A change is checked before it gets here and served all at once;
 * documents are drawn as they are asked for (RenderedPages).
 */
export class SiteService {
  private served: SiteContent;
  /** Absent when the server draws no pages itself (the API's own tests, the development server). */
  readonly pages?: RenderedPages;
  private readonly checked: Promise<void>;
  private markChecked: () => void = () => {};

  constructor(
    content: SiteContent,
    private readonly render?: RenderOptions,
    log?: (fields: Record<string, unknown>) => void,
  ) {
    this.served = content;
    this.checked = new Promise((resolve) => (this.markChecked = resolve));
    if (!content.provisional) this.markChecked();
    if (render) {
      this.pages = new RenderedPages(render, log);
      this.pages.use(content);
    }
  }

  /** The checked content the site is served from now. */
  get content(): SiteContent {
    return this.served;
  }

  /** Resolves once the site served is checked whole: at once, or after the check at the start, while the site is provisional. */
  whenChecked(): Promise<void> {
    return this.checked;
  }

  /** Serves a site, all at once: checked whole, or at the start, provisional. */
  use(content: SiteContent): void {
    this.served = content;
    this.pages?.use(content);
    if (!content.provisional) this.markChecked();
  }

  /** The page at `path` drawn for one request (an upload link's page), never kept; undefined when this server draws no pages. */
  drawFor(path: string, drawnFor: DrawnFor): Promise<string> | undefined {
    return this.render && renderDocument(this.served, path, this.render, drawnFor);
  }

  /** The document `path` would be served as in `content`, without serving it: a page editor's preview. */
  preview(content: SiteContent, path: string): Promise<string> {
    if (!this.render) throw new Error('This server draws no pages, so it has no preview');
    return renderDocument(content, path, this.render);
  }
}
