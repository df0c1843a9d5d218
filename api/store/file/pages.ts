import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import type { ChangeSet } from '../../../src/shared/changeSet';
import { isoNow, type Clock } from '../../clock';
import { DEPLOYED, firstConflict, NO_COMMIT } from '../PageStore';
import type {
  DraftDiscarded,
  PageCommit,
  PageConflict,
  PageDraft,
  PageRevision,
  PageState,
  PageStore,
  PublishedChange,
} from '../PageStore';
import type { Actor } from '../Store';
import { writeDurably } from './durableJsonFile';
import { openJsonFile } from './openJsonFile';
import { DIR_MODE } from './segmentedRecords';

type RevisionEntry = Omit<PageRevision, 'source'>;

interface FileEntry {
  head: string;
  /** The latest publish, with its bytes: what the site serves. */
  published?: PageRevision;
  draft?: PageDraft;
  /** Every publish, oldest first, without its bytes (each is its own file). */
  revisions: RevisionEntry[];
}

interface PagesData {
  /** The last revision number given out, to drafts and publishes alike. */
  last: number;
  /** The last commit's number. */
  commit: number;
  /** By path; a Map in memory (see `files`), so no path is ever read as a property of Object.prototype. */
  files: Record<string, FileEntry>;
}

const isPagesData = (data: unknown): data is PagesData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as PagesData).last === 'number' &&
  typeof (data as PagesData).files === 'object';

const stateOf = (file: string, entry: FileEntry): PageState =>
  structuredClone({
    file,
    head: entry.head,
    ...(entry.published && { published: entry.published }),
    ...(entry.draft && { draft: entry.draft }),
  });

/** A revision written before the commit numbers were kept belongs to commit 0. */
const commitOf = (revision: { commit?: string } | undefined) => revision?.commit ?? NO_COMMIT;

/**
 * The page editor's drafts and revisions in DATA_DIR: pages.json holds each file's draft and
 * latest publish (what the site is built from), and page-revisions/ one file per publish. A
 * commit writes its revisions' files first and then pages.json, renamed into place whole
 * (durableJsonFile), so a crash leaves either every file of the change or none of them: an
 * unused revision file at worst, never a name without its bytes.
 */
export class FilePages implements PageStore {
  /** The files by path, as pages.json holds them (`db.data.files` is rebuilt from this before each write). */
  private readonly files: Map<string, FileEntry>;
  /** Commits are made one at a time, each planned against the one before. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: Low<PagesData>,
    private readonly dir: string,
    private readonly clock: Clock,
  ) {
    this.files = new Map(Object.entries(db.data.files));
    db.data.commit ??= 0;
  }

  static async open(dataDir: string, clock: Clock): Promise<FilePages> {
    const dir = path.join(dataDir, 'page-revisions');
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    const empty: PagesData = { last: 0, commit: 0, files: {} };
    return new FilePages(await openJsonFile<PagesData>(path.join(dataDir, 'pages.json'), empty, isPagesData), dir, clock);
  }

  private nextRevision(): string {
    this.db.data.last += 1;
    return String(this.db.data.last);
  }

  /**
   * Runs `change` on the entries of `touched` and writes pages.json; when anything fails, those
   * entries and the numbers are put back as the file still has them.
   */
  private async writing<T>(touched: readonly string[], change: () => Promise<T>): Promise<T> {
    const before = new Map(touched.map((file) => [file, structuredClone(this.files.get(file))]));
    const numbers = { last: this.db.data.last, commit: this.db.data.commit };
    try {
      const result = await change();
      this.db.data.files = Object.fromEntries(this.files);
      await this.db.write();
      return result;
    } catch (error) {
      for (const [file, entry] of before) {
        if (entry) this.files.set(file, entry);
        else this.files.delete(file);
      }
      Object.assign(this.db.data, numbers, { files: Object.fromEntries(this.files) });
      throw error;
    }
  }

  pageStates(): Promise<PageState[]> {
    return Promise.resolve([...this.files].map(([file, entry]) => stateOf(file, entry)));
  }

  pageState(file: string): Promise<PageState | undefined> {
    const entry = this.files.get(file);
    return Promise.resolve(entry && stateOf(file, entry));
  }

  private stateNow = (file: string) => {
    const entry = this.files.get(file);
    return entry && stateOf(file, entry);
  };

  saveDrafts(change: ChangeSet, by: Actor): Promise<{ drafts: PageDraft[] } | PageConflict> {
    return this.alone(async () => {
      const conflict = firstConflict(change.files, this.stateNow);
      if (conflict) return conflict;
      const at = isoNow(this.clock);
      const drafts = await this.writing(
        change.files.map((file) => file.path),
        () =>
          Promise.resolve(
            change.files.map(({ path: file, text, basedOn }) => {
              const draft: PageDraft = { source: text ?? '', revision: this.nextRevision(), basedOn, at, by };
              const entry = this.files.get(file) ?? { head: draft.revision, revisions: [] };
              entry.head = draft.revision;
              entry.draft = draft;
              this.files.set(file, entry);
              return structuredClone(draft);
            }),
          ),
      );
      return { drafts };
    });
  }

  discardDraft(file: string, basedOn: string): Promise<DraftDiscarded | PageConflict | { noDraft: true }> {
    return this.alone(async () => {
      const conflict = firstConflict([{ path: file, basedOn }], this.stateNow);
      if (conflict) return conflict;
      const entry = this.files.get(file);
      if (!entry?.draft) return { noDraft: true as const };
      const head = entry.published?.revision ?? DEPLOYED;
      const forgotten = !entry.published;
      await this.writing([file], () => {
        if (forgotten) this.files.delete(file);
        else {
          delete entry.draft;
          entry.head = head;
        }
        return Promise.resolve();
      });
      return { discarded: { head, forgotten } };
    });
  }

  commit<R>(
    by: Actor,
    plan: (latest: string) => Promise<{ change: PublishedChange } | { refused: R }>,
  ): Promise<{ commit: PageCommit } | PageConflict | { refused: R }> {
    return this.alone(async () => {
      const planned = await plan(String(this.db.data.commit));
      if ('refused' in planned) return planned;
      const { change } = planned;
      const conflict = firstConflict(change.files, this.stateNow);
      if (conflict) return conflict;
      const commit = await this.writing(
        change.files.map((file) => file.path),
        async () => {
          const commit = String((this.db.data.commit += 1));
          const at = isoNow(this.clock);
          const published: PageRevision[] = change.files.map(({ text, deployedHash }) => ({
            revision: this.nextRevision(),
            commit,
            at,
            by,
            ...(change.note && { note: change.note }),
            source: text,
            deployedHash,
          }));
          // Each revision's own file first: a crash before pages.json is written leaves unused files, and no publish.
          for (const revision of published) await writeDurably(this.revisionFile(revision.revision), JSON.stringify(revision));
          change.files.forEach(({ path: file, keepDraft }, index) => {
            const revision = published[index]!;
            const entry = this.files.get(file) ?? { head: revision.revision, revisions: [] };
            entry.head = revision.revision;
            entry.published = revision;
            if (!keepDraft) delete entry.draft;
            const { source: _source, ...listed } = revision;
            entry.revisions.push(listed);
            this.files.set(file, entry);
          });
          return { id: commit, revisions: published };
        },
      );
      return { commit: structuredClone(commit) };
    });
  }

  latestCommit(): Promise<string> {
    return Promise.resolve(String(this.db.data.commit));
  }

  publishedSince(commit: string): Promise<PageState[]> {
    const after = Number(commit);
    return Promise.resolve(
      [...this.files]
        .filter(([, entry]) => entry.published && Number(commitOf(entry.published)) > after)
        .map(([file, entry]) => stateOf(file, entry)),
    );
  }

  pageRevisions(file: string): Promise<PageRevision[]> {
    const entry = this.files.get(file);
    if (!entry) return Promise.resolve([]);
    return Promise.all(entry.revisions.toReversed().map((listed) => this.readRevision(listed.revision)));
  }

  pageRevision(file: string, revision: string): Promise<PageRevision | undefined> {
    const listed = this.files.get(file)?.revisions.some((entry) => entry.revision === revision);
    return listed ? this.readRevision(revision) : Promise.resolve(undefined);
  }

  importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean> {
    return this.alone(async () => {
      if (this.files.has(state.file)) return false;
      const oldestFirst = [...revisions].sort((a, b) => Number(a.revision) - Number(b.revision));
      await this.writing([state.file], async () => {
        // Each revision's own file first, as a publish writes them: pages.json names none that is missing.
        for (const revision of oldestFirst) await writeDurably(this.revisionFile(revision.revision), JSON.stringify(revision));
        this.files.set(state.file, {
          head: state.head,
          ...(state.published && { published: structuredClone(state.published) }),
          ...(state.draft && { draft: structuredClone(state.draft) }),
          revisions: oldestFirst.map(({ source: _source, ...listed }) => listed),
        });
        this.db.data.last = Math.max(this.db.data.last, Number(state.head), ...oldestFirst.map((revision) => Number(revision.revision)));
        this.db.data.commit = Math.max(this.db.data.commit, ...oldestFirst.map((revision) => Number(commitOf(revision))));
      });
      return true;
    });
  }

  private revisionFile(revision: string): string {
    return path.join(this.dir, `${revision}.json`);
  }

  private async readRevision(revision: string): Promise<PageRevision> {
    const stored = JSON.parse(await readFile(this.revisionFile(revision), 'utf8')) as PageRevision;
    return { ...stored, commit: commitOf(stored) };
  }

  /** One change at a time: each is planned and checked against the store as the one before it left it. */
  private alone<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
