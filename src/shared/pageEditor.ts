/** One content file in the page editor's list. */
export interface PageListItem {
  /** Its path in the content folder: clcss.yaml, mr/clcss.yaml, _site.yaml. */
  file: string;
  /** The address it is shown at; null for a site file. */
  route: string | null;
  language: string;
  title: string;
  /** It has an unpublished draft. */
  draft: boolean;
  /** Errors the check finds in the site with its draft in place: publishing waits until there are none. */
  problems: number;
  /** A translation made from an older version of its English file. */
  stale: boolean;
  /** A translation that does not exist yet: its address shows the English page, and starting it copies the English file. */
  untranslated: boolean;
  /** A deploy changed it after an editor published it; the editor's version is live until someone reconciles the two. */
  reconcile: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A problem the content check found, where it is and what to do. */
export interface ContentProblem {
  file: string;
  line: number;
  col: number;
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

/** What the editor's completion and help know of a place in a content file, from its JSON Schema. */
export interface SchemaOutline {
  description?: string;
  /** The values allowed there, when the schema lists them. */
  values?: string[];
  properties?: Record<string, SchemaOutline>;
  required?: string[];
  items?: SchemaOutline;
}

/** The schemas as the editor uses them: a page, each site file, and each block type ready to insert. */
export interface ContentOutlines {
  page: SchemaOutline;
  blocks: { type: string; description: string; yaml: string; outline: SchemaOutline }[];
  /** By file name; translated site files under translation/. */
  files: Record<string, SchemaOutline>;
}

/**
 * Whether the latest published content passes the check on this server. When it does not (a
 * deploy that disagrees with what editors published), the site keeps serving the last content
 * that did, and `problem` says since when and why.
 */
export interface ContentStatus {
  problem: { since: string; commit: string; problems: ContentProblem[] } | null;
}
