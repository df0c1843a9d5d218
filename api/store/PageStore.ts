import { DEPLOYED, type ChangeSet } from '../../src/shared/changeSet';
import type { Actor } from './Store';

export { DEPLOYED };

/** One publish of a content file: its bytes (null when the page was removed), who, when, why and in which commit. */
export interface PageRevision {
  revision: string;
  /** The commit it was published in, with the other files of the same change. */
  commit: string;
  at: string;
  by: Actor;
  note?: string;
  source: string | null;
  /**
   * SHA-256 of the deployed file (PAGES_DIR) when this was published, or null when the deploy
   * had no such file: a later deploy that changed the file is told apart from one that did not.
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

/** A draft thrown away: the file's newest revision now (its publish's, or DEPLOYED), and whether the store still knows the file. */
export interface DraftDiscarded {
  discarded: { head: string; forgotten: boolean };
}

/** The revision a change was written from is not the newest: nothing was written, and this is what is there now. */
export interface PageConflict {
  conflict: { file: string; revision: string; source: string | null; draft: boolean };
}

/** A change set as it is published: each file also records the deploy's version it was published over, and whether its draft stays. */
export interface PublishedChange extends ChangeSet {
  files: (ChangeSet['files'][number] & {
    deployedHash: string | null;
    /** Keep the file's draft: a rollback, or a file the change only brought into step (the site file's lists), leaves work in progress alone. */
    keepDraft: boolean;
  })[];
}

/** A change set written whole: its id, and each file's new revision in the change's order. */
export interface PageCommit {
  id: string;
  revisions: PageRevision[];
}

/** The latest commit before any: a store that has never published. */
export const NO_COMMIT = '0';

/**
 * The page editor's side of the store: drafts, and every publish kept as a revision. A change
 * set (several files: a page and its translations, the site file's lists) is written whole or
 * not at all, and each of its files must be based on that file's newest revision, so two
 * editors can never overwrite each other silently. Publishes are commits, numbered in the
 * order they were made: an instance follows the latest commit to know when to build again.
 */
export interface PageStore {
  /** Every file the editor has touched, without old revisions. */
  pageStates(): Promise<PageState[]>;
  pageState(file: string): Promise<PageState | undefined>;
  /** Saves each file's text as its draft, all or none. */
  saveDrafts(change: ChangeSet, by: Actor): Promise<{ drafts: PageDraft[] } | PageConflict>;
  /**
   * Throws the file's draft away when it is the newest revision (`basedOn`): the file is what is
   * live again, and one never published is forgotten. The text is never read, so a draft of any
   * size goes at the same cost.
   */
  discardDraft(file: string, basedOn: string): Promise<DraftDiscarded | PageConflict | { noDraft: true }>;
  /**
   * Publishes a change set as one commit, alone among every instance's commits: `plan` is given
   * the latest commit and returns the change (or why not), and no other commit is made until
   * this one is written or refused.
   */
  commit<R>(
    by: Actor,
    plan: (latest: string) => Promise<{ change: PublishedChange } | { refused: R }>,
  ): Promise<{ commit: PageCommit } | PageConflict | { refused: R }>;
  /** The newest commit's id; NO_COMMIT before the first. */
  latestCommit(): Promise<string>;
  /** The files whose latest publish came in a commit after `commit`, as pageState gives them. */
  publishedSince(commit: string): Promise<PageState[]>;
  /** Every publish of the file, newest first. */
  pageRevisions(file: string): Promise<PageRevision[]>;
  pageRevision(file: string, revision: string): Promise<PageRevision | undefined>;
  /**
   * Writes a file's history as another store kept it (revision and commit numbers, times,
   * authors, its draft), for a move between stores; false when this store already has the
   * file. Numbers given out afterwards follow every number imported.
   */
  importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean>;
}

/** The conflict answer for a file whose newest revision is not `basedOn`; undefined when the change may go ahead. */
export function conflictOf(file: string, state: PageState | undefined, basedOn: string): PageConflict | undefined {
  const head = state?.head ?? DEPLOYED;
  if (head === basedOn) return undefined;
  const current = state?.draft ?? state?.published;
  return { conflict: { file, revision: head, source: current ? current.source : null, draft: state?.draft !== undefined } };
}

/** The first file of a change set that is not based on its newest revision, as a conflict. */
export function firstConflict(
  files: readonly { path: string; basedOn: string }[],
  stateOf: (file: string) => PageState | undefined,
): PageConflict | undefined {
  for (const file of files) {
    const conflict = conflictOf(file.path, stateOf(file.path), file.basedOn);
    if (conflict) return conflict;
  }
  return undefined;
}
