/**
 * One change to the site's content, as the page editor makes it: every file it writes (or, with
 * null, removes), each with the revision of that file it was made from, and a note for the
 * history. Saving drafts, publishing (with the drafts of other languages, the stamps of
 * translations and the list of pages not yet translated), adding, removing and rolling back
 * are all planned as one change set (src/content/planChange.ts), and a change set is written
 * whole or not at all. schemas/admin/changeSet.schema.json describes it.
 */
export interface ChangedFile {
  /** The file's path in the content folder: clcss.yaml, mr/clcss.yaml, _site.yaml. */
  path: string;
  /** Its new text, or null to remove it. */
  text: string | null;
  /** The revision of the file this text was made from ("0": the file as deployed). */
  basedOn: string;
}

export interface ChangeSet {
  files: ChangedFile[];
  note?: string;
}

/** The revision of a content file as the deploy brought it, before the page editor changed it. */
export const DEPLOYED = '0';

/** The change set's files by path. */
export const changesOf = (change: ChangeSet): Map<string, string | null> => new Map(change.files.map((file) => [file.path, file.text]));
