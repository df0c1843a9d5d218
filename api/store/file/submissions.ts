import path from 'node:path';
import type { Low } from 'lowdb';
import { isoNow, type Clock } from '../../clock';
import type { Decision, NewSubmission, Submission, SubmissionStore } from '../SubmissionStore';
import { openJsonFile } from './openJsonFile';

interface SubmissionsData {
  /** The last id given out. */
  last: number;
  /** Oldest first. */
  items: Submission[];
}

const isSubmissionsData = (data: unknown): data is SubmissionsData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as SubmissionsData).last === 'number' &&
  Array.isArray((data as SubmissionsData).items);

/**
 * Submissions for an owner's review in DATA_DIR/submissions.json, written whole and durably.
 * Only waiting submissions keep their texts, so the file stays small whatever the history.
 */
export class FileSubmissions implements SubmissionStore {
  /** The newest submission naming each file. */
  private readonly latest = new Map<string, Submission>();
  /** Changes are written one at a time, each over what the one before left. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Low<SubmissionsData>,
    private readonly clock: Clock,
  ) {
    for (const item of db.data.items) this.indexed(item);
  }

  static async open(dataDir: string, clock: Clock): Promise<FileSubmissions> {
    const empty: SubmissionsData = { last: 0, items: [] };
    return new FileSubmissions(await openJsonFile(path.join(dataDir, 'submissions.json'), empty, isSubmissionsData), clock);
  }

  private indexed(item: Submission): void {
    for (const file of item.files) {
      const known = this.latest.get(file);
      if (!known || Number(known.id) < Number(item.id)) this.latest.set(file, item);
    }
  }

  /**
   * Changes items in memory and writes the file, one change at a time; `change` may decide to
   * write nothing (undefined). When the write fails, memory goes back to what the file says.
   */
  private writing<T>(change: () => T): Promise<T> {
    const work = async () => {
      const before = structuredClone(this.db.data);
      try {
        const result = change();
        if (result !== undefined) await this.db.write();
        return result;
      } catch (error) {
        this.db.data = before;
        this.latest.clear();
        for (const item of before.items) this.indexed(item);
        throw error;
      }
    };
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  submit({ file, change, drafts, by }: NewSubmission): Promise<Submission> {
    return this.writing(() => {
      const files = change.files.map((changed) => changed.path);
      this.replace(files);
      this.db.data.last += 1;
      const item: Submission = {
        id: String(this.db.data.last),
        file,
        files,
        ...(change.note && { note: change.note }),
        at: isoNow(this.clock),
        by,
        status: 'waiting',
        change: structuredClone(change),
        drafts: [...drafts],
      };
      this.db.data.items.push(item);
      this.indexed(item);
      return structuredClone(item);
    });
  }

  async replaceWaiting(files: readonly string[]): Promise<number> {
    return (await this.writing(() => this.replace(files) || undefined)) ?? 0;
  }

  /** Marks the waiting submissions naming any of `files` as replaced, in memory; how many. */
  private replace(files: readonly string[]): number {
    let replaced = 0;
    for (const item of this.db.data.items)
      if (item.status === 'waiting' && item.files.some((other) => files.includes(other))) {
        item.status = 'replaced';
        delete item.change;
        replaced += 1;
      }
    return replaced;
  }

  waitingSubmissions(): Promise<Submission[]> {
    return Promise.resolve(structuredClone(this.db.data.items.filter((item) => item.status === 'waiting')));
  }

  submission(id: string): Promise<Submission | undefined> {
    return Promise.resolve(structuredClone(this.find(id)));
  }

  latestSubmission(file: string): Promise<Submission | undefined> {
    return Promise.resolve(structuredClone(this.latest.get(file)));
  }

  decideSubmission(id: string, { status, by, note }: Decision): Promise<Submission | undefined> {
    return this.writing(() => {
      const item = this.find(id);
      if (item?.status !== 'waiting') return undefined;
      item.status = status;
      delete item.change;
      item.decided = { at: isoNow(this.clock), by, ...(note && { note }) };
      return structuredClone(item);
    });
  }

  allSubmissions(): Promise<Submission[]> {
    return Promise.resolve(structuredClone(this.db.data.items));
  }

  async importSubmission(submission: Submission): Promise<boolean> {
    const imported = await this.writing(() => {
      if (this.find(submission.id)) return undefined;
      const item = structuredClone(submission);
      this.db.data.items.push(item);
      this.db.data.items.sort((a, b) => Number(a.id) - Number(b.id));
      this.db.data.last = Math.max(this.db.data.last, Number(item.id));
      this.indexed(item);
      return true;
    });
    return imported ?? false;
  }

  /** Resolves once every change asked for is written. */
  flush(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private find(id: string): Submission | undefined {
    return this.db.data.items.find((item) => item.id === id);
  }
}
