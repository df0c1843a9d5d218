import type { Problem } from '../../src/content/checkContent';
import { RenderedPages, renderDocument, type DrawnFor, type RenderOptions } from './renderedSite';
import { SiteContent } from './siteContent';

export interface SiteState {
  content: SiteContent;
}

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
  private state: SiteState;
  /** Absent when the server draws no pages itself (the API's own tests, the development server). */
  readonly pages?: RenderedPages;

  constructor(
    content: SiteContent,
    private readonly render?: RenderOptions,
  ) {
    this.state = { content };
    if (render) {
      this.pages = new RenderedPages(render);
      this.pages.use(content);
    }
  }

  get current(): SiteState {
    return this.state;
  }

  /** Serves a checked site, all at once. */
  use(content: SiteContent): void {
    this.state = { content };
    this.pages?.use(content);
  }

  /** The page at `path` drawn for one request (an upload link's page), never kept; undefined when this server draws no pages. */
  drawFor(path: string, drawnFor: DrawnFor): Promise<string> | undefined {
    return this.render && renderDocument(this.state.content, path, this.render, drawnFor);
  }

  /** The document `path` would be served as in `content`, without serving it: a page editor's preview. */
  preview(content: SiteContent, path: string): Promise<string> {
    if (!this.render) throw new Error('This server draws no pages, so it has no preview');
    return renderDocument(content, path, this.render);
  }
}
