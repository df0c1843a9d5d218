import type { ChangeSet } from '../../src/shared/changeSet';
import type { Actor } from './Store';

/**
 * waiting: an owner has not decided yet; returned: an owner sent it back with a note;
 * published: an owner published it; replaced: the editor submitted a newer change of its files.
 */
export type SubmissionStatus = 'waiting' | 'returned' | 'published' | 'replaced';

/**
 * An editor's change that an owner approves before visitors see it (src/content/reviewRule.ts):
 * the change set exactly as it was planned and checked, to be committed as it is.
 */
export interface Submission {
  id: string;
  /** The file the editor published, whose editor screen shows the submission. */
  file: string;
  /** Every file of the change, in its order. */
  files: string[];
  note?: string;
  at: string;
  by: Actor;
  status: SubmissionStatus;
  /**
   * While waiting: every file with its text and the revision it is based on, and the note.
   * Once decided, the texts go (the published ones are in the files' history; a returned
   * one is still the editor's draft), so what the store keeps grows with what waits.
   */
  change?: ChangeSet;
  /** The files whose drafts the publish ends: the file and the drafts published with it. */
  drafts: string[];
  /** Who sent it back or published it, when, and the note sent back. */
  decided?: { at: string; by: Actor; note?: string };
}

export interface NewSubmission {
  file: string;
  change: ChangeSet;
  drafts: string[];
  by: Actor;
}

export interface Decision {
  status: 'returned' | 'published';
  by: Actor;
  note?: string;
}

/** Submissions for an owner's review, on either store. */
export interface SubmissionStore {
  /** Keeps a submission; in the same write, a waiting one that shares a file with it is replaced (the newer draft holds the older). */
  submit(submission: NewSubmission): Promise<Submission>;
  /** Marks the waiting submissions naming any of `files` as replaced (an owner published those files directly); how many. */
  replaceWaiting(files: readonly string[]): Promise<number>;
  /** Every waiting submission, oldest first, with its change. */
  waitingSubmissions(): Promise<Submission[]>;
  submission(id: string): Promise<Submission | undefined>;
  /** The newest submission with `file` among its files, whatever its status. */
  latestSubmission(file: string): Promise<Submission | undefined>;
  /** Records an owner's decision on a waiting submission; undefined when there is none waiting with that id. */
  decideSubmission(id: string, decision: Decision): Promise<Submission | undefined>;
  /** Every submission, oldest first: for a move between stores. */
  allSubmissions(): Promise<Submission[]>;
  /** Keeps a submission as another store kept it, with its id; false when this store has that id already. */
  importSubmission(submission: Submission): Promise<boolean>;
}
