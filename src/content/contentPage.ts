// A page of the checked site, kept apart from the checker: the checker, the language check and the
// server's built content all make these pages, and none of them needs the rest of the others.
import type { ContentFolder } from './contentFolder.js';
import type { Page } from './page.generated.js';
import { parseYaml } from './yamlSource.js';

/** What the lists, the sitemap and the page's own head show of a page, kept without the rest of it. */
export interface PageSummary {
  title: string;
  updated: string;
  reviewed?: string;
}

export interface ContentPage extends PageSummary {
  key: string;
  route: string;
  /** Its path inside the content folder. */
  file: string;
  /** The page itself, read from its file when asked for (and kept only while in use): a site of thousands of pages is not held in memory. */
  readonly data: Page;
}

/**
 * A page of the checked site, whose data is read from the folder when asked for. Without a
 * summary (a page known by its file's name alone, before the whole site is checked), its
 * title and dates are read from its data when asked for too.
 */
export function contentPage(folder: ContentFolder, file: string, key: string, route: string, summary?: PageSummary): ContentPage {
  let kept: WeakRef<Page> | undefined;
  const read = () => {
    let data = kept?.deref();
    if (!data) {
      data = parseYaml(folder.read(file)).data as Page;
      kept = new WeakRef(data);
    }
    return data;
  };
  if (summary)
    return {
      key,
      route,
      file,
      ...summary,
      get data() {
        return read();
      },
    };
  return {
    key,
    route,
    file,
    get title() {
      return read().title;
    },
    get updated() {
      return read().updated;
    },
    get reviewed() {
      return read().reviewed;
    },
    get data() {
      return read();
    },
  };
}
