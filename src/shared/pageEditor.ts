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
  deployChanged: boolean;
  /** An English page whose sources are due: it states a figure or a date with no source, or a source was checked more than 12 months ago. */
  sourcesDue: boolean;
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

/** What the editor's completion, help and form view know of a place in a content file, from its JSON Schema. */
export interface SchemaOutline {
  /** The field's label in the form view ("Card", "Answer"). */
  title?: string;
  description?: string;
  /** The kind of value: text, a whole number, a number, true or false, a list or a section. */
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  /** What the text names, so the form offers a choice: a page of the site, a picture of the library, an icon. */
  names?: 'page' | 'picture' | 'icon';
  minLength?: number;
  maxLength?: number;
  /** A regular expression the text must match, and what to say when it does not. */
  pattern?: string;
  patternMessage?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
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
 * that did, and `problem` says since when and why; `servedAsIs` when no content has passed here
 * since the server started (a deploy that fails the check itself), so visitors see it with
 * those problems. `checking` is true while the server's check of the whole site, at its start,
 * runs: meanwhile each page is checked on its own as it is asked for, and publishing waits.
 */
export interface ContentStatus {
  checking: boolean;
  problem: { since: string; commit: string; problems: ContentProblem[]; servedAsIs: boolean } | null;
}

/**
 * A file's review, as the editor's screen shows it: what of the file an owner approves when an
 * editor changes it (all of it, the site file's firm details, or nothing), and its newest
 * submission while it waits or after an owner sent it back (until the file is published again).
 */
export interface FileReview {
  owners: 'file' | 'details' | null;
  submission: {
    id: string;
    status: 'waiting' | 'returned';
    at: string;
    by: string;
    /** Who sent it back, when, and why. */
    returned: { at: string; by: string; note: string } | null;
  } | null;
}

/** A change waiting for an owner, as the list of them shows it. */
export interface SubmissionSummary {
  id: string;
  /** The file the editor published, and every file the change writes. */
  file: string;
  files: string[];
  note: string | null;
  at: string;
  by: string;
}

/** One submission for an owner to decide on: each file as it is live now beside the text submitted. */
export interface SubmissionView extends SubmissionSummary {
  /** While it waits, the top-level parts of each file that need an owner ("phone", "whatsapp"), against what is live now. */
  owners: { file: string; keys: string[] }[];
  status: 'waiting' | 'returned' | 'published' | 'replaced';
  /** While it waits: each file, live now and as submitted (null: no such file), and whether it changed since it was submitted. */
  changes: { file: string; live: string | null; submitted: string | null; moved: boolean }[] | null;
  decided: { at: string; by: string; note: string | null } | null;
}

/** The template of a new page that is "An empty scheme page" rather than a copy of a page of the site. */
export const BLANK_TEMPLATE = 'blank';
