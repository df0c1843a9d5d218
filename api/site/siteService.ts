import { checkContent, type Problem } from '../../src/content/checkContent';
import type { ContentFolder } from '../../src/content/contentFolder';
import { countErrors, formatReport } from '../../src/content/formatProblems';
import { renderOnePage, renderSite, type RenderedSite, type RenderOptions } from './renderedSite';
import { SiteContent } from './siteContent';

export interface SiteState {
  content: SiteContent;
  /** Absent when the server draws no pages itself (the API's own tests, the development server). */
  rendered?: RenderedSite;
}

export class ContentError extends Error {
  constructor(
    readonly problems: Problem[],
    report: string,
  ) {
    super(report);
  }
}

/**
 * The site the server is serving, built from a content folder: checked, turned into
 * payloads and rendered. A new folder (a publish) is built in full beside the old one, and
 * only then replaces it, so a visitor never sees half a change; content with errors is
 * refused and the old site stays.
 */
export class SiteService {
  private constructor(
    private state: SiteState,
    private readonly render?: RenderOptions,
  ) {}

  static async start(folder: ContentFolder, render?: RenderOptions): Promise<SiteService> {
    return new SiteService(await build(folder, render), render);
  }

  get current(): SiteState {
    return this.state;
  }

  /** Builds the site from `folder` and serves it once complete; throws ContentError (and keeps the old site) when it has errors. */
  async replace(folder: ContentFolder): Promise<void> {
    this.use(await this.build(folder));
  }

  /** The site `folder` makes, checked and rendered, without serving it yet; throws ContentError when it has errors. */
  build(folder: ContentFolder): Promise<SiteState> {
    return build(folder, this.render);
  }

  /**
   * The document `path` would be served as if the site were built from `folder`, without
   * serving it: a page editor's preview. Throws ContentError when the folder has errors.
   */
  async preview(folder: ContentFolder, path: string): Promise<string> {
    if (!this.render) throw new Error('This server draws no pages, so it has no preview');
    const checked = checkContent(folder);
    if (countErrors(checked) > 0) throw new ContentError(checked.problems, formatReport(checked));
    return renderOnePage(await SiteContent.of(checked), path, this.render);
  }

  /** Serves a site `build` made, all at once. */
  use(state: SiteState): void {
    this.state = state;
  }
}

async function build(folder: ContentFolder, render?: RenderOptions): Promise<SiteState> {
  const checked = checkContent(folder);
  if (countErrors(checked) > 0) throw new ContentError(checked.problems, formatReport(checked));
  const content = await SiteContent.of(checked);
  return { content, ...(render && { rendered: await renderSite(content, render) }) };
}
