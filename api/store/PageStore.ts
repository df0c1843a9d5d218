import type { Actor } from './Store';

/**
 * The revision of a content file as the deploy brought it, before the page editor changed it:
 * every file starts here, so an editor's first save is based on "0".
 */
export const DEPLOYED = '0';

/** One publish of a content file: its bytes (null when the page was removed), who, when and why. */
export interface PageRevision {
  revision: string;
  at: string;
  by: Actor;
  note?: string;
  source: string | null;
  /**
   * SHA-256 of the deployed file (pages-data on disk) when this was published, or null when the
   * deploy had no such file: a later deploy that changed the file is told apart from one that did not.
   */
  deployedHash: string | null;
}

/** An unpublished change, saved as the editor types. */
export interface PageDraft {
  source: string;
  revision: string;
  /** The revision this draft was written from. */
  basedOn: string;
  at: string;
  by: Actor;
}

/** What the store holds of one content file: its latest publish and its draft, either may be absent. */
export interface PageState {
  file: string;
  /** The newest revision of the file, draft or publish: a save or publish must be based on it. */
  head: string;
  published?: PageRevision;
  draft?: PageDraft;
}

/** The revision a change was written from is not the newest: nothing was written, and this is what is there now. */
export interface PageConflict {
  conflict: { revision: string; source: string | null; draft: boolean };
}

export interface NewPublish {
  source: string | null;
  basedOn: string;
  note?: string;
  deployedHash: string | null;
  /** Keep the draft (a rollback publishes an old revision and leaves work in progress alone). */
  keepDraft?: boolean;
}

/**
 * The page editor's side of the store: drafts, and every publish kept as a revision. Saves and
 * publishes compare the revision they were based on with the file's newest in the same step
 * as they write, so two editors can never overwrite each other silently.
 */
export interface PageStore {
  /** Every file the editor has touched, without old revisions. */
  pageStates(): Promise<PageState[]>;
  pageState(file: string): Promise<PageState | undefined>;
  saveDraft(file: string, draft: { source: string; basedOn: string }, by: Actor): Promise<{ draft: PageDraft } | PageConflict>;
  /** Publishes a new revision, and (unless `keepDraft`) removes the draft, in one write. */
  publishPage(file: string, publish: NewPublish, by: Actor): Promise<{ published: PageRevision } | PageConflict>;
  /** Every publish of the file, newest first. */
  pageRevisions(file: string): Promise<PageRevision[]>;
  pageRevision(file: string, revision: string): Promise<PageRevision | undefined>;
  /**
   * The sum of every file's published revision number: it grows with each publish, so an
   * instance that built its site from other revisions knows to build again.
   */
  publishedMark(): Promise<string>;
  /**
   * Writes a file's history as another store kept it (revision numbers, times, authors, its
   * draft), for a move between stores; false when this store already has the file. Revision
   * numbers given out afterwards follow every number imported.
   */
  importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean>;
}

/** The conflict answer for a file whose newest revision is not `basedOn`; undefined when the change may go ahead. */
export function conflictOf(state: PageState | undefined, basedOn: string): PageConflict | undefined {
  const head = state?.head ?? DEPLOYED;
  if (head === basedOn) return undefined;
  const current = state?.draft ?? state?.published;
  return { conflict: { revision: head, source: current ? current.source : null, draft: state?.draft !== undefined } };
}
